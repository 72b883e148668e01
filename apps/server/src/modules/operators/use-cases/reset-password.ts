// 重置密码: an operator's password stops working and the person chooses a new one after signing in by code.
import { formatMessage, maskMobile, MSG, operatorResetSmsText, type OperatorSaved } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';
import { assertTouchable, loadScope, lockOwn, type Actor, type OperatorsDeps } from '../scope.ts';
import { SMS_PURPOSE, unusablePasswordHash } from '../sign-in.ts';

/**
 * 重置密码: the password stops working (setupPassword false, an unusable hash), every session of the account
 * ends, and an SMS tells the person to sign in by code and choose a new one (gate 3). A person who is also an
 * operator of another company is not reset from here: the account is theirs in that company too.
 */
export async function resetOperatorPassword(
  deps: OperatorsDeps,
  actor: Actor,
  id: number,
  version?: string,
): Promise<{ saved: OperatorSaved; msg: string }> {
  const { db, audit, auth, sms } = deps;
  const scope = await loadScope(deps, actor.companyId);
  const passwordHash = await unusablePasswordHash();
  const outcome = await db.transaction(async (tx) => {
    const item = await lockOwn(tx, actor, id, version);
    assertTouchable(actor, item);
    const mobile = item.user.mobile;
    if (mobile === null) throw refused(MSG.operatorResetNoMobile);
    const companies = await repo.listUserCompanyIds(tx, item.user.id);
    if (companies.some((companyId) => companyId !== actor.companyId)) throw refused(MSG.operatorResetShared);
    await repo.updateUser(tx, item.user.id, {
      passwordHash,
      setupPassword: false,
      failedLogins: 0,
      lockedUntil: null,
    });
    const revoked = await auth.revokeUserSessions(tx, { userId: item.user.id, exceptSessionId: undefined });
    const smsId = await sms.enqueue(
      tx,
      {
        mobile,
        purpose: SMS_PURPOSE,
        template: 'operatorReset',
        content: operatorResetSmsText({ company: scope.company.name, username: item.user.username }),
      },
      toAuditActor(actor),
    );
    const next = await repo.updateOperator(tx, item.operator.id, {});
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'operator.reset',
      result: 'ok',
      target: String(item.operator.id),
      detail: { username: item.user.username, revokedSessions: revoked, smsId },
    });
    return { id: item.operator.id, version: next, smsId, mobile };
  });
  await sms.deliver(outcome.smsId);
  return {
    saved: { id: outcome.id, version: outcome.version },
    msg: formatMessage(MSG.operatorResetOk, { mobile: maskMobile(outcome.mobile) }),
  };
}
