// The signed-files module owns no table: it answers 电签文件 (the PDFs the portal e-signed, attachments tagged
// signedLetter, one row per distinct content) with the verdict of their signatures checked from the stored bytes,
// and the public verification of a PDF, uploaded or found by its verification code (the first 16 hex digits of
// its sha256). A company sees its own files, the exchange every company's; another company's file is not found.
// The public answers name nobody beyond what the signatures themselves say: no owner, no record, no file name.
import {
  describeVerdict,
  IDENTITY,
  MSG,
  SIGNATURE_PROBLEM_LABELS,
  SIGNATURE_STATE_LABELS,
  SIGNED_FILE_SOURCE_LABELS,
  toVerifyCode,
  type PageResult,
  type SignatureCheck,
  type SignedFile,
  type SignedFileDetail,
  type SignedFileFilters,
  type SignedFileSource,
  type VerifyResult,
} from '@cqjy/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { SessionContext } from '../../platform/auth.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { verifyPdf, type PdfVerification, type SignatureVerdict } from '../../platform/pdf/verify.ts';
import * as repo from './repo.ts';
import type { PlatformDeps } from '../../platform/deps.ts';

export type SignedFilesService = ReturnType<typeof createSignedFilesService>;

export type Viewer = Pick<SessionContext, 'companyId' | 'identityType'>;

export type SignedFilesDeps = Pick<PlatformDeps, 'db' | 'storage' | 'clock'> & {
  /** the trusted root(s) of the portal's signatures, PEM */
  loadTrustedRoots: () => Promise<string[]>;
};

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A +08:00 day (YYYY-MM-DD) as the instant it starts. */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

function scopeOf(viewer: Viewer): repo.FileScope {
  return viewer.identityType === IDENTITY.admin
    ? { kind: 'all' }
    : { kind: 'company', companyId: viewer.companyId };
}

function sourceOf(item: repo.SignedFileItem): SignedFileSource | null {
  if (item.dataClass === null) return null;
  if (item.ticketCode !== null) {
    return {
      kind: SIGNED_FILE_SOURCE_LABELS.refundTicket ?? '',
      code: item.ticketCode,
      name: item.projectName,
    };
  }
  if (item.projectCode !== null || item.projectName !== null) {
    return { kind: SIGNED_FILE_SOURCE_LABELS.project ?? '', code: item.projectCode, name: item.projectName };
  }
  const kind = SIGNED_FILE_SOURCE_LABELS[item.dataClass];
  return kind === undefined ? null : { kind, code: null, name: null };
}

function toCheck(signature: SignatureVerdict): SignatureCheck {
  return {
    signerName: signature.signer?.commonName ?? null,
    signerOrganization: signature.signer?.organization ?? null,
    certificateSerial: signature.serialNumber,
    issuer: signature.issuer?.commonName ?? signature.issuer?.text ?? null,
    signingTime: signature.signingTime?.toISOString() ?? null,
    certificateNotBefore: signature.certificateNotBefore?.toISOString() ?? null,
    certificateNotAfter: signature.certificateNotAfter?.toISOString() ?? null,
    reason: signature.reason,
    coversWholeFile: signature.coversWholeFile,
    isDigestValid: signature.isDigestValid,
    isSignatureValid: signature.isSignatureValid,
    isTrusted: signature.isTrusted,
    isCertificateValid: signature.isCertificateValid,
    state: signature.state,
    problem: signature.problem,
  };
}

