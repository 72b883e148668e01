// 账号管理's list, the codes its form offers, and one operator.
import {
  OPERATOR_STATUS,
  type OperatorCodes,
  type OperatorListRow,
  type OperatorQuery,
  type OperatorView,
  type PageResult,
} from '@cqjy/domain';
import * as repo from '../repo.ts';
import { findOwn, grantableOf, loadScope, toListRow, type Actor, type OperatorsDeps } from '../scope.ts';

export async function listOperators(
  deps: OperatorsDeps,
  actor: Actor,
  query: OperatorQuery,
): Promise<PageResult<OperatorListRow>> {
  const scope = await loadScope(deps, actor.companyId);
  const page = await repo.listOperators(deps.db, {
    companyId: actor.companyId,
    keyword: query.keyword,
    isDisabled: query.status === undefined ? undefined : query.status === OPERATOR_STATUS.disabled,
    page: query.page,
    size: query.size,
  });
  return { list: page.list.map((item) => toListRow(item, scope, actor)), total: page.total };
}

export async function listOperatorCodes(deps: OperatorsDeps, actor: Actor): Promise<OperatorCodes> {
  const scope = await loadScope(deps, actor.companyId);
  return {
    identityType: scope.company.identityType,
    isAgent: scope.company.isAgent,
    codes: [...scope.codes],
    grantable: grantableOf(actor, scope),
  };
}

export async function showOperator(deps: OperatorsDeps, actor: Actor, id: number): Promise<OperatorView> {
  const scope = await loadScope(deps, actor.companyId);
  const item = await findOwn(deps.db, actor, id);
  return {
    ...toListRow(item, scope, actor),
    codes: item.role?.codes ?? [],
    isPasswordSet: item.user.setupPassword,
    createdAt: item.operator.createdAt.toISOString(),
  };
}
