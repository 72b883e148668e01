// 新增账号: a new login account and its operator in the caller's company.
import {
  checkNewOperator,
  checkOperatorCodes,
  formatMessage,
  maskMobile,
  MSG,
  normalizeOperatorName,
  operatorAddedSmsText,
  type NewOperatorInput,
  type OperatorSaved,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';
import { grantableOf, loadScope, ownRoleName, type Actor, type OperatorsDeps } from '../scope.ts';
import { SMS_PURPOSE, unusablePasswordHash } from '../sign-in.ts';
import { isUniqueViolation } from '../../../db/errors.ts';

/** The refusal of a username or mobile another account already has, or null. */
async function findTaken(
  deps: Pick<OperatorsDeps, 'users'>,
  tx: Db,
  input: Pick<NewOperatorInput, 'username' | 'mobile'>,
): Promise<string | null> {
  if ((await deps.users.findUserByUsername(input.username)) !== undefined) return MSG.usernameTaken;
  if (await repo.isMobileTaken(tx, input.mobile)) return MSG.operatorMobileTaken;
  return null;
}

/**
 * 新增账号: a new login account (no usable password yet, setupPassword false) and its operator in the caller's
 * company, on a role of its own with the chosen codes, and the SMS telling the person to sign in by code — all
 * in one transaction; the SMS goes to the provider once it has committed.
 */
export async function createOperator(
  deps: OperatorsDeps,
  actor: Actor,
  input: NewOperatorInput,
): Promise<{ saved: OperatorSaved; msg: string }> {
  const { db, audit, sms } = deps;
  const problem = checkNewOperator(input);
  if (problem !== null) throw refused(problem);
  const scope = await loadScope(deps, actor.companyId);
  const checked = checkOperatorCodes({
    tree: scope.tree,
    companyCodes: scope.codes,
    chosen: input.codes,
    grantable: grantableOf(actor, scope),
  });
  if (checked.message !== null) throw refused(checked.message);
  const { username, mobile } = input;
  const nickname = normalizeOperatorName(input.nickname);
  const taken = await findTaken(deps, db, input);
  if (taken !== null) throw refused(taken);
  const passwordHash = await unusablePasswordHash();
  try {
    const outcome = await db.transaction(async (tx) => {
      await repo.lockMobile(tx, mobile);
      if (await repo.isMobileTaken(tx, mobile)) throw refused(MSG.operatorMobileTaken);
      const user = await repo.insertUser(tx, {
        username,
        mobile,
        passwordHash,
        nickname,
        idType: null,
        authStatus: 0,
        setupPassword: false,
      });
      const role = await repo.insertRole(tx, {
        companyId: scope.company.id,
        name: ownRoleName(username),
        codes: checked.codes,
      });
      const operator = await repo.insertOperator(tx, {
        userId: user.id,
        companyId: scope.company.id,
        roleId: role.id,
        manager: false,
        isDefault: true,
      });
      const smsId = await sms.enqueue(
        tx,
        {
          mobile,
          purpose: SMS_PURPOSE,
          template: 'operatorAdded',
          content: operatorAddedSmsText({ company: scope.company.name, username }),
        },
        toAuditActor(actor),
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'operator.save',
        result: 'ok',
        target: String(operator.id),
        detail: { username, nickname, mobile: maskMobile(mobile), codes: checked.codes, smsId },
      });
      const version = await repo.readVersion(tx, operator.id);
      return { id: operator.id, version: version ?? '', smsId };
    });
    // A provider failure is recorded on the outbox row (短信管理 shows it); the account stands either way.
    await sms.deliver(outcome.smsId);
    return {
      saved: { id: outcome.id, version: outcome.version },
      msg: formatMessage(MSG.operatorSaved, { mobile: maskMobile(mobile) }),
    };
  } catch (error) {
    // Someone took the username between the check and the insert.
    if (isUniqueViolation(error)) throw refused((await findTaken(deps, db, input)) ?? MSG.usernameTaken);
    throw error;
  }
}