export function toVerifyResult(verification: PdfVerification, checkedAt: Date): VerifyResult {
  return {
    state: verification.state,
    stateLabel: SIGNATURE_STATE_LABELS[verification.state],
    problem: verification.problem,
    message: describeVerdict(verification.state, verification.problem),
    sha256: verification.sha256,
    code: toVerifyCode(verification.sha256),
    size: verification.size,
    signatures: verification.signatures.map(toCheck),
    checkedAt: checkedAt.toISOString(),
  };
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export function createSignedFilesService(deps: SignedFilesDeps) {
  const { db, storage, clock } = deps;
  let roots: Promise<string[]> | undefined;

  function trustedRoots(): Promise<string[]> {
    roots ??= deps.loadTrustedRoots();
    // a root that could not be read is asked for again next time, not remembered as missing
    roots.catch(() => {
      roots = undefined;
    });
    return roots;
  }

  async function verifyBytes(bytes: Buffer): Promise<PdfVerification> {
    return verifyPdf(bytes, { trustedRootPems: await trustedRoots() });
  }

  /**
   * The verdict of stored bytes, read again at every call: bytes changed in storage are caught, and bytes that
   * are no longer the content their key (the sha256 they were stored under) names count as modified, even when
   * they carry a valid signature of their own.
   */
  async function verifyStored(storageKey: string): Promise<PdfVerification> {
    const verdict = await verifyBytes(await readAll(await storage.get(storageKey)));
    if (verdict.sha256 === storageKey) return verdict;
    return { ...verdict, state: 'invalid', problem: 'modified' };
  }

  function toRow(item: repo.SignedFileItem, verdict: PdfVerification): SignedFile {
    const newest = verdict.signatures[verdict.signatures.length - 1];
    return {
      id: item.id,
      fileName: item.fileName,
      size: item.size,
      source: sourceOf(item),
      companyName: item.companyName,
      createdAt: item.createdAt.toISOString(),
      sha256: item.storageKey,
      code: toVerifyCode(item.storageKey),
      state: verdict.state,
      stateLabel: SIGNATURE_STATE_LABELS[verdict.state],
      problem: verdict.problem,
      problemLabel: verdict.problem === null ? null : SIGNATURE_PROBLEM_LABELS[verdict.problem],
      signerName: newest?.signer?.commonName ?? null,
      signingTime: newest?.signingTime?.toISOString() ?? null,
      certificateSerial: newest?.serialNumber ?? null,
    };
  }

  /** 电签文件: the page's rows, newest first, each verified from its stored bytes. */
  async function list(
    viewer: Viewer,
    query: SignedFileFilters & { page: number; size: number },
  ): Promise<PageResult<SignedFile>> {
    const keyword = query.keyword?.trim() ?? '';
    const compact = keyword.replace(/[\s-]/g, '').toLowerCase();
    const page = await repo.listSignedFiles(db, scopeOf(viewer), {
      keyword: keyword === '' ? undefined : keyword,
      codePrefix: /^[0-9a-f]{4,16}$/.test(compact) ? compact : undefined,
      from: query.from === undefined ? undefined : startOfDay(query.from),
      before: query.to === undefined ? undefined : new Date(startOfDay(query.to).getTime() + DAY_MS),
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
    const list = await Promise.all(
      page.list.map(async (item) => toRow(item, await verifyStored(item.storageKey))),
    );
    return { list, total: page.total };
  }

  /** One signed file with the verdict of every signature; another company's answers as not found. */
  async function show(viewer: Viewer, id: string): Promise<SignedFileDetail> {
    if (!UUID.test(id)) throw notFound();
    const item = await repo.findSignedFile(db, scopeOf(viewer), id);
    if (item === undefined) throw notFound();
    const verdict = await verifyStored(item.storageKey);
    return { ...toRow(item, verdict), verification: toVerifyResult(verdict, clock.now()) };
  }

  /** A PDF anyone uploaded: checked by its content, verified, kept nowhere. */
  async function verifyUpload(bytes: Buffer): Promise<VerifyResult> {
    if (bytes.length === 0) throw refused(MSG.uploadEmpty);
    const type = await fileTypeFromBuffer(bytes);
    if (type?.ext !== 'pdf') throw refused(MSG.verifyNotPdf);
    return toVerifyResult(await verifyBytes(bytes), clock.now());
  }

  /** The stored signed file a verification code names (already normalised: 16 upper-case hex digits). */
  async function verifyCode(code: string): Promise<VerifyResult> {
    const found = await repo.findByCodePrefix(db, code.toLowerCase());
    if (found === undefined) throw refused(MSG.verifyCodeUnknown);
    return toVerifyResult(await verifyStored(found.storageKey), clock.now());
  }

  return { list, show, verifyUpload, verifyCode };
}
