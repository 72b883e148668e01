// The attachments module owns uploaded files: it receives them (every check of spec 000 section 5 plus a look at
// the content), stores them once per content, answers who may see them, serves them singly or as one zip, and
// deletes them softly. Business modules own the records files belong to; they tell this module when a draft's
// files move to the saved record (bindDraft), when a record is submitted (lockRecord), and who else may see a
// record's files (registerRecordVisibility).
//
// Each job is one use case (use-cases/: receive, upload, remove, read, zip, records, purge); the visibility rule
// they share sits in access.ts; this file keeps the rules the business modules register and wires the use cases
// to the deps.
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import type { AuditService } from '../audit/service.ts';
import { isVisibleTo } from './access.ts';
import type { AttachmentsDeps, RecordVisibilityRule } from './deps.ts';
import { purgeUnreferenced } from './use-cases/purge.ts';
import { listRelated, listUploadedBy, openDownload } from './use-cases/read.ts';
import { receive } from './use-cases/receive.ts';
import { bindDraft, discardRecord, lockFiles, lockRecord, putBytes, recordPdf } from './use-cases/records.ts';
import { remove } from './use-cases/remove.ts';
import { upload } from './use-cases/upload.ts';
import { openZip } from './use-cases/zip.ts';

export { toItem } from './access.ts';
export {
  UNREFERENCED_GRACE_MS,
  UPLOAD_MAX_BYTES,
  type Actor,
  type AttachmentsDeps,
  type FileDownload,
  type FilesPurgeReport,
  type GeneratedFile,
  type ReceivedFile,
  type RecordRef,
  type RecordVisibilityRule,
  type UploadFields,
  type Viewer,
  type ZipDownload,
} from './deps.ts';
export { dedupeNames, normalizeZipName } from './use-cases/zip.ts';

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;

export function createAttachmentsService(services: {
  db: Db;
  storage: Storage;
  audit: AuditService;
  clock: Clock;
}) {
  const deps: AttachmentsDeps = { ...services, recordRules: new Map(), writeRules: new Map() };

  /** A use case with the module's deps bound: what the routes, the other modules and the housekeeping call. */
  const bound = bindDeps(deps);

  function registerRecordVisibility(dataClass: string, rule: RecordVisibilityRule): void {
    deps.recordRules.set(dataClass, rule);
  }

  /**
   * Who may add files to an existing record of `dataClass` (an upload naming its dataId). Without a rule anyone
   * signed in may, and the visibility rule alone keeps foreign files apart; with one, a caller it refuses gets
   * 404 and nothing is stored, so nobody can slip a file into another company's record.
   */
  function registerRecordWriteRule(dataClass: string, rule: RecordVisibilityRule): void {
    deps.writeRules.set(dataClass, rule);
  }

  return {
    isVisibleTo: bound(isVisibleTo),
    registerRecordVisibility,
    registerRecordWriteRule,
    receive: bound(receive),
    upload: bound(upload),
    openDownload: bound(openDownload),
    remove: bound(remove),
    listRelated: bound(listRelated),
    openZip: bound(openZip),
    bindDraft: bound(bindDraft),
    discardRecord: bound(discardRecord),
    lockRecord: bound(lockRecord),
    listUploadedBy: bound(listUploadedBy),
    lockFiles: bound(lockFiles),
    purgeUnreferenced: bound(purgeUnreferenced),
    putBytes: bound(putBytes),
    recordPdf: bound(recordPdf),
  };
}
