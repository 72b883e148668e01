// The users module owns companies, users, operators and roles. It answers who a signed-in operator is
// (userinfo), what they may do (permissions), and the account facts sign-in needs; it keeps the operator's
// welcome-prompt flag and secondary role.
import {
  ALL_CODES,
  DEFAULT_ROLE_CODES,
  identityName,
  orderProjectPermissions,
  type PermissionCode,
  type PermissionsResult,
  type SessionUser,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { AuditService } from '../audit/service.ts';
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

/** The signed-in operator changing their own settings, and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type UsersService = ReturnType<typeof createUsersService>;

const KNOWN_CODES: ReadonlySet<string> = new Set(ALL_CODES);

/**
 * What a company's role grants: the built-in role of its kind (the identity, or the agent member). A secondary
 * role never reaches beyond it.
 */
function listCompanyRoleCodes(company: repo.CompanyRow): readonly PermissionCode[] {
  const identity = identityName(company.identityType);
  if (identity === undefined) return [];
  return DEFAULT_ROLE_CODES[identity === 'member' && company.isAgent ? 'agent' : identity];
}

/** The operator's role codes, then the secondary codes the company's role allows, each once. */
function listEffectiveCodes(row: repo.OperatorContextRow): string[] {
  const codes = [...(row.role?.codes ?? [])];
  const allowed: ReadonlySet<string> = new Set(listCompanyRoleCodes(row.company));
  for (const code of row.operator.secondaryCodes) {
    if (allowed.has(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

export function createUsersService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;

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
      codes: listEffectiveCodes(row),
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

  return {
    findLoginAccount,
    findLoginAccountByMobile,
    findDefaultOperatorContext,
    findOperatorContext,
    getSessionUser,
    getPermissions,
    cancelPrompt,
    setSecondaryRole,
    hasAnyUser: async (): Promise<boolean> => (await repo.countUsers(db)) > 0,
    /** `tx` lets the caller count the failure in the same transaction as its audit row. */
    recordLoginFailure: (tx: Db, userId: number, input: { maxFailures: number; lockUntil: Date }) =>
      repo.recordLoginFailure(tx, userId, input),
    clearLoginFailures: (tx: Db, userId: number) => repo.clearLoginFailures(tx, userId),
  };
}
