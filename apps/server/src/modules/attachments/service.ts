// The attachments module owns uploaded files: it receives them (every check of spec 000 section 5 plus a look at
// the content), stores them once per content, answers who may see them, serves them singly or as one zip, and
// deletes them softly. Business modules own the records files belong to; they tell this module when a draft's
// files move to the saved record (bindDraft), when a record is submitted (lockRecord), and who else may see a
// record's files (registerRecordVisibility).
import { Readable } from 'node:stream';
import {
  checkUpload,
  fileExtension,
  formatMessage,
  IDENTITY,
  labelName,
  MSG,
  PREVIEW_TYPES,
  UPLOAD_MAX_MB,
  type AttachmentItem,
  type UploadResult,
  type UploadType,
} from '@cqjy/domain';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, refused } from '../../platform/errors.ts';
import {
  SizeLimitError,
  SourceStreamError,
  type StagedFile,
  type Storage,
  type StoredObject,
} from '../../platform/storage.ts';
import type { AuditService } from '../audit/service.ts';
import { drain, malformedUpload } from '../../platform/multipart.ts';
import { inspectUpload } from './inspect.ts';
import * as repo from './repo.ts';

const BYTES_PER_MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * BYTES_PER_MB;

/**
 * Bytes no row refers to are removed once they are older than this. Bytes are stored before their row is
 * written (the transaction must not wait on object storage), so younger ones may belong to an upload still under
 * way; and content stored again is made new again (the storage's REUSE_REFRESH_MS, far shorter), so reused bytes
 * are never taken for old.
 */
export const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;
const UNREFERENCED_BATCH = 1000;

/** What a purge removed: stored objects and temp files. */
export type FilesPurgeReport = { storedObjects: number; tempFiles: number };

/** Who is asking; what the visibility rule needs. */
export type Viewer = Pick<SessionContext, 'userId' | 'operatorId' | 'companyId' | 'identityType'>;
export type Actor = Viewer & RequestOrigin;

export type RecordRef = { dataClass: string; dataId: string };

/** A module's answer to "may this viewer see this record (and so its files)?". */
/** `tag` is the slot of the file asked about: a module may show a reader one kind of its record's files only. */
export type RecordVisibilityRule = (viewer: Viewer, record: RecordRef, tag: string) => Promise<boolean>;

/** A file as it arrived: either staged (complete and checked) or refused with the message to show. */
export type ReceivedFile =
  | { fileName: string; isAccepted: true; staged: StagedFile; contentType: string; ext: UploadType }
  | { fileName: string; isAccepted: false; message: string };

export type UploadFields = {
  tag: string;
  /** replace the company's earlier files under the same tag of the same record */
  isReplacing: boolean;
  dataClass?: string | undefined;
  dataId?: string | undefined;
  /** the client's id of a record not saved yet; its files are bound to the record later (bindDraft) */
  createId?: string | undefined;
};

/** A file the server made itself (a generated letter), bound to a record and locked from the start. */
/** A PDF the server drew, as recordPdf files it. */
export type GeneratedFile = {
  stored: StoredObject;
  fileName: string;
  tag: string;
  record: RecordRef;
  companyId: number;
  createdBy: number | null;
};

export type ZipDownload = { fileName: string; stream: NodeJS.ReadableStream };
export type FileDownload = { item: AttachmentItem; stream: Readable; isInline: boolean };

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;

const DEFAULT_ZIP_NAME = `${MSG.attachmentZipName}.zip`;
/** Already compressed formats are stored in the zip as they are; deflating them again costs CPU for nothing. */
const COMPRESSED_TYPES: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'zip', 'rar', 'docx', 'xlsx']);

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
 * An upload whose body could not be read to its end (cut short, without its boundary, a malformed part): the
 * client's fault, answered HTTP 400, never 500.
 */
