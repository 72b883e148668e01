// The public confirmation page (/faceConfirm) the face link opens on the person's phone: no session, only the
// link's secret, so what it shows is masked and its decision is taken once.
import {
  AUTH_STATUS,
  FACE_AUTH_STATUS,
  FACE_AUTH_STATUS_LABELS,
  maskIdNumberShort,
  maskPersonName,
  MSG,
  type FaceAuthResult,
  type FaceConfirmView,
} from '@cqjy/domain';
import type { RequestOrigin } from '../../../platform/auth.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { IdentityDeps } from '../deps.ts';
import { hashFaceToken } from '../face-provider.ts';
import { effectiveFaceStatus } from '../face-status.ts';
import * as repo from '../repo.ts';

async function findByToken(deps: IdentityDeps, token: string): Promise<repo.FaceAuthRow> {
  const row = await repo.findFaceRequestByTokenHash(deps.db, hashFaceToken(token));
  if (row === undefined) throw notFound();
  return row;
}

/** The public page's view: the person masked, so a leaked link reveals little. */
export async function viewFaceConfirm(deps: IdentityDeps, token: string): Promise<FaceConfirmView> {
  const row = await findByToken(deps, token);
  return {
    realName: maskPersonName(row.realName),
    idCard: maskIdNumberShort(row.idCard),
    status: effectiveFaceStatus(row.status, row.expiresAt, deps.clock.now()),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The person's decision, once. Passing makes the user real-name authenticated with the request's name and ID
 * (authStatus 1); refusing marks the authentication failed (authStatus 3). Both in the decision's transaction.
 */
export async function decideFaceConfirm(
  deps: IdentityDeps,
  token: string,
  isAgreed: boolean,
  origin: RequestOrigin,
): Promise<FaceAuthResult> {
  const { db, clock, audit, users } = deps;
  const row = await findByToken(deps, token);
  if (row.status !== FACE_AUTH_STATUS.pending) throw conflict(MSG.faceAlreadyDecided);
  const now = clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw refused(MSG.faceQrExpired);
  const status = isAgreed ? FACE_AUTH_STATUS.passed : FACE_AUTH_STATUS.refused;
  await db.transaction(async (tx) => {
    const decided = await repo.decideFaceRequest(tx, row.id, { status, decidedAt: now });
    if (decided === undefined) throw conflict(MSG.faceAlreadyDecided);
    await users.updateUser(
      tx,
      row.userId,
      isAgreed
        ? {
            realName: row.realName,
            idType: row.idType,
            idCard: row.idCard,
            authStatus: AUTH_STATUS.authenticated,
          }
        : { authStatus: AUTH_STATUS.failed },
    );
    await audit.append(tx, {
      userId: row.userId,
      operatorId: row.operatorId,
      ip: origin.ip,
      userAgent: origin.userAgent,
      action: 'face.confirm',
      result: isAgreed ? 'ok' : 'refused',
      target: row.id,
      detail: { status, provider: row.provider },
    });
  });
  return { status, statusLabel: FACE_AUTH_STATUS_LABELS[status] ?? '' };
}
