// Real-name authentication as the signed-in user drives it (gate 5): the name and ID number open a face-
// authentication request, whose link (a QR code) the person opens on their phone; the scan page polls its result.
import {
  AUTH_STATUS,
  computeAuthNeeds,
  FACE_AUTH_STATUS,
  FACE_AUTH_STATUS_LABELS,
  maskPersonName,
  MSG,
  validateIdNumber,
  validateIdType,
  validateRealName,
  type FaceAuthLink,
  type FaceAuthResult,
} from '@cqjy/domain';
import QRCode from 'qrcode';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import { loadAccount, type Actor, type IdentityDeps } from '../deps.ts';
import { unusedFaceTokenHash } from '../face-provider.ts';
import { effectiveFaceStatus } from '../face-status.ts';
import * as repo from '../repo.ts';

export type RealNameInput = { realName: string; idType: number; idCard: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Postgres refuses a malformed uuid with an error; a malformed id simply names no request. */
function assertUuid(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}

/**
 * Opens a face-authentication request for the name and ID number given (the user is then 认证中, gate 5). A
 * new request ends the user's earlier pending ones. The ID number is stored as given, for the certificates;
 * it is never logged nor audited.
 */
export async function startRealName(
  deps: IdentityDeps,
  actor: Actor,
  input: RealNameInput,
): Promise<{ requestId: string }> {
  const { db, clock, audit, users, faceProvider, faceTtlMs } = deps;
  const { user, company } = await loadAccount(deps, actor);
  const needs = computeAuthNeeds({
    identityType: actor.identityType,
    idType: user.idType,
    authStatus: user.authStatus,
    companyAuthStatus: company.companyAuthStatus,
    advancedAuthFlag: company.advancedAuthFlag,
    setupPassword: user.setupPassword,
    pendingPhone: user.pendingPhone,
  });
  if (!needs.realName) throw refused(MSG.realNameDone);
  const realName = input.realName.trim();
  const idCard = input.idCard.trim();
  const now = clock.now();
  const message =
    validateRealName(realName) ??
    validateIdType(actor.identityType, input.idType) ??
    validateIdNumber(input.idType, idCard, now);
  if (message !== null) throw refused(message);
  const row = await db.transaction(async (tx) => {
    await repo.expirePendingFaceRequests(tx, user.id, now);
    const inserted = await repo.insertFaceRequest(tx, {
      userId: user.id,
      operatorId: actor.operatorId,
      realName,
      idType: input.idType,
      idCard,
      status: FACE_AUTH_STATUS.pending,
      tokenHash: unusedFaceTokenHash(),
      provider: faceProvider.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + faceTtlMs),
    });
    await users.updateUser(tx, user.id, { authStatus: AUTH_STATUS.inProgress });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'realname.start',
      result: 'ok',
      target: inserted.id,
      detail: { idType: input.idType, realName: maskPersonName(realName), provider: faceProvider.name },
    });
    return inserted;
  });
  return { requestId: row.id };
}

/** The caller's own request; another user's answers as missing. */
async function findOwnRequest(
  deps: IdentityDeps,
  actor: Actor,
  requestId: string,
): Promise<repo.FaceAuthRow> {
  const row = await repo.findFaceRequest(deps.db, assertUuid(requestId));
  if (row === undefined || row.userId !== actor.userId) throw notFound();
  return row;
}

/** A new secret (the old link stops working) valid for FACE_AUTH_TTL_S, written before it is handed out. */
async function issueLink(
  deps: IdentityDeps,
  actor: Actor,
  row: repo.FaceAuthRow,
  requestOrigin: string,
): Promise<FaceAuthLink> {
  const { db, config, clock, audit, faceProvider, faceTtlMs } = deps;
  const issued = faceProvider.start({ requestId: row.id, baseUrl: config.publicUrl ?? requestOrigin });
  const expiresAt = new Date(clock.now().getTime() + faceTtlMs);
  await db.transaction(async (tx) => {
    const isReplaced = await repo.replaceFaceSecret(tx, row.id, { tokenHash: issued.tokenHash, expiresAt });
    if (!isReplaced) throw refused(MSG.faceRequestClosed);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'face.link',
      result: 'ok',
      target: row.id,
      detail: { expiresAt: expiresAt.toISOString() },
    });
  });
  return {
    confirmUrl: issued.confirmUrl,
    expiresAt: expiresAt.toISOString(),
    realNameMasked: maskPersonName(row.realName),
  };
}

/**
 * POST /api/operator/face: the link and its QR code (SVG) for the scan page. `requestOrigin` (scheme and host
 * of the call) is used when PUBLIC_URL is not set.
 */
export async function issueFaceLink(
  deps: IdentityDeps,
  actor: Actor,
  requestId: string,
  requestOrigin: string,
): Promise<FaceAuthLink> {
  const row = await findOwnRequest(deps, actor, requestId);
  if (row.status !== FACE_AUTH_STATUS.pending) throw refused(MSG.faceRequestClosed);
  const link = await issueLink(deps, actor, row, requestOrigin);
  return { ...link, qrSvg: await QRCode.toString(link.confirmUrl, { type: 'svg', margin: 1 }) };
}

/** GET /api/operator/result/cfcaUrlData: a fresh link of the caller's pending request for this ID number. */
export async function reissueByIdCard(
  deps: IdentityDeps,
  actor: Actor,
  idCard: string,
  requestOrigin: string,
): Promise<FaceAuthLink> {
  const row = await repo.findPendingFaceRequest(deps.db, actor.userId, idCard.trim());
  if (row === undefined) throw refused(MSG.faceNoPendingRequest);
  return issueLink(deps, actor, row, requestOrigin);
}

export async function readFaceResult(
  deps: IdentityDeps,
  actor: Actor,
  requestId: string,
): Promise<FaceAuthResult> {
  const row = await findOwnRequest(deps, actor, requestId);
  const verdict = await deps.faceProvider.readResult(row);
  const status = effectiveFaceStatus(verdict, row.expiresAt, deps.clock.now());
  return { status, statusLabel: FACE_AUTH_STATUS_LABELS[status] ?? '' };
}
