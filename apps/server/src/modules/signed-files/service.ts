// The signed-files module owns no table: it answers 电签文件 (the PDFs the portal e-signed, attachments tagged
// signedLetter, one row per distinct content) with the verdict of their signatures checked from the stored bytes,
// and the public verification of a PDF, uploaded or found by its verification code (the first 16 hex digits of
// its sha256). A company sees its own files, the exchange every company's; another company's file is not found.
// The public answers name nobody beyond what the signatures themselves say: no owner, no record, no file name.
//
// Each job is one use case (use-cases/: files, verify); the verdicts they share sit in verdicts.ts; this file
// wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { SignedFilesDeps, SignedFilesUseCaseDeps } from './deps.ts';
import { listSignedFiles, showSignedFile } from './use-cases/files.ts';
import { verifyCode, verifyUpload } from './use-cases/verify.ts';
import { rootsOnce } from './verdicts.ts';

export type { SignedFilesDeps, Viewer } from './deps.ts';
export { toVerifyResult } from './verdicts.ts';

export type SignedFilesService = ReturnType<typeof createSignedFilesService>;

export function createSignedFilesService(deps: SignedFilesDeps) {
  const { db, storage, clock } = deps;

  /** A use case with the module's deps bound, the trusted roots read once for this service: what the routes call. */
  const bound = bindDeps<SignedFilesUseCaseDeps>({
    db,
    storage,
    clock,
    trustedRoots: rootsOnce(deps.loadTrustedRoots),
  });

  return {
    list: bound(listSignedFiles),
    show: bound(showSignedFile),
    verifyUpload: bound(verifyUpload),
    verifyCode: bound(verifyCode),
  };
}
