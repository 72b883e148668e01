// The users module owns companies, users, operators and roles. It answers who a signed-in operator is
// (userinfo), what they may do (permissions), and the account facts sign-in needs; it keeps the operator's
// welcome-prompt flag and secondary role.
import {
  ALL_CODES,
  DEFAULT_ROLE_CODES,
  IDENTITY,
  identityName,
  MSG,
  orderProjectPermissions,
  type PermissionCode,
  type PermissionsResult,
  type SessionUser,
} from '@cqjy/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { AuditService } from '../audit/service.ts';
import * as repo from './repo.ts';
import type { companies as companiesTable, users as usersTable } from './tables.ts';
import { ROLE_NAMES, type RoleKey } from './roles.ts';

export type {
  CompanyFilter,
  CompanyPatch,
  CompanyRow,
  OperatorPatch,
  OperatorRow,
  UserPatch,
  UserRow,
} from './repo.ts';

/** A new company with its first (manager, default) operator and that operator's login account. */
export type NewAccount = {
  company: Omit<typeof companiesTable.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;
  user: Omit<typeof usersTable.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
  role: RoleKey;
};

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
  /** the account is disabled, or its company stopped this identity (operators.disabled) */
  isDisabled: boolean;
};

/** The signed-in operator changing their own settings, and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type UsersService = ReturnType<typeof createUsersService>;

const KNOWN_CODES: ReadonlySet<string> = new Set(ALL_CODES);

/**
 * What a company's role grants: the built-in role of its kind (the identity, or the agent member). A secondary
 * role never reaches beyond it.
 */
function listCompanyRoleCodes(
  company: Pick<repo.CompanyRow, 'identityType' | 'isAgent'>,
): readonly PermissionCode[] {
  const identity = identityName(company.identityType);
  if (identity === undefined) return [];
  return DEFAULT_ROLE_CODES[identity === 'member' && company.isAgent ? 'agent' : identity];
}

/** The operator's role codes, then the secondary codes the company's role allows, each once. */
function listEffectiveCodes(row: repo.OperatorContextRow): string[] {
  return effectiveCodes(row.role?.codes ?? [], row.company, row.operator.secondaryCodes);
}

/**
 * The codes an operator holds: its role's, then the secondary codes the company's role allows, each once. Pure,
 * so that the per-request session lookup (auth module) computes them from the row it reads.
 */
