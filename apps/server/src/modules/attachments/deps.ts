// What the attachments module's use cases are given (service.ts wires them), the inputs their calls carry and
// what they answer.
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_MB, type AttachmentItem, type UploadType } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { StagedFile, Storage, StoredObject } from '../../platform/storage.ts';
import type { AuditService } from '../audit/service.ts';

const BYTES_PER_MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * BYTES_PER_MB;

/**
 * Bytes no row refers to are removed once they are older than this. Bytes are stored before their row is
 * written (the transaction must not wait on object storage), so younger ones may belong to an upload still under
 * way; and content stored again is made new again (the storage's REUSE_REFRESH_MS, far shorter), so reused bytes
 * are never taken for old.
 */
export const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;

/** What a purge removed: stored objects and temp files. */
export type FilesPurgeReport = { storedObjects: number; tempFiles: number };

/** Who is asking; what the visibility rule needs. */
export type Viewer = Pick<SessionContext, 'userId' | 'operatorId' | 'companyId' | 'identityType'>;
export type Actor = Viewer & RequestOrigin;

export type RecordRef = { dataClass: string; dataId: string };

/**
 * A module's answer to "may this viewer see this record (and so its files)?". `tag` is the slot of the file
 * asked about: a module may show a reader one kind of its record's files only.
 */
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

/** A PDF the server drew (a generated letter), as recordPdf files it: bound to a record and locked from the start. */
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

export type AttachmentsDeps = {
  db: Db;
  storage: Storage;
  audit: AuditService;
  clock: Clock;
  /** per data class, who else may see a record's files (registerRecordVisibility) */
  recordRules: Map<string, RecordVisibilityRule>;
  /** per data class, who may add files to an existing record (registerRecordWriteRule) */
  writeRules: Map<string, RecordVisibilityRule>;
};
