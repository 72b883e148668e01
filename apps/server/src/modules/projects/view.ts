// How a project is answered, shared by the use cases: its summary, a list's row, its files by tag.
import {
  familyLabel,
  PROJECT_STATUS_LABELS,
  type AttachmentItem,
  type ProjectListRow,
  type ProjectSummary,
} from '@cqjy/domain';
import type { Viewer } from '../attachments/service.ts';
import type { ProjectRow, ProjectsDeps } from './deps.ts';
import type { ProjectListItem } from './repo-lists.ts';

export function toSummary(row: Pick<ProjectRow, 'id' | 'name' | 'code' | 'status'>): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    status: row.status,
    statusLabel: PROJECT_STATUS_LABELS[row.status],
  };
}

export function toListRow(row: ProjectListItem, viewer: Pick<Viewer, 'companyId'>): ProjectListRow {
  return {
    ...toSummary(row),
    family: row.family,
    familyLabel: familyLabel(row.family),
    listingPrice: row.listingPrice,
    disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
    companyName: row.companyName,
    updatedAt: row.updatedAt.toISOString(),
    isOwn: row.companyId === viewer.companyId,
  };
}

export function groupByTag(files: readonly AttachmentItem[]): Record<string, AttachmentItem[]> {
  const byTag: Record<string, AttachmentItem[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  return byTag;
}

export function countByTag(files: readonly AttachmentItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of files) counts[file.tag] = (counts[file.tag] ?? 0) + 1;
  return counts;
}

export async function companyName(deps: Pick<ProjectsDeps, 'users'>, companyId: number): Promise<string> {
  return (await deps.users.findCompany(companyId))?.name ?? '';
}
