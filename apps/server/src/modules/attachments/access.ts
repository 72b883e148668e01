// The one visibility rule of a file, and the answer of a row as the calls show it; shared by the use cases.
import { IDENTITY, labelName, type AttachmentItem } from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import type { AttachmentsDeps, Viewer } from './deps.ts';
import * as repo from './repo.ts';

export function toItem(row: repo.AttachmentRow): AttachmentItem {
  return {
    uuid: row.id,
    tag: row.tag,
    name: row.fileName,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    dateCreated: row.createdAt.toISOString(),
    labelName: labelName(row.fileName),
  };
}

/**
 * The one visibility rule: the uploading company, the exchange's administrators, and whoever the owning
 * record's module lets see that record.
 */
export async function isVisibleTo(
  { recordRules }: AttachmentsDeps,
  viewer: Viewer,
  row: repo.AttachmentRow,
): Promise<boolean> {
  if (row.companyId === viewer.companyId) return true;
  if (viewer.identityType === IDENTITY.admin) return true;
  const rule = row.dataClass === null ? undefined : recordRules.get(row.dataClass);
  if (rule === undefined || row.dataClass === null || row.dataId === null) return false;
  return rule(viewer, { dataClass: row.dataClass, dataId: row.dataId }, row.tag);
}

export async function findVisible(
  deps: AttachmentsDeps,
  viewer: Viewer,
  id: string,
): Promise<repo.AttachmentRow> {
  const row = await repo.findLive(deps.db, id);
  if (row === undefined || !(await isVisibleTo(deps, viewer, row))) throw notFound();
  return row;
}
