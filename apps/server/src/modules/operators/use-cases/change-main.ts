// 变更主操作员: the 主操作员 flag moves to another operator on a code sent to the current main operator.
import { identityName, maskMobile, MSG } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import { ROLE_NAMES } from '../../users/roles.ts';
import * as repo from '../repo.ts';
import { findOwn, loadScope, setCodes, type Actor, type CompanyScope, type OperatorsDeps } from '../scope.ts';

/** The main operator's role: the built-in one of the company's kind (or, without it, all the company's codes). */
async function giveFullRole(tx: Db, scope: CompanyScope, item: repo.OperatorItem): Promise<void> {
  const identity = identityName(scope.company.identityType);
  const key = identity === 'member' && scope.company.isAgent ? 'agent' : identity;
  const builtIn = key === undefined ? undefined : await repo.findBuiltInRole(tx, ROLE_NAMES[key]);
  if (builtIn === undefined) {
    await setCodes(tx, scope.company.id, item, [...scope.codes]);
    return;
  }
  await repo.updateOperator(tx, item.operator.id, { roleId: builtIn.id });
  const old = item.role;
  if (old !== null && old.companyId === scope.company.id)
    await repo.deleteUnusedRole(tx, old.id, scope.company.id);
}

/** The caller as the company's main operator, with the mobile the change's code goes to. */
async function loadMain(
  deps: OperatorsDeps,
  actor: Actor,
): Promise<{ item: repo.OperatorItem; mobile: string }> {
  const item = await findOwn(deps.db, actor, actor.operatorId);
  if (!item.operator.manager) throw refused(MSG.operatorMainOnly);
  if (item.user.mobile === null) throw refused(MSG.mobileNotBound);
  return { item, mobile: item.user.mobile };
}

/**
 * 获取验证码 of 变更主操作员: a code of purpose mainChange to the current main operator's own mobile, under the
 * otp service's rules (one send per mobile a minute, five minutes, five tries). Answers the mobile masked.
 */
export async function sendMainCode(deps: OperatorsDeps, actor: Actor): Promise<{ mobileMasked: string }> {
  const { mobile } = await loadMain(deps, actor);
  const candidates = await repo.listOperators(deps.db, {
    companyId: actor.companyId,
    isDisabled: false,
    page: 1,
    size: 2,
  });
  if (!candidates.list.some((candidate) => candidate.operator.id !== actor.operatorId)) {
    throw refused(MSG.operatorMainNoCandidate);
  }
  await deps.otp.issue({
    mobile,
    purpose: 'mainChange',
    sessionId: actor.sessionId,
    actor: toAuditActor(actor),
    isDelivered: true,
  });
  return { mobileMasked: maskMobile(mobile) };
}

/**
 * 确认变更: with the right code, another enabled operator of the company becomes the main operator (with the
 * company's full role); the caller stays an operator on the role they had. Only the main operator may do it.
 */
export async function changeMain(
  deps: OperatorsDeps,
  actor: Actor,
  input: { operatorId: number; phonecode: string },
): Promise<void> {
  const { db, audit, otp } = deps;
  const { mobile } = await loadMain(deps, actor);
  if (input.operatorId === actor.operatorId) throw refused(MSG.operatorMainSame);
  const target = await findOwn(db, actor, input.operatorId);
  if (target.operator.disabled) throw refused(MSG.operatorMainTargetDisabled);
  await otp.assertCode({ mobile, purpose: 'mainChange', code: input.phonecode, isConsuming: true });
  const scope = await loadScope(deps, actor.companyId);
  await db.transaction(async (tx) => {
    await repo.lockCompanyOperators(tx, actor.companyId);
    const me = await findOwn(tx, actor, actor.operatorId);
    const next = await findOwn(tx, actor, input.operatorId);
    // Someone moved the flag or stopped the operator since the checks above.
    if (!me.operator.manager || next.operator.disabled) throw conflict();
    await repo.updateOperator(tx, me.operator.id, { manager: false });
    await repo.updateOperator(tx, next.operator.id, { manager: true });
    await giveFullRole(tx, scope, next);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'operator.main.change',
      result: 'ok',
      target: String(next.operator.id),
      detail: {
        from: { operatorId: me.operator.id, username: me.user.username },
        to: { operatorId: next.operator.id, username: next.user.username },
      },
    });
  });
}
