import { FAMILY_TITLES, PLAN_STATUS, PLAN_STATUS_LABELS, type PlanListRow } from '@cqjy/domain';
import type { Viewer } from '../attachments/service.ts';
import type * as repo from './repo.ts';

/** A plan as the list reads it: a plan turned into a project is 已转项目, with the project's link. */
export function toListRow(item: repo.PlanItem, viewer: Pick<Viewer, 'companyId'>): PlanListRow {
  const isConverted = item.projectId !== null;
  const status = isConverted ? PLAN_STATUS.converted : PLAN_STATUS.planned;
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    family: item.family,
    familyLabel: FAMILY_TITLES[item.family],
    listingPrice: item.form.listingPrice ?? null,
    plannedDate: item.form.plannedDate ?? null,
    status,
    statusLabel: PLAN_STATUS_LABELS[status],
    project:
      item.projectId !== null && item.projectCode !== null
        ? { id: item.projectId, code: item.projectCode }
        : null,
    companyName: item.companyName,
    updatedAt: item.updatedAt.toISOString(),
    version: item.version,
    isOwn: item.companyId === viewer.companyId,
  };
}
