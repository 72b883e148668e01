// 编辑账号: an operator's name and codes.
import {
  checkOperatorCodes,
  MSG,
  normalizeOperatorName,
  validateOperatorName,
  type OperatorSaved,
  type OperatorUpdateInput,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';
import {
  findOwn,
  grantableOf,
  holdsAll,
  loadScope,
  lockOwn,
  setCodes,
  type Actor,
  type OperatorsDeps,
} from '../scope.ts';

/**
 * 编辑账号: the name and the codes. The main operator's codes are the company's and stay so (only the name
 * changes); anyone else's are replaced by the chosen ones.
 */
export async function updateOperator(
  deps: OperatorsDeps,
  actor: Actor,
  id: number,
  input: OperatorUpdateInput,
): Promise<OperatorSaved> {
  const { db, audit } = deps;
  const nameProblem = validateOperatorName(input.nickname);
  if (nameProblem !== null) throw refused(nameProblem);
  const nickname = normalizeOperatorName(input.nickname);
  const scope = await loadScope(deps, actor.companyId);
  const before = await findOwn(db, actor, id);
  const checked = checkOperatorCodes({
    tree: scope.tree,
    companyCodes: scope.codes,
    chosen: input.codes,
    // What the operator already holds may stay even when the caller lacks it: nobody is granted it anew.
    grantable: [...grantableOf(actor, scope), ...(before.role?.codes ?? [])],
  });
  if (checked.message !== null) throw refused(checked.message);
  if (before.operator.manager && !holdsAll(scope, checked.codes)) throw refused(MSG.operatorMainCodesFixed);
  return db.transaction(async (tx) => {
    const item = await lockOwn(tx, actor, id, input.version);
    if (item.operator.manager && !holdsAll(scope, checked.codes)) throw refused(MSG.operatorMainCodesFixed);
    await repo.updateUser(tx, item.user.id, { nickname });
    if (!item.operator.manager) await setCodes(tx, scope.company.id, item, checked.codes);
    const version = await repo.updateOperator(tx, item.operator.id, {});
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'operator.update',
      result: 'ok',
      target: String(item.operator.id),
      detail: {
        nickname,
        codes: item.operator.manager ? (item.role?.codes ?? []) : checked.codes,
        previous: { nickname: item.user.nickname, codes: item.role?.codes ?? [] },
      },
    });
    return { id: item.operator.id, version };
  });
}
