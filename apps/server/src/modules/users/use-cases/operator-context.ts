// Who a signed-in operator is (userinfo, the session's context) and what they may do (permissions).
import {
  orderProjectPermissions,
  type PermissionCode,
  type PermissionsResult,
  type ProjectPermission,
  type SessionUser,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { unauthorized } from '../../../platform/errors.ts';
import { listCompanyRoleCodes as listRoleCodesOf, listEffectiveCodes } from '../codes.ts';
import type { OperatorContext, UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The periodic password change is due: the rule is on and the password is older than it allows. */
function isPasswordExpired({ clock, config }: UsersDeps, user: repo.UserRow): boolean {
  if (config.passwordMaxAgeDays === 0) return false;
  const changedAt = user.passwordChangedAt ?? user.createdAt;
  return clock.now().getTime() - changedAt.getTime() > config.passwordMaxAgeDays * DAY_MS;
}

/** `tx` reads inside the caller's transaction (an account opened in it and not yet committed). */
export async function findDefaultOperatorContext(
  deps: UsersDeps,
  userId: number,
  tx: Db = deps.db,
): Promise<OperatorContext | undefined> {
  const operator = await repo.findDefaultOperator(tx, userId);
  return operator === undefined ? undefined : findOperatorContext(deps, operator.id, tx);
}

export async function findOperatorContext(
  { db }: UsersDeps,
  operatorId: number,
  tx: Db = db,
): Promise<OperatorContext | undefined> {
  const row = await repo.findOperatorContext(tx, operatorId);
  if (row === undefined) return undefined;
  return {
    userId: row.user.id,
    operatorId: row.operator.id,
    companyId: row.company.id,
    identityType: row.company.identityType,
    codes: listEffectiveCodes(row),
    isDisabled: row.user.disabled || row.operator.disabled,
  };
}

/** The operator row of an id (with its company id), for checks of scope. */
export async function findOperator({ db }: UsersDeps, operatorId: number) {
  return (await repo.findOperatorContext(db, operatorId))?.operator;
}

export async function getSessionUser(deps: UsersDeps, operatorId: number): Promise<SessionUser> {
  const { db } = deps;
  const row = await repo.findOperatorContext(db, operatorId);
  // The session outlived its operator (removed since sign-in): treat it as signed out.
  if (row === undefined) throw unauthorized();
  const { user, operator, company } = row;
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile,
    companyId: company.id,
    companyName: company.name,
    identityType: company.identityType,
    examineStatus: company.examineStatus,
    idType: user.idType,
    realName: user.realName,
    manager: operator.manager,
    validated: user.validated,
    authStatus: user.authStatus,
    companyAuthStatus: company.companyAuthStatus,
    mainOperatorAuth: operator.mainOperatorAuth,
    prompt: operator.prompt,
    setupPassword: user.setupPassword,
    pendingPhone: user.pendingPhone,
    advancedAuthFlag: company.advancedAuthFlag,
    passwordExpired: isPasswordExpired(deps, user),
    avatarUuid: user.avatarUuid,
    identities: await repo.listIdentities(db, user.id),
  };
}

export async function getPermissions(
  { db }: UsersDeps,
  operatorId: number,
  isWithProjects: boolean,
): Promise<PermissionsResult> {
  const row = await repo.findOperatorContext(db, operatorId);
  if (row === undefined) throw unauthorized();
  return {
    permission: listEffectiveCodes(row),
    permissionProject: isWithProjects ? orderProjectPermissions(row.company.projectPermissions) : [],
  };
}

/**
 * GET /api/app/get/business/permission: the company's asset types per business type (the permissionProject of
 * getPermissions), all in the business types' order, or the one of `businessType` (a key of BUSINESS_TYPES).
 */
export async function listBusinessPermissions(
  deps: UsersDeps,
  operatorId: number,
  businessType: string | undefined,
): Promise<ProjectPermission[]> {
  const { permissionProject } = await getPermissions(deps, operatorId, true);
  return businessType === undefined
    ? permissionProject
    : permissionProject.filter((entry) => entry.businessType === businessType);
}

/** What a company's role allows (the bound of a secondary role); empty for an unknown company. */
export async function listCompanyRoleCodes(
  { db }: UsersDeps,
  companyId: number,
): Promise<readonly PermissionCode[]> {
  const company = await repo.findCompanyById(db, companyId);
  return company === undefined ? [] : listRoleCodesOf(company);
}
