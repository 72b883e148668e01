// What every use case of 账号管理 stands on: the caller's company with its codes, the company's own operators
// found (another company's answers 404) and locked, a row of the list, and the role of its own an operator gets.
import {
  describeOperatorCodes,
  listLeafCodes,
  maskMobile,
  MSG,
  OPERATOR_STATUS,
  OPERATOR_STATUS_LABELS,
  operatorPermissionTree,
  type OperatorListRow,
  type PermissionNode,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { SmsService } from '../sms/service.ts';
import type { CompanyRow, UsersService } from '../users/service.ts';
import * as repo from './repo.ts';

export type OperatorsDeps = Pick<PlatformDeps, 'db'> & {
  audit: AuditService;
  users: UsersService;
  auth: AuthService;
  sms: SmsService;
  otp: OtpService;
};

/** The signed-in operator managing their company's accounts, and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

/** The company with its codes as the menu tree shows them. */
export type CompanyScope = { company: CompanyRow; codes: readonly string[]; tree: PermissionNode[] };

export async function loadScope(
  deps: Pick<OperatorsDeps, 'users'>,
  companyId: number,
): Promise<CompanyScope> {
  const company = await deps.users.findCompany(companyId);
  // The session outlived its company.
  if (company === undefined) throw notFound();
  const codes = await deps.users.listCompanyRoleCodes(companyId);
  const tree = operatorPermissionTree({
    identityType: company.identityType,
    isAgent: company.isAgent,
    codes,
  });
  return { company, codes, tree };
}

/** What the caller may hand on: the company's codes the caller holds. */
export function grantableOf(actor: Pick<Actor, 'codes'>, scope: CompanyScope): string[] {
  const own: ReadonlySet<string> = new Set(actor.codes);
  return scope.codes.filter((code) => own.has(code));
}

export function holdsAll(scope: CompanyScope, codes: readonly string[]): boolean {
  const held: ReadonlySet<string> = new Set(codes);
  return listLeafCodes(scope.tree, scope.codes).every((code) => held.has(code));
}

export function toListRow(item: repo.OperatorItem, scope: CompanyScope, actor: Pick<Actor, 'operatorId'>) {
  const codes = item.role?.codes ?? [];
  const status = item.operator.disabled ? OPERATOR_STATUS.disabled : OPERATOR_STATUS.normal;
  const row: OperatorListRow = {
    id: item.operator.id,
    username: item.user.username,
    nickname: item.user.nickname,
    mobileMasked: item.user.mobile === null ? null : maskMobile(item.user.mobile),
    permissions: describeOperatorCodes(scope.tree, codes),
    isFullRole: holdsAll(scope, codes),
    isMain: item.operator.manager,
    status,
    statusLabel: OPERATOR_STATUS_LABELS[status],
    lastSignInAt: item.lastSignInAt?.toISOString() ?? null,
    isSelf: item.operator.id === actor.operatorId,
    version: item.version,
  };
  return row;
}

export async function findOwn(
  tx: Db,
  actor: Pick<Actor, 'companyId'>,
  id: number,
): Promise<repo.OperatorItem> {
  const item = await repo.findOperator(tx, actor.companyId, id);
  if (item === undefined) throw notFound();
  return item;
}

/** In a transaction holding the company's operators: the operator, its version checked when one was given. */
export async function lockOwn(
  tx: Db,
  actor: Pick<Actor, 'companyId'>,
  id: number,
  version: string | undefined,
): Promise<repo.OperatorItem> {
  await repo.lockCompanyOperators(tx, actor.companyId);
  const item = await findOwn(tx, actor, id);
  if (version !== undefined && item.version !== version) throw conflict();
  return item;
}

/** Neither the main operator nor the caller is stopped or reset from this page. */
export function assertTouchable(actor: Pick<Actor, 'operatorId'>, item: repo.OperatorItem): void {
  if (item.operator.manager) throw refused(MSG.operatorMainUntouchable);
  if (item.operator.id === actor.operatorId) throw refused(MSG.operatorSelfUntouchable);
}

/** The name of the role of its own an operator gets when the company chooses its codes. */
export function ownRoleName(username: string): string {
  return `${username}的权限`;
}

/**
 * Gives the operator exactly `codes`: in place on a role of its own (one of the company's that nobody else
 * uses), else on a new role of its own. The operator's secondary choices are cleared, so that what the company
 * chose is what takes effect.
 */
export async function setCodes(
  tx: Db,
  companyId: number,
  item: repo.OperatorItem,
  codes: string[],
): Promise<void> {
  const role = item.role;
  const isOwnRole =
    role !== null &&
    role.companyId === companyId &&
    (await repo.countOtherRoleUsers(tx, role.id, item.operator.id)) === 0;
  if (isOwnRole) {
    await repo.updateRoleCodes(tx, role.id, codes);
    await repo.updateOperator(tx, item.operator.id, { secondaryCodes: [] });
    return;
  }
  const created = await repo.insertRole(tx, {
    companyId,
    name: ownRoleName(item.user.username),
    codes,
  });
  await repo.updateOperator(tx, item.operator.id, { roleId: created.id, secondaryCodes: [] });
}
