// 电签文件: the signed files a company sees (the exchange every company's; another company's file is not found),
// each answered with the verdict of its signatures checked from the stored bytes.
import {
  IDENTITY,
  SIGNATURE_PROBLEM_LABELS,
  SIGNATURE_STATE_LABELS,
  SIGNED_FILE_SOURCE_LABELS,
  toVerifyCode,
  type PageResult,
  type SignedFile,
  type SignedFileDetail,
  type SignedFileFilters,
  type SignedFileSource,
} from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { PdfVerification } from '../../../platform/pdf/verify.ts';
import type { SignedFilesUseCaseDeps, Viewer } from '../deps.ts';
import * as repo from '../repo.ts';
import { toVerifyResult, verifyStored } from '../verdicts.ts';

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
export async function listSignedFiles(
  deps: SignedFilesUseCaseDeps,
  viewer: Viewer,
  query: SignedFileFilters & { page: number; size: number },
): Promise<PageResult<SignedFile>> {
  const keyword = query.keyword?.trim() ?? '';
  const compact = keyword.replace(/[\s-]/g, '').toLowerCase();
  const page = await repo.listSignedFiles(deps.db, scopeOf(viewer), {
    keyword: keyword === '' ? undefined : keyword,
    codePrefix: /^[0-9a-f]{4,16}$/.test(compact) ? compact : undefined,
    from: query.from === undefined ? undefined : startOfDay(query.from),
    before: query.to === undefined ? undefined : new Date(startOfDay(query.to).getTime() + DAY_MS),
    limit: query.size,
    offset: (query.page - 1) * query.size,
  });
  const list = await Promise.all(
    page.list.map(async (item) => toRow(item, await verifyStored(deps, item.storageKey))),
  );
  return { list, total: page.total };
}

/** One signed file with the verdict of every signature; another company's answers as not found. */
export async function showSignedFile(
  deps: SignedFilesUseCaseDeps,
  viewer: Viewer,
  id: string,
): Promise<SignedFileDetail> {
  if (!UUID.test(id)) throw notFound();
  const item = await repo.findSignedFile(deps.db, scopeOf(viewer), id);
  if (item === undefined) throw notFound();
  const verdict = await verifyStored(deps, item.storageKey);
  return { ...toRow(item, verdict), verification: toVerifyResult(verdict, deps.clock.now()) };
}
