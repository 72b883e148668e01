// The users module owns companies, users, operators and roles. It answers who a signed-in operator is
// (userinfo), what they may do (permissions), and the account facts sign-in needs.
import type { PermissionsResult, SessionUser } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../platform/errors.ts';
import * as repo from './repo.ts';

/** The facts sign-in needs about an account. */
export type LoginAccount = {
  id: number;
  passwordHash: string;
  lockedUntil: Date | null;
  isDisabled: boolean;
};

/** Who is behind a signed-in session; what the permission guard and the audit log need. */
export type OperatorContext = {
  userId: number;
  operatorId: number;
  companyId: number;
  identityType: number;
  codes: readonly string[];
  isDisabled: boolean;
};

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Db }) {
  const { db } = deps;

  async function findLoginAccount(username: string): Promise<LoginAccount | undefined> {
    const user = await repo.findUserByUsername(db, username);
    if (user === undefined) return undefined;
    return {
      id: user.id,
      passwordHash: user.passwordHash,
      lockedUntil: user.lockedUntil,
      isDisabled: user.disabled,
    };
  }

  async function findDefaultOperatorContext(userId: number): Promise<OperatorContext | undefined> {
    const operator = await repo.findDefaultOperator(db, userId);
    return operator === undefined ? undefined : findOperatorContext(operator.id);
  }

  async function findOperatorContext(operatorId: number): Promise<OperatorContext | undefined> {
    const row = await repo.findOperatorContext(db, operatorId);
    if (row === undefined) return undefined;
    return {
      userId: row.user.id,
      operatorId: row.operator.id,
      companyId: row.company.id,
      identityType: row.company.identityType,
      codes: row.role?.codes ?? [],
      isDisabled: row.user.disabled,
    };
  }

  async function getSessionUser(operatorId: number): Promise<SessionUser> {
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
      manager: operator.manager,
      validated: user.validated,
      authStatus: user.authStatus,
      companyAuthStatus: company.companyAuthStatus,
      mainOperatorAuth: operator.mainOperatorAuth,
      prompt: operator.prompt,
      setupPassword: user.setupPassword,
      pendingPhone: user.pendingPhone,
      identities: await repo.listIdentities(db, user.id),
    };
  }

  async function getPermissions(operatorId: number, isWithProjects: boolean): Promise<PermissionsResult> {
    const row = await repo.findOperatorContext(db, operatorId);
    if (row === undefined) throw unauthorized();
    return {
      permission: [...(row.role?.codes ?? [])],
      permissionProject: isWithProjects ? row.company.projectPermissions : [],
    };
  }

  return {
    findLoginAccount,
    findDefaultOperatorContext,
    findOperatorContext,
    getSessionUser,
    getPermissions,
    hasAnyUser: async (): Promise<boolean> => (await repo.countUsers(db)) > 0,
    /** `tx` lets the caller count the failure in the same transaction as its audit row. */
    recordLoginFailure: (tx: Db, userId: number, input: { maxFailures: number; lockUntil: Date }) =>
      repo.recordLoginFailure(tx, userId, input),
    clearLoginFailures: (tx: Db, userId: number) => repo.clearLoginFailures(tx, userId),
  };
}
