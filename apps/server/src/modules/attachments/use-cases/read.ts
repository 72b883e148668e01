import { MSG, PREVIEW_TYPES, type AttachmentItem } from '@cqjy/domain';
import { refused } from '../../../platform/errors.ts';
import { findVisible, isVisibleTo, toItem } from '../access.ts';
import type { AttachmentsDeps, FileDownload, RecordRef, Viewer } from '../deps.ts';
import * as repo from '../repo.ts';

export async function openDownload(
  deps: AttachmentsDeps,
  viewer: Viewer,
  id: string,
  isInline: boolean,
): Promise<FileDownload> {
  const row = await findVisible(deps, viewer, id);
  if (isInline && !(PREVIEW_TYPES as readonly string[]).includes(row.ext)) {
    throw refused(MSG.previewNotSupported);
  }
  return { item: toItem(row), stream: await deps.storage.get(row.storageKey), isInline };
}

/** The record's files the viewer may see, oldest first. */
export async function listRelated(
  deps: AttachmentsDeps,
  viewer: Viewer,
  record: RecordRef,
): Promise<AttachmentItem[]> {
  const rows = await repo.listLiveByRecord(deps.db, record);
  const visible: AttachmentItem[] = [];
  for (const row of rows) {
    if (await isVisibleTo(deps, viewer, row)) visible.push(toItem(row));
  }
  return visible;
}

/** The files of a record one company uploaded under `tag` (what it submits among others' files of the record). */
export async function listUploadedBy(
  { db }: AttachmentsDeps,
  record: RecordRef,
  companyId: number,
  tag: string,
): Promise<AttachmentItem[]> {
  const rows = await repo.listLiveByRecord(db, record);
  return rows.filter((row) => row.companyId === companyId && row.tag === tag).map(toItem);
}
