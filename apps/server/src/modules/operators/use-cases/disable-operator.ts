// 停用 and 启用: whether an operator may sign in to the company.
import { MSG, type OperatorSaved } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';
import { assertTouchable, lockOwn, type Actor, type OperatorsDeps } from '../scope.ts';

/** 停用: the operator cannot sign in to the company any more, and its open sessions end now. */
export async function disableOperator(
  deps: OperatorsDeps,
  actor: Actor,
  id: number,
  version?: string,
): Promise<OperatorSaved> {
  const { db, audit, auth } = deps;
  return db.transaction(async (tx) => {
    const item = await lockOwn(tx, actor, id, version);
    assertTouchable(actor, item);
    if (item.operator.disabled) throw refused(MSG.operatorAlreadyDisabled);
    const next = await repo.updateOperator(tx, item.operator.id, { disabled: true });
    const revoked = await auth.revokeOperatorSessions(tx, item.operator.id);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'operator.disable',
      result: 'ok',
      target: String(item.operator.id),
      detail: { username: item.user.username, revokedSessions: revoked },
    });
    return { id: item.operator.id, version: next };
  });
}

/** 启用: the operator may sign in again. */
export async function enableOperator(
  deps: OperatorsDeps,
  actor: Actor,
  id: number,
  version?: string,
): Promise<OperatorSaved> {
  const { db, audit } = deps;
  return db.transaction(async (tx) => {
    const item = await lockOwn(tx, actor, id, version);
    assertTouchable(actor, item);
    if (!item.operator.disabled) throw refused(MSG.operatorAlreadyEnabled);
    const next = await repo.updateOperator(tx, item.operator.id, { disabled: false });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'operator.enable',
      result: 'ok',
      target: String(item.operator.id),
      detail: { username: item.user.username },
    });
    return { id: item.operator.id, version: next };
  });
}
