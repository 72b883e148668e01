import { PLAN_STATUS, type PageResult, type PlanListRow, type PlanView } from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import { isExchange } from '../../projects/service.ts';
import { findVisible } from '../access.ts';
import type { PlanListQuery, PlansDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { toListRow } from '../view.ts';

/** The caller's company's plans (the exchange: every company's). */
export async function listPlans(
  deps: PlansDeps,
  viewer: Viewer,
  query: PlanListQuery,
): Promise<PageResult<PlanListRow>> {
  const page = await repo.listPlans(deps.db, {
    companyId: isExchange(viewer) ? undefined : viewer.companyId,
    keyword: query.keyword,
    isConverted: query.status === undefined ? undefined : query.status === PLAN_STATUS.converted,
    page: query.page,
    size: query.size,
  });
  return {
    total: page.total,
    isTotalCapped: page.isTotalCapped,
    list: page.list.map((item) => toListRow(item, viewer)),
  };
}

export async function showPlan(deps: PlansDeps, viewer: Viewer, id: number): Promise<PlanView> {
  const item = await findVisible(deps, viewer, id);
  return {
    ...toListRow(item, viewer),
    form: item.form,
    createdAt: item.createdAt.toISOString(),
  };
}