export function effectiveCodes(
  roleCodes: readonly string[],
  company: Pick<repo.CompanyRow, 'identityType' | 'isAgent'>,
  secondaryCodes: readonly string[],
): string[] {
  const codes = [...roleCodes];
  const allowed: ReadonlySet<string> = new Set(listCompanyRoleCodes(company));
  for (const code of secondaryCodes) {
    if (allowed.has(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createUsersService(deps: {
  db: Db;
  audit: AuditService;
  clock: Clock;
  config: Pick<Config, 'passwordMaxAgeDays'>;
}) {
  const { db, audit, clock, config } = deps;

  /** The periodic password change is due: the rule is on and the password is older than it allows. */
  function isPasswordExpired(user: repo.UserRow): boolean {
    if (config.passwordMaxAgeDays === 0) return false;
    const changedAt = user.passwordChangedAt ?? user.createdAt;
    return clock.now().getTime() - changedAt.getTime() > config.passwordMaxAgeDays * DAY_MS;
  }

  function toLoginAccount(
    user: Awaited<ReturnType<typeof repo.findUserByUsername>>,
  ): LoginAccount | undefined {
    if (user === undefined) return undefined;
    return {
      id: user.id,
      passwordHash: user.passwordHash,
      lockedUntil: user.lockedUntil,
      isDisabled: user.disabled,
    };
  }

  async function findLoginAccount(username: string): Promise<LoginAccount | undefined> {
    return toLoginAccount(await repo.findUserByUsername(db, username));
  }

  /** Sign-in with an SMS code: the account of a mobile number. */
  async function findLoginAccountByMobile(mobile: string): Promise<LoginAccount | undefined> {
    return toLoginAccount(await repo.findUserByMobile(db, mobile));
  }

  /** `tx` reads inside the caller's transaction (an account opened in it and not yet committed). */
  async function findDefaultOperatorContext(
    userId: number,
    tx: Db = db,
  ): Promise<OperatorContext | undefined> {
    const operator = await repo.findDefaultOperator(tx, userId);
    return operator === undefined ? undefined : findOperatorContext(operator.id, tx);
  }

  async function findOperatorContext(operatorId: number, tx: Db = db): Promise<OperatorContext | undefined> {
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

  // The exchange's name changes rarely, if ever: one look-up per process serves every letter and announcement.
  let exchangeName: string | undefined;
  /** The exchange's name (its company of identity 999), as letters are addressed and announcements signed. */
  async function findExchangeName(): Promise<string> {
    if (exchangeName === undefined) {
      const page = await repo.listCompanies(db, { identityType: IDENTITY.admin, page: 1, size: 1 });
      exchangeName = page.list[0]?.name;
    }
    return exchangeName ?? MSG.exchangeFallbackName;
  }

  let exchangeCompanyId: number | null | undefined;
  /** The exchange's company (identity 999); null before one is registered. `tx`: the caller's transaction. */
  async function findExchangeCompanyId(tx: Db = db): Promise<number | null> {
    if (exchangeCompanyId === undefined || exchangeCompanyId === null) {
      const page = await repo.listCompanies(tx, { identityType: IDENTITY.admin, page: 1, size: 1 });
      exchangeCompanyId = page.list[0]?.id ?? null;
    }
    return exchangeCompanyId;
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
      passwordExpired: isPasswordExpired(user),
      avatarUuid: user.avatarUuid,
      identities: await repo.listIdentities(db, user.id),
    };
  }

  async function getPermissions(operatorId: number, isWithProjects: boolean): Promise<PermissionsResult> {
    const row = await repo.findOperatorContext(db, operatorId);
    if (row === undefined) throw unauthorized();
    return {
      permission: listEffectiveCodes(row),
      permissionProject: isWithProjects ? orderProjectPermissions(row.company.projectPermissions) : [],
    };
  }

  /** Gate 6: the operator has seen the welcome prompt. */
  async function cancelPrompt(actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.updateOperator(tx, actor.operatorId, { prompt: false });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'prompt.cancel',
        result: 'ok',
        target: String(actor.operatorId),
      });
    });
  }

  /**
   * Stores the codes the operator chose as their secondary role. Unknown codes are dropped; the company's role
   * bounds what takes effect (listEffectiveCodes), so choosing more than it grants gains nothing.
   */
  async function setSecondaryRole(actor: Actor, codes: readonly string[]): Promise<void> {
    const chosen = [...new Set(codes.filter((code) => KNOWN_CODES.has(code)))];
    await db.transaction(async (tx) => {
      await repo.updateOperator(tx, actor.operatorId, { secondaryCodes: chosen });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'role.secondary',
        result: 'ok',
        target: String(actor.operatorId),
        detail: { codes: chosen },
      });
    });
  }

  /**
   * Opens a company with its first operator (manager, default identity, the built-in role of `role`) and the
   * operator's login account, in the caller's transaction. Answers the three ids.
   */
  async function createAccount(
    tx: Db,
    input: NewAccount,
  ): Promise<{ companyId: number; userId: number; operatorId: number }> {
    const role = await repo.findBuiltInRole(tx, ROLE_NAMES[input.role]);
    const company = await repo.insertCompany(tx, input.company);
    const user = await repo.insertUser(tx, input.user);
    const operator = await repo.insertOperator(tx, {
      userId: user.id,
      companyId: company.id,
      roleId: role?.id ?? null,
      manager: true,
      isDefault: true,
    });
    return { companyId: company.id, userId: user.id, operatorId: operator.id };
  }

  /** Sets a new password hash: the password counts as set (gate 3) and its age starts now; a lock is lifted. */
  async function setPasswordHash(tx: Db, userId: number, passwordHash: string): Promise<void> {
    await repo.updateUser(tx, userId, {
      passwordHash,
      setupPassword: true,
      passwordChangedAt: clock.now(),
      failedLogins: 0,
      lockedUntil: null,
    });
  }

  return {
    createAccount,
    setPasswordHash,
    findUser: (userId: number) => repo.findUserById(db, userId),
    findUserByUsername: (username: string) => repo.findUserByUsername(db, username),
    listUsersByMobile: (mobile: string) => repo.listUsersByMobile(db, mobile),
    /** `tx`: the caller's transaction, to read inside it */
    findCompany: (companyId: number, tx: Db = db) => repo.findCompanyById(tx, companyId),
    findCompanyByCreditCode: (creditCode: string) => repo.findCompanyByCreditCode(db, creditCode),
    findCompanyByName: (name: string, identityType: number, tx: Db = db) =>
      repo.findCompanyByName(tx, name, identityType),
    listCompanies: (filter: repo.CompanyFilter) => repo.listCompanies(db, filter),
    listCompanyOperators: (companyId: number) => repo.listCompanyOperators(db, companyId),
    listOperatorIds: (tx: Db, userId: number) => repo.listOperatorIds(tx, userId),
    /** The operator row of an id (with its company id), for checks of scope. */
    findOperator: async (operatorId: number) => (await repo.findOperatorContext(db, operatorId))?.operator,
    /** Changes in the caller's transaction; the caller writes the audit row. */
    updateUser: (tx: Db, userId: number, patch: repo.UserPatch) => repo.updateUser(tx, userId, patch),
    /** false when `expectedVersion` is given and the company changed since (status 409 for the caller). */
    updateCompany: (tx: Db, companyId: number, patch: repo.CompanyPatch, expectedVersion?: number) =>
      repo.updateCompany(tx, companyId, patch, expectedVersion),
    updateOperator: (tx: Db, operatorId: number, patch: repo.OperatorPatch) =>
      repo.updateOperator(tx, operatorId, patch),
    findLoginAccount,
    findLoginAccountByMobile,
    findDefaultOperatorContext,
    findOperatorContext,
    findExchangeName,
    findExchangeCompanyId,
    getSessionUser,
    getPermissions,
    cancelPrompt,
    setSecondaryRole,
    hasAnyUser: async (): Promise<boolean> => (await repo.countUsers(db)) > 0,
    /** `tx` lets the caller count the failure in the same transaction as its audit row. */
    recordLoginFailure: (tx: Db, userId: number, input: { maxFailures: number; lockUntil: Date }) =>
      repo.recordLoginFailure(tx, userId, input),
    clearLoginFailures: (tx: Db, userId: number) => repo.clearLoginFailures(tx, userId),
    /** What a company's role allows (the bound of a secondary role); empty for an unknown company. */
    listCompanyRoleCodes: async (companyId: number): Promise<readonly PermissionCode[]> => {
      const company = await repo.findCompanyById(db, companyId);
      return company === undefined ? [] : listCompanyRoleCodes(company);
    },
  };
}
