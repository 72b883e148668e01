// The mobile of an account: shown masked; changed by its owner, who proves both numbers (a number a manager set as
// pending needs only the new one), or set as pending by a manager for the owner to confirm (gate 4).
import { IDENTITY, maskMobile, MSG } from '@cqjy/domain';
import type { PhoneInfo } from '@cqjy/domain/profile';
import { toAuditActor } from '../../../platform/audit.ts';
import { forbidden, notFound, refused } from '../../../platform/errors.ts';
import { loadUser, type Actor, type ProfileDeps } from '../deps.ts';

export type UpdatePhoneInput = { oldOtp?: string | undefined; mobile: string; otp: string };

export async function getPhone(deps: ProfileDeps, actor: Actor): Promise<PhoneInfo> {
  const user = await loadUser(deps, actor.userId);
  return {
    mobile: user.mobile === null ? null : maskMobile(user.mobile),
    pendingPhone: user.pendingPhone === null ? null : maskMobile(user.pendingPhone),
  };
}

/**
 * Changes the own mobile. Confirming the number a manager set as pending needs the new number's code only;
 * any other change also needs a code to the current number. Both are phone codes; the current one is checked
 * first and used up only once the new one is right, so a mistyped new code does not cost the old one.
 */
export async function updatePhone(deps: ProfileDeps, actor: Actor, input: UpdatePhoneInput): Promise<void> {
  const { db, audit, users, auth, otp } = deps;
  const user = await loadUser(deps, actor.userId);
  const isConfirmingPending = user.pendingPhone !== null && input.mobile === user.pendingPhone;
  if (!isConfirmingPending && input.mobile === user.mobile) throw refused(MSG.phoneUnchanged);
  // An account without a mobile (a first administrator) has no current number to prove.
  const current = isConfirmingPending ? null : user.mobile;
  if (current !== null) {
    if (input.oldOtp === undefined) throw refused(MSG.oldOtpRequired);
    await otp.assertCode({ mobile: current, purpose: 'phone', code: input.oldOtp, isConsuming: false });
  }
  await otp.assertCode({ mobile: input.mobile, purpose: 'phone', code: input.otp, isConsuming: true });
  if (current !== null && input.oldOtp !== undefined) {
    await otp.assertCode({ mobile: current, purpose: 'phone', code: input.oldOtp, isConsuming: true });
  }
  await db.transaction(async (tx) => {
    await users.updateUser(tx, user.id, { mobile: input.mobile, pendingPhone: null });
    const revoked = await auth.revokeUserSessions(tx, {
      userId: user.id,
      exceptSessionId: actor.sessionId,
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'phone.update',
      result: 'ok',
      target: String(user.id),
      detail: {
        from: user.mobile === null ? null : maskMobile(user.mobile),
        to: maskMobile(input.mobile),
        isConfirmingPending,
        revokedSessions: revoked,
      },
    });
  });
}

/**
 * A manager sets the mobile of an operator of their own company (an exchange administrator, of anyone) as
 * pending: the person confirms it with a code on their next visit (gate 4). Not a manager -> 403; an operator
 * of another company -> 404.
 */
export async function assignOperatorMobile(
  deps: ProfileDeps,
  actor: Actor,
  input: { operatorId: number; mobile: string },
): Promise<void> {
  const { db, audit, users } = deps;
  const isAdmin = actor.identityType === IDENTITY.admin;
  if (!isAdmin && (await users.findOperator(actor.operatorId))?.manager !== true) throw forbidden();
  const operator = await users.findOperator(input.operatorId);
  if (operator === undefined || (!isAdmin && operator.companyId !== actor.companyId)) throw notFound();
  const user = await loadUser(deps, operator.userId);
  if (input.mobile === user.mobile) throw refused(MSG.phoneUnchanged);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, user.id, { pendingPhone: input.mobile });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'phone.assign',
      result: 'ok',
      target: String(user.id),
      detail: { operatorId: operator.id, pendingPhone: maskMobile(input.mobile) },
    });
  });
}
