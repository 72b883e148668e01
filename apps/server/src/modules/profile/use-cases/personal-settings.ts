// The rest of the personal centre: the password (a general SMS code to the own mobile), the nickname, and what
// may be chosen as the secondary role.
import { MSG } from '@cqjy/domain';
import {
  normalizeNickname,
  permissionTitle,
  validateNickname,
  type SecondaryRoleChoices,
} from '@cqjy/domain/profile';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { checkNewPassword, loadUser, type Actor, type ProfileDeps } from '../deps.ts';

export type EditPasswordInput = { phonecode: string; newpassword: string; newpassword2: string };

/** Changes the own password with a general code to the own mobile; other sessions are signed out. */
export async function editPassword(deps: ProfileDeps, actor: Actor, input: EditPasswordInput): Promise<void> {
  const { db, audit, users, auth, otp } = deps;
  const problem = checkNewPassword(input.newpassword, input.newpassword2);
  if (problem !== null) throw refused(problem);
  const user = await loadUser(deps, actor.userId);
  if (user.mobile === null) throw refused(MSG.mobileNotBound);
  await otp.assertCode({
    mobile: user.mobile,
    purpose: 'general',
    code: input.phonecode,
    isConsuming: true,
  });
  const passwordHash = await hashPassword(input.newpassword);
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash);
    const revoked = await auth.revokeUserSessions(tx, {
      userId: user.id,
      exceptSessionId: actor.sessionId,
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'password.change',
      result: 'ok',
      target: String(user.id),
      detail: { revokedSessions: revoked },
    });
  });
}

export async function updateNickname(
  { db, audit, users }: ProfileDeps,
  actor: Actor,
  nickname: string,
): Promise<string> {
  const problem = validateNickname(nickname);
  if (problem !== null) throw refused(problem);
  const value = normalizeNickname(nickname);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, actor.userId, { nickname: value });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'nickname.update',
      result: 'ok',
      target: String(actor.userId),
      detail: { nickname: value },
    });
  });
  return value;
}

/** The codes the company's role allows, titled as the menus title them, and the operator's current choice. */
export async function getSecondaryRole({ users }: ProfileDeps, actor: Actor): Promise<SecondaryRoleChoices> {
  const [allowed, operator] = await Promise.all([
    users.listCompanyRoleCodes(actor.companyId),
    users.findOperator(actor.operatorId),
  ]);
  if (operator === undefined) throw notFound();
  return {
    available: allowed.map((code) => ({ code, title: permissionTitle(code) })),
    chosen: operator.secondaryCodes,
  };
}