/** Names inside one zip must differ: the second 合同.pdf becomes 合同(1).pdf. */
export function dedupeNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const ext = fileExtension(name);
    const base = ext === '' ? name : name.slice(0, -(ext.length + 1));
    for (let n = 1; used.has(candidate.toLowerCase()); n += 1) {
      candidate = ext === '' ? `${base}(${n})` : `${base}(${n}).${ext}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The zip's own name: no path, no control characters, at most 100 characters, ending in .zip. */
export function normalizeZipName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '')
    .trim()
    .slice(0, 100);
  if (cleaned === '' || cleaned === '.zip') return DEFAULT_ZIP_NAME;
  return cleaned.toLowerCase().endsWith('.zip') ? cleaned : `${cleaned}.zip`;
}

export function createAttachmentsService(deps: {
  db: Db;
  storage: Storage;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, storage, audit, clock } = deps;
  const recordRules = new Map<string, RecordVisibilityRule>();
  const writeRules = new Map<string, RecordVisibilityRule>();

  /**
   * The one visibility rule: the uploading company, the exchange's administrators, and whoever the owning
   * record's module lets see that record.
   */
  async function isVisibleTo(viewer: Viewer, row: repo.AttachmentRow): Promise<boolean> {
    if (row.companyId === viewer.companyId) return true;
    if (viewer.identityType === IDENTITY.admin) return true;
    const rule = row.dataClass === null ? undefined : recordRules.get(row.dataClass);
    if (rule === undefined || row.dataClass === null || row.dataId === null) return false;
    return rule(viewer, { dataClass: row.dataClass, dataId: row.dataId }, row.tag);
  }

  function registerRecordVisibility(dataClass: string, rule: RecordVisibilityRule): void {
    recordRules.set(dataClass, rule);
  }

  /**
   * Who may add files to an existing record of `dataClass` (an upload naming its dataId). Without a rule anyone
   * signed in may, and the visibility rule alone keeps foreign files apart; with one, a caller it refuses gets
   * 404 and nothing is stored, so nobody can slip a file into another company's record.
   */
  function registerRecordWriteRule(dataClass: string, rule: RecordVisibilityRule): void {
    writeRules.set(dataClass, rule);
  }

  async function findVisible(viewer: Viewer, id: string): Promise<repo.AttachmentRow> {
    const row = await repo.findLive(db, id);
    if (row === undefined || !(await isVisibleTo(viewer, row))) throw notFound();
    return row;
  }

  /**
   * Takes the file part of an upload: the name and type rules first (nothing is written for a refused name),
   * then the bytes into a temp file with the size rules, then the content. A refused file leaves no temp file.
   * `isTruncated` tells whether the multipart parser cut the file at its own limit.
   */
  async function receive(
    stream: Readable,
    fileName: string,
    isTruncated: () => boolean,
  ): Promise<ReceivedFile> {
    const refusal = (message: string): ReceivedFile => ({ fileName, isAccepted: false, message });
    const nameMessage = checkUpload({ name: fileName, size: 1 });
    if (nameMessage !== null) {
      await drain(stream);
      return refusal(nameMessage);
    }
    let staged: StagedFile;
    try {
      staged = await storage.stage(stream, { maxBytes: UPLOAD_MAX_BYTES });
    } catch (error) {
      if (error instanceof SizeLimitError) {
        return refusal(formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }));
      }
      if (error instanceof SourceStreamError) throw malformedUpload();
      throw error;
    }
    try {
      const sizeMessage = isTruncated()
        ? formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB })
        : checkUpload({ name: fileName, size: staged.size });
      if (sizeMessage !== null) {
        await staged.discard();
        return refusal(sizeMessage);
      }
      const ext = fileExtension(fileName) as UploadType;
      const inspection = await inspectUpload(staged.path, ext);
      if (!inspection.isAccepted) {
        await staged.discard();
        return refusal(inspection.message);
      }
      return { fileName, isAccepted: true, staged, contentType: inspection.contentType, ext };
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

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
  async function upload(actor: Actor, file: ReceivedFile, fields: UploadFields): Promise<UploadResult> {
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

  async function openDownload(viewer: Viewer, id: string, isInline: boolean): Promise<FileDownload> {
    const row = await findVisible(viewer, id);
    if (isInline && !(PREVIEW_TYPES as readonly string[]).includes(row.ext)) {
      throw refused(MSG.previewNotSupported);
    }
    return { item: toItem(row), stream: await storage.get(row.storageKey), isInline };
  }

  /** Soft delete by the uploading company; a locked file is refused, another company's file is not found. */
  async function remove(actor: Actor, id: string): Promise<void> {
    const row = await findVisible(actor, id);
    if (row.companyId !== actor.companyId || row.isLocked) throw refused(MSG.uploadNotDeletable);
    await db.transaction(async (tx) => {
      const count = await repo.markDeleted(tx, [row.id], clock.now());
      // Locked or deleted since it was read.
      if (count === 0) throw refused(MSG.uploadNotDeletable);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'attachment.delete',
        result: 'ok',
        target: row.id,
        detail: { fileName: row.fileName, dataClass: row.dataClass, dataId: row.dataId },
      });
    });
  }

  /** The record's files the viewer may see, oldest first. */
  async function listRelated(viewer: Viewer, record: RecordRef): Promise<AttachmentItem[]> {
    const rows = await repo.listLiveByRecord(db, record);
    const visible: AttachmentItem[] = [];
    for (const row of rows) {
      if (await isVisibleTo(viewer, row)) visible.push(toItem(row));
    }
    return visible;
  }

  /**
   * Several files as one zip, streamed as it is built: each file is opened only when the zip reaches it.
   * Every id must be visible, or nothing is answered.
   */
  async function openZip(
    viewer: Viewer,
    ids: readonly string[],
    name: string | undefined,
  ): Promise<ZipDownload> {
    const unique = [...new Set(ids)];
    const rows = await repo.listLiveByIds(db, unique);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered: repo.AttachmentRow[] = [];
    for (const id of unique) {
      const row = byId.get(id);
      if (row === undefined || !(await isVisibleTo(viewer, row))) throw notFound();
      ordered.push(row);
    }
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
    // A file that cannot be read ends the answer with an error instead of an unhandled 'error' event: the
    // client sees a broken download, the process stays up.
    const fail = (error: unknown): void => {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    zip.on('error', fail);
    const names = dedupeNames(ordered.map((row) => row.fileName));
    ordered.forEach((row, i) => {
      zip.addReadStreamLazy(
        names[i] ?? row.fileName,
        { size: row.size, mtime: row.createdAt, compress: !COMPRESSED_TYPES.has(row.ext) },
        (callback) => {
          storage.get(row.storageKey).then(
            (stream) => {
              stream.once('error', fail);
              callback(null, stream);
            },
            (error: unknown) => {
              fail(error);
            },
          );
        },
      );
    });
    zip.end();
    return { fileName: normalizeZipName(name), stream: zip.outputStream };
  }

  /** A saved record adopts the files uploaded under its draft id. Call inside the record's save transaction. */
  async function bindDraft(
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
  async function discardRecord(tx: Db, record: RecordRef): Promise<number> {
    return repo.markRecordDeleted(tx, record, clock.now());
  }

  /** The files of a record one company uploaded under `tag` (what it submits among others' files of the record). */
  async function listUploadedBy(
    record: RecordRef,
    companyId: number,
    tag: string,
  ): Promise<AttachmentItem[]> {
    const rows = await repo.listLiveByRecord(db, record);
    return rows.filter((row) => row.companyId === companyId && row.tag === tag).map(toItem);
  }

  /** Submitted files can no longer be deleted. Call inside the submit transaction. */
  async function lockFiles(tx: Db, ids: readonly string[]): Promise<number> {
    return repo.lockFiles(tx, ids);
  }

  /** A submitted record's files can no longer be deleted. Call inside the submit transaction. */
  async function lockRecord(tx: Db, record: RecordRef): Promise<number> {
    return repo.lockRecord(tx, record);
  }

  /**
   * Removes stored bytes that no row refers to (a deleted file's row still does) and that are older than
   * UNREFERENCED_GRACE_MS, and the temp files of uploads that stopped as long ago. Each object is checked again
   * just before it goes, so content an upload reused meanwhile stays.
   */
  async function purgeUnreferenced(): Promise<FilesPurgeReport> {
    const before = new Date(clock.now().getTime() - UNREFERENCED_GRACE_MS);
    let storedObjects = 0;
    let candidates: string[] = [];
    const removeUnreferenced = async (): Promise<void> => {
      const referenced = await repo.listReferencedKeys(db, candidates);
      for (const key of candidates) {
        if (!referenced.has(key) && (await storage.deleteIfOlder(key, before))) storedObjects += 1;
      }
      candidates = [];
    };
    for await (const object of storage.list()) {
      if (object.modifiedAt.getTime() >= before.getTime()) continue;
      candidates.push(object.key);
      if (candidates.length >= UNREFERENCED_BATCH) await removeUnreferenced();
    }
    await removeUnreferenced();
    const tempFiles = await storage.removeStaleTemp(before);
    return { storedObjects, tempFiles };
  }

  /**
   * Records a PDF the server drew (a letter, a signed letter, a result) as a locked file of a record, in the
   * caller's transaction (which audits it).
   */
  async function recordPdf(tx: Db, file: GeneratedFile): Promise<AttachmentItem> {
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

  return {
    isVisibleTo,
    registerRecordVisibility,
    registerRecordWriteRule,
    receive,
    upload,
    openDownload,
    remove,
    listRelated,
    openZip,
    bindDraft,
    discardRecord,
    lockRecord,
    listUploadedBy,
    lockFiles,
    purgeUnreferenced,
    /** Stores bytes the server made (outside any transaction: it must not wait on object storage). */
    putBytes: (bytes: Uint8Array): Promise<StoredObject> =>
      storage.put(Readable.from([Buffer.from(bytes)]), { maxBytes: UPLOAD_MAX_BYTES }),
    recordPdf,
  };
}
