import { MSG, type UploadResult } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import { toItem } from '../access.ts';
import type { Actor, AttachmentsDeps, ReceivedFile, RecordRef, UploadFields } from '../deps.ts';
import * as repo from '../repo.ts';

/** The files a replacing upload would delete; a locked one refuses the upload. */
async function listReplaced(
  tx: Db,
  actor: Actor,
  fields: UploadFields,
  record: RecordRef | undefined,
): Promise<repo.AttachmentRow[]> {
  if (!fields.isReplacing || record === undefined) return [];
  const rows = await repo.listLiveByTagForUpdate(tx, {
    companyId: actor.companyId,
    ...record,
    tag: fields.tag,
  });
  if (rows.some((row) => row.isLocked)) throw refused(MSG.uploadNotDeletable);
  return rows;
}

/** Stores an accepted file and records it; a refused one is audited and answered with its message. */
export async function upload(
  { db, audit, clock, writeRules }: AttachmentsDeps,
  actor: Actor,
  file: ReceivedFile,
  fields: UploadFields,
): Promise<UploadResult> {
  if (!file.isAccepted) {
    await audit.append(db, {
      ...toAuditActor(actor),
      action: 'attachment.upload',
      result: 'fail',
      target: null,
      detail: { fileName: file.fileName, reason: file.message },
    });
    throw refused(file.message);
  }
  const dataId = fields.dataId ?? fields.createId;
  const record: RecordRef | undefined =
    fields.dataClass === undefined || dataId === undefined
      ? undefined
      : { dataClass: fields.dataClass, dataId };
  const writeRule =
    record === undefined || fields.dataId === undefined ? undefined : writeRules.get(record.dataClass);
  if (record !== undefined && writeRule !== undefined && !(await writeRule(actor, record, fields.tag)))
    throw notFound();
  // Checked before the bytes are stored, so this refusal leaves nothing behind either; checked again under lock.
  await listReplaced(db, actor, fields, record);
  // Stored before the transaction, which must not wait on object storage. Should the transaction then fail,
  // the bytes stay unreferenced; being content-addressed, they are reused by the next equal upload.
  const stored = await file.staged.commit();
  const row = await db.transaction(async (tx) => {
    const replaced = await listReplaced(tx, actor, fields, record);
    const now = clock.now();
    const inserted = await repo.insertAttachment(tx, {
      storageKey: stored.key,
      size: stored.size,
      contentType: file.contentType,
      fileName: file.fileName,
      ext: file.ext,
      tag: fields.tag,
      dataClass: record?.dataClass ?? null,
      dataId: record?.dataId ?? null,
      companyId: actor.companyId,
      createdBy: actor.userId,
      createdAt: now,
    });
    await repo.markDeleted(
      tx,
      replaced.map((r) => r.id),
      now,
    );
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'attachment.upload',
      result: 'ok',
      target: inserted.id,
      detail: {
        fileName: inserted.fileName,
        size: inserted.size,
        sha256: stored.sha256,
        tag: inserted.tag,
        dataClass: inserted.dataClass,
        dataId: inserted.dataId,
        replaced: replaced.map((r) => r.id),
      },
    });
    return inserted;
  });
  return { [row.tag]: [toItem(row)] };
}
