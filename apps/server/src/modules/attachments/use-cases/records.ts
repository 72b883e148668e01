// What the modules owning the records call, in their own transactions: a draft's files bound to the saved record
// or discarded with it, submitted files locked, and the PDFs the server draws filed.
import { Readable } from 'node:stream';
import type { AttachmentItem } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { StoredObject } from '../../../platform/storage.ts';
import { toItem } from '../access.ts';
import { UPLOAD_MAX_BYTES, type AttachmentsDeps, type GeneratedFile, type RecordRef } from '../deps.ts';
import * as repo from '../repo.ts';

/** A saved record adopts the files uploaded under its draft id. Call inside the record's save transaction. */
export async function bindDraft(
  _deps: AttachmentsDeps,
  tx: Db,
  input: { companyId: number; dataClass: string; createId: string; dataId: string },
): Promise<number> {
  return repo.rebindRecord(tx, {
    companyId: input.companyId,
    dataClass: input.dataClass,
    fromId: input.createId,
    toId: input.dataId,
  });
}

/** A discarded draft's files go with it. Call inside the discarding transaction. */
export async function discardRecord({ clock }: AttachmentsDeps, tx: Db, record: RecordRef): Promise<number> {
  return repo.markRecordDeleted(tx, record, clock.now());
}

/** Submitted files can no longer be deleted. Call inside the submit transaction. */
export async function lockFiles(_deps: AttachmentsDeps, tx: Db, ids: readonly string[]): Promise<number> {
  return repo.lockFiles(tx, ids);
}

/** A submitted record's files can no longer be deleted. Call inside the submit transaction. */
export async function lockRecord(_deps: AttachmentsDeps, tx: Db, record: RecordRef): Promise<number> {
  return repo.lockRecord(tx, record);
}

/** Stores bytes the server made (outside any transaction: it must not wait on object storage). */
export async function putBytes({ storage }: AttachmentsDeps, bytes: Uint8Array): Promise<StoredObject> {
  return storage.put(Readable.from([Buffer.from(bytes)]), { maxBytes: UPLOAD_MAX_BYTES });
}

/**
 * Records a PDF the server drew (a letter, a signed letter, a result) as a locked file of a record, in the
 * caller's transaction (which audits it).
 */
export async function recordPdf(
  { clock }: AttachmentsDeps,
  tx: Db,
  file: GeneratedFile,
): Promise<AttachmentItem> {
  return toItem(
    await repo.insertAttachment(tx, {
      storageKey: file.stored.key,
      size: file.stored.size,
      contentType: 'application/pdf',
      fileName: file.fileName,
      ext: 'pdf',
      tag: file.tag,
      dataClass: file.record.dataClass,
      dataId: file.record.dataId,
      companyId: file.companyId,
      createdBy: file.createdBy,
      createdAt: clock.now(),
      isLocked: true,
    }),
  );
}
