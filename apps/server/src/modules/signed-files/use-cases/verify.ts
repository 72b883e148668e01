// The public verification of a PDF, uploaded or found by its verification code (the first 16 hex digits of its
// sha256). The answers name nobody beyond what the signatures themselves say: no owner, no record, no file name.
import { MSG, type VerifyResult } from '@cqjy/domain';
import { fileTypeFromBuffer } from 'file-type';
import { refused } from '../../../platform/errors.ts';
import type { SignedFilesUseCaseDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { toVerifyResult, verifyBytes, verifyStored } from '../verdicts.ts';

/** A PDF anyone uploaded: checked by its content, verified, kept nowhere. */
export async function verifyUpload(deps: SignedFilesUseCaseDeps, bytes: Buffer): Promise<VerifyResult> {
  if (bytes.length === 0) throw refused(MSG.uploadEmpty);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext !== 'pdf') throw refused(MSG.verifyNotPdf);
  return toVerifyResult(await verifyBytes(deps, bytes), deps.clock.now());
}

/** The stored signed file a verification code names (already normalised: 16 upper-case hex digits). */
export async function verifyCode(deps: SignedFilesUseCaseDeps, code: string): Promise<VerifyResult> {
  const found = await repo.findByCodePrefix(deps.db, code.toLowerCase());
  if (found === undefined) throw refused(MSG.verifyCodeUnknown);
  return toVerifyResult(await verifyStored(deps, found.storageKey), deps.clock.now());
}
