// The operators module: 账号管理, a company's management of its own operators. It adds an operator (a new login
// account that signs in by SMS code and then chooses its password, gate 3), gives it codes within the company's
// (the built-in role of the company's kind, never beyond, and never beyond what the granting operator holds
// themselves), stops and restarts it (a stopped operator cannot sign in to the company: auth checks
// operators.disabled), resets its password, and moves the 主操作员 flag to another operator on an SMS code sent to
// the current main operator. Everything is scoped to the caller's company: another company's operator answers 404.
//
// Rules where the specification is silent:
//   - each operator the company restricts has a role of its own (company_id set, named after the username); the
//     main operator holds the built-in role of the company's kind, whose codes are the company's;
//   - the version of an operator is its row's change time in microseconds; every change here gives a new one and
//     a stale version answers 409;
//   - the main operator and the caller themselves are neither stopped nor reset here;
//   - a new account's mobile may not be any other account's (sign-in by SMS code finds the account by mobile).
import { randomBytes } from 'node:crypto';
import {
  checkNewOperator,
  checkOperatorCodes,
  describeOperatorCodes,
  formatMessage,
  identityName,
  listLeafCodes,
  maskMobile,
  MSG,
  normalizeOperatorName,
  OPERATOR_STATUS,
  OPERATOR_STATUS_LABELS,
  operatorAddedSmsText,
  operatorPermissionTree,
  operatorResetSmsText,
  validateOperatorName,
  type NewOperatorInput,
  type OperatorCodes,
  type OperatorListRow,
  type OperatorQuery,
  type OperatorSaved,
  type OperatorUpdateInput,
  type OperatorView,
  type PageResult,
  type PermissionNode,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { ROLE_NAMES } from '../users/roles.ts';
import type { CompanyRow } from '../users/service.ts';
import * as repo from './repo.ts';

/** The signed-in operator managing their company's accounts, and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type OperatorsService = ReturnType<typeof createOperatorsService>;

/** What the outbox calls the two messages of this module. */
const SMS_PURPOSE = 'operator';

/** The company with its codes as the menu tree shows them. */
type CompanyScope = { company: CompanyRow; codes: readonly string[]; tree: PermissionNode[] };

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/**
 * A password hash nobody can match: the hash of a random secret that is thrown away. It costs a sign-in attempt
 * what a real one costs, so trying a password on a new or reset account tells nothing about it.
 */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** The name of the role of its own an operator gets when the company chooses its codes. */
function ownRoleName(username: string): string {
  return `${username}的权限`;
}

export function createOperatorsService(
  deps: Pick<ModuleDeps, 'db' | 'audit' | 'users' | 'auth' | 'sms' | 'otp'>,
) {
  const { db, audit, users, auth, sms, otp } = deps;

  async function loadScope(companyId: number): Promise<CompanyScope> {
    const company = await users.findCompany(companyId);
    // The session outlived its company.
    if (company === undefined) throw notFound();
    const codes = await users.listCompanyRoleCodes(companyId);
    const tree = operatorPermissionTree({
      identityType: company.identityType,
      isAgent: company.isAgent,
      codes,
    });
    return { company, codes, tree };
  }

  /** What the caller may hand on: the company's codes the caller holds. */
  function grantableOf(actor: Pick<Actor, 'codes'>, scope: CompanyScope): string[] {
    const own: ReadonlySet<string> = new Set(actor.codes);
    return scope.codes.filter((code) => own.has(code));
  }

  function holdsAll(scope: CompanyScope, codes: readonly string[]): boolean {
    const held: ReadonlySet<string> = new Set(codes);
    return listLeafCodes(scope.tree, scope.codes).every((code) => held.has(code));
  }

  function toListRow(item: repo.OperatorItem, scope: CompanyScope, actor: Pick<Actor, 'operatorId'>) {
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

  async function findOwn(tx: Db, actor: Pick<Actor, 'companyId'>, id: number): Promise<repo.OperatorItem> {
    const item = await repo.findOperator(tx, actor.companyId, id);
    if (item === undefined) throw notFound();
    return item;
  }

  /** In a transaction holding the company's operators: the operator, its version checked when one was given. */
  async function lockOwn(
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

  /**
   * Gives the operator exactly `codes`: in place on a role of its own (one of the company's that nobody else
   * uses), else on a new role of its own. The operator's secondary choices are cleared, so that what the company
   * chose is what takes effect.
   */
  async function setCodes(
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

  async function list(actor: Actor, query: OperatorQuery): Promise<PageResult<OperatorListRow>> {
    const scope = await loadScope(actor.companyId);
    const page = await repo.listOperators(db, {
      companyId: actor.companyId,
      keyword: query.keyword,
      isDisabled: query.status === undefined ? undefined : query.status === OPERATOR_STATUS.disabled,
      page: query.page,
      size: query.size,
    });
    return { list: page.list.map((item) => toListRow(item, scope, actor)), total: page.total };
  }

  async function listCodes(actor: Actor): Promise<OperatorCodes> {
    const scope = await loadScope(actor.companyId);
    return {
      identityType: scope.company.identityType,
      isAgent: scope.company.isAgent,
      codes: [...scope.codes],
      grantable: grantableOf(actor, scope),
    };
  }

  async function show(actor: Actor, id: number): Promise<OperatorView> {
    const scope = await loadScope(actor.companyId);
    const item = await findOwn(db, actor, id);
    return {
      ...toListRow(item, scope, actor),
      codes: item.role?.codes ?? [],
      isPasswordSet: item.user.setupPassword,
      createdAt: item.operator.createdAt.toISOString(),
    };
  }

  /** The refusal of a username or mobile another account already has, or null. */
  async function findTaken(
    tx: Db,
    input: Pick<NewOperatorInput, 'username' | 'mobile'>,
  ): Promise<string | null> {
    if ((await users.findUserByUsername(input.username)) !== undefined) return MSG.usernameTaken;
    if (await repo.isMobileTaken(tx, input.mobile)) return MSG.operatorMobileTaken;
    return null;
  }

  /**
   * 新增账号: a new login account (no usable password yet, setupPassword false) and its operator in the caller's
   * company, on a role of its own with the chosen codes, and the SMS telling the person to sign in by code — all
   * in one transaction; the SMS goes to the provider once it has committed.
   */
  async function create(
    actor: Actor,
    input: NewOperatorInput,
  ): Promise<{ saved: OperatorSaved; msg: string }> {
    const problem = checkNewOperator(input);
    if (problem !== null) throw refused(problem);
    const scope = await loadScope(actor.companyId);
    const checked = checkOperatorCodes({
      tree: scope.tree,
      companyCodes: scope.codes,
      chosen: input.codes,
      grantable: grantableOf(actor, scope),
    });
    if (checked.message !== null) throw refused(checked.message);
    const { username, mobile } = input;
    const nickname = normalizeOperatorName(input.nickname);
    const taken = await findTaken(db, input);
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
      if (isUniqueViolation(error)) throw refused((await findTaken(db, input)) ?? MSG.usernameTaken);
      throw error;
    }
  }

  /**
   * 编辑账号: the name and the codes. The main operator's codes are the company's and stay so (only the name
   * changes); anyone else's are replaced by the chosen ones.
   */
  async function update(actor: Actor, id: number, input: OperatorUpdateInput): Promise<OperatorSaved> {
    const nameProblem = validateOperatorName(input.nickname);
    if (nameProblem !== null) throw refused(nameProblem);
    const nickname = normalizeOperatorName(input.nickname);
    const scope = await loadScope(actor.companyId);
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

  /** Neither the main operator nor the caller is stopped or reset from this page. */
  function assertTouchable(actor: Pick<Actor, 'operatorId'>, item: repo.OperatorItem): void {
    if (item.operator.manager) throw refused(MSG.operatorMainUntouchable);
    if (item.operator.id === actor.operatorId) throw refused(MSG.operatorSelfUntouchable);
  }

  /** 停用: the operator cannot sign in to the company any more, and its open sessions end now. */
  async function disable(actor: Actor, id: number, version?: string): Promise<OperatorSaved> {
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
  async function enable(actor: Actor, id: number, version?: string): Promise<OperatorSaved> {
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

  /**
   * 重置密码: the password stops working (setupPassword false, an unusable hash), every session of the account
   * ends, and an SMS tells the person to sign in by code and choose a new one (gate 3). A person who is also an
   * operator of another company is not reset from here: the account is theirs in that company too.
   */
  async function resetPassword(
    actor: Actor,
    id: number,
    version?: string,
  ): Promise<{ saved: OperatorSaved; msg: string }> {
    const scope = await loadScope(actor.companyId);
    const passwordHash = await unusablePasswordHash();
    const outcome = await db.transaction(async (tx) => {
      const item = await lockOwn(tx, actor, id, version);
      assertTouchable(actor, item);
      const mobile = item.user.mobile;
      if (mobile === null) throw refused(MSG.operatorResetNoMobile);
      const companies = await repo.listUserCompanyIds(tx, item.user.id);
      if (companies.some((companyId) => companyId !== actor.companyId))
        throw refused(MSG.operatorResetShared);
      await repo.updateUser(tx, item.user.id, {
        passwordHash,
        setupPassword: false,
        failedLogins: 0,
        lockedUntil: null,
      });
      const revoked = await auth.revokeUserSessions(tx, { userId: item.user.id, exceptSessionId: undefined });
      const smsId = await sms.enqueue(
        tx,
        {
          mobile,
          purpose: SMS_PURPOSE,
          template: 'operatorReset',
          content: operatorResetSmsText({ company: scope.company.name, username: item.user.username }),
        },
        toAuditActor(actor),
      );
      const next = await repo.updateOperator(tx, item.operator.id, {});
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'operator.reset',
        result: 'ok',
        target: String(item.operator.id),
        detail: { username: item.user.username, revokedSessions: revoked, smsId },
      });
      return { id: item.operator.id, version: next, smsId, mobile };
    });
    await sms.deliver(outcome.smsId);
    return {
      saved: { id: outcome.id, version: outcome.version },
      msg: formatMessage(MSG.operatorResetOk, { mobile: maskMobile(outcome.mobile) }),
    };
  }

  /** The caller as the company's main operator, with the mobile the change's code goes to. */
  async function loadMain(actor: Actor): Promise<{ item: repo.OperatorItem; mobile: string }> {
    const item = await findOwn(db, actor, actor.operatorId);
    if (!item.operator.manager) throw refused(MSG.operatorMainOnly);
    if (item.user.mobile === null) throw refused(MSG.mobileNotBound);
    return { item, mobile: item.user.mobile };
  }

  /**
   * 获取验证码 of 变更主操作员: a code of purpose mainChange to the current main operator's own mobile, under the
   * otp service's rules (one send per mobile a minute, five minutes, five tries). Answers the mobile masked.
   */
  async function sendMainCode(actor: Actor): Promise<{ mobileMasked: string }> {
    const { mobile } = await loadMain(actor);
    const candidates = await repo.listOperators(db, {
      companyId: actor.companyId,
      isDisabled: false,
      page: 1,
      size: 2,
    });
    if (!candidates.list.some((candidate) => candidate.operator.id !== actor.operatorId)) {
      throw refused(MSG.operatorMainNoCandidate);
    }
    await otp.issue({
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
  async function changeMain(actor: Actor, input: { operatorId: number; phonecode: string }): Promise<void> {
    const { mobile } = await loadMain(actor);
    if (input.operatorId === actor.operatorId) throw refused(MSG.operatorMainSame);
    const target = await findOwn(db, actor, input.operatorId);
    if (target.operator.disabled) throw refused(MSG.operatorMainTargetDisabled);
    await otp.assertCode({ mobile, purpose: 'mainChange', code: input.phonecode, isConsuming: true });
    const scope = await loadScope(actor.companyId);
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

  return {
    list,
    listCodes,
    show,
    create,
    update,
    disable,
    enable,
    resetPassword,
    sendMainCode,
    changeMain,
  };
}
