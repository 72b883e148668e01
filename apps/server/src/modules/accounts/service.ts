// The accounts module owns project-owner account opening (gate 1, SH-4.5) and the exchange's review of it: the
// registration that opens a company, its first operator and login account in one step and signs the new user
// in; the company application the owner completes and submits (step 2); and the organisation review of
// 机构管理, which approves a complete application (with an optional opinion) or returns it with a reason. The
// company rows belong to the users module; this module keeps the history of every register, submit, return and
// approval with what was submitted and what the reviewer wrote.
import {
  approvalMissingMessage,
  BUSINESS_LICENSE_TAG,
  COMPANY_AUTH_STATUS,
  COMPANY_AUTH_STATUS_LABELS,
  COMPANY_EDITABLE_FIELDS,
  COMPANY_OPENING_DATA_CLASS,
  EXAMINE_ACTION_LABELS,
  EXAMINE_STATUS,
  EXAMINE_STATUS_LABELS,
  IDENTITY,
  IDENTITY_LABELS,
  identityName,
  isApplicationEditable,
  listMissingForApproval,
  MSG,
  normalizeRegulator,
  validateCompanyDraft,
  validateCompanySubmission,
  validateRegistration,
  validateApprovalOpinion,
  validateReturnReason,
  type AttachmentItem,
  type CompanyApplication,
  type CompanyApplicationFields,
  type CompanyDetail,
  type CompanyListItem,
  type CompanyStatusCheck,
  type LoginResult,
  type PageResult,
  type RegisterAccountInput,
} from '@cqjy/domain';
import type { CompanyApplicationInput, CompanyExamineInput } from '@cqjy/domain/contracts/accounts';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Viewer } from '../attachments/service.ts';
import type { CompanyFilter, CompanyRow } from '../users/service.ts';
import * as repo from './repo.ts';

/** A signed-in caller and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type RegisterInput = RegisterAccountInput &
  RequestOrigin & {
    /** the caller's anonymous session, revoked once the new account is signed in */
    token: string | undefined;
  };

export type AccountsService = ReturnType<typeof createAccountsService>;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/** Trimmed text, with an empty field stored as none. */
function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function statusLabel(labels: Record<number, string>, status: number | null): string {
  return status === null ? '' : (labels[status] ?? String(status));
}

function identityLabel(identityType: number): string {
  const name = identityName(identityType);
  return name === undefined ? String(identityType) : IDENTITY_LABELS[name];
}

function pickFields(company: CompanyRow): CompanyApplicationFields & { name: string } {
  return {
    name: company.name,
    legalPerson: company.legalPerson,
    address: company.address,
    contactName: company.contactName,
    regulatoryBodies: company.regulatoryBodies,
    regulatoryBodiesProvince: company.regulatoryBodiesProvince,
    regulatoryBodiesCity: company.regulatoryBodiesCity,
    stateFundedEnter: company.stateFundedEnter,
    stateCreditCode: company.stateCreditCode,
  };
}

/** The editable fields of a save or submit, trimmed, with the province and city the regulator needs only. */
function readFields(input: CompanyApplicationInput): CompanyApplicationFields {
  const fields = Object.fromEntries(
    COMPANY_EDITABLE_FIELDS.map((field) => [field, clean(input[field])]),
  ) as CompanyApplicationFields;
  return normalizeRegulator(fields);
}

export function createAccountsService(
  deps: Pick<
    ModuleDeps,
    'db' | 'config' | 'clock' | 'audit' | 'users' | 'auth' | 'otp' | 'attachments' | 'tasks'
  >,
) {
  const { db, config, clock, audit, users, auth, otp, attachments, tasks } = deps;

  // The applicant's company and the exchange's administrators (who see every file) read the licence files.
  const isApplicant = (viewer: Viewer, record: { dataId: string }) =>
    Promise.resolve(String(viewer.companyId) === record.dataId);
  attachments.registerRecordVisibility(COMPANY_OPENING_DATA_CLASS, isApplicant);
  // Only the applicant adds files to its own application.
  attachments.registerRecordWriteRule(COMPANY_OPENING_DATA_CLASS, isApplicant);

  const recordOf = (companyId: number) => ({
    dataClass: COMPANY_OPENING_DATA_CLASS,
    dataId: String(companyId),
  });

  /** An application's tasks: the exchange's review, which waits in its 待办任务 while it is submitted. */
  const taskSubject = (companyId: number) => ({ subject: 'accountOpening' as const, subjectId: companyId });

  /** Every file of a company's application: the business licence and whatever else was uploaded under it. */
  function listApplicationFiles(viewer: Viewer, companyId: number): Promise<AttachmentItem[]> {
    return attachments.listRelated(viewer, recordOf(companyId));
  }

  async function listLicence(viewer: Viewer, companyId: number): Promise<AttachmentItem[]> {
    const files = await listApplicationFiles(viewer, companyId);
    return files.filter((file) => file.tag === BUSINESS_LICENSE_TAG);
  }

  async function toApplication(company: CompanyRow, viewer: Viewer): Promise<CompanyApplication> {
    const [businessLicense, history] = await Promise.all([
      listLicence(viewer, company.id),
      repo.listExaminations(db, company.id),
    ]);
    return {
      ...pickFields(company),
      id: company.id,
      creditCode: company.creditCode,
      contactMobile: company.contactMobile,
      identityType: company.identityType,
      examineStatus: company.examineStatus,
      examineStatusLabel: statusLabel(EXAMINE_STATUS_LABELS, company.examineStatus),
      examineReason: company.examineReason,
      version: company.version,
      updatedAt: company.updatedAt.toISOString(),
      businessLicense,
      history: history.map((row) => ({
        action: row.action,
        actionLabel: EXAMINE_ACTION_LABELS[row.action] ?? row.action,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** Whether a credit code already has a company, and how far its account opening is (anonymous callers too). */
  async function checkCompanyStatus(creditCode: string): Promise<CompanyStatusCheck> {
    const company = await users.findCompanyByCreditCode(creditCode);
    return { registered: company !== undefined, examineStatus: company?.examineStatus ?? null };
  }

  /** The refusal of a username or credit code someone already has, or null. */
  async function findTaken(
    input: Pick<RegisterAccountInput, 'username' | 'creditCode'>,
  ): Promise<string | null> {
    if ((await users.findUserByUsername(input.username)) !== undefined) return MSG.usernameTaken;
    if ((await users.findCompanyByCreditCode(input.creditCode)) !== undefined) return MSG.creditCodeTaken;
    return null;
  }

  /**
   * Step 1: opens a project owner's company (draft application, not yet company-authenticated), its first
   * operator and login account with the chosen password, and signs the account in in place of the caller's
   * anonymous session. The SMS code (purpose register) is used up only once the rest has been checked, so a
   * taken username does not cost the user a new code.
   */
  async function register(input: RegisterInput): Promise<LoginResult> {
    const problem = validateRegistration(input);
    if (problem !== null) throw refused(problem.message);
    const taken = await findTaken(input);
    if (taken !== null) throw refused(taken);
    await otp.assertCode({ mobile: input.mobile, purpose: 'register', code: input.otp, isConsuming: true });
    const passwordHash = await hashPassword(input.password);
    const replacesSessionId = await auth.findAnonymousSessionId(input.token);
    const now = clock.now();
    const company = {
      name: input.companyName,
      creditCode: input.creditCode,
      contactName: input.contactName,
      contactMobile: input.mobile,
    };
    try {
      return await db.transaction(async (tx) => {
        const ids = await users.createAccount(tx, {
          company: {
            ...company,
            identityType: IDENTITY.transferor,
            examineStatus: EXAMINE_STATUS.draft,
            companyAuthStatus: COMPANY_AUTH_STATUS.none,
          },
          user: {
            username: input.username,
            mobile: input.mobile,
            passwordHash,
            nickname: input.contactName,
            idType: null,
            authStatus: 0,
            setupPassword: true,
            passwordChangedAt: now,
          },
          role: 'transferor',
        });
        await repo.insertExamination(tx, {
          companyId: ids.companyId,
          action: 'register',
          reason: null,
          snapshot: company,
          actorUserId: ids.userId,
          createdAt: now,
        });
        await audit.append(tx, {
          userId: ids.userId,
          operatorId: ids.operatorId,
          companyId: ids.companyId,
          identityType: IDENTITY.transferor,
          ip: input.ip,
          userAgent: input.userAgent,
          action: 'account.register',
          result: 'ok',
          target: input.username,
          detail: {
            companyName: input.companyName,
            creditCode: input.creditCode,
            mobile: maskMobile(input.mobile),
          },
        });
        return auth.startSessionForUser(tx, {
          ip: input.ip,
          userAgent: input.userAgent,
          userId: ids.userId,
          replacesSessionId,
          audit: { action: 'login', target: input.username, detail: { method: 'register' } },
        });
      });
    } catch (error) {
      // Someone took the name or the code between the check and the insert.
      if (isUniqueViolation(error)) throw refused((await findTaken(input)) ?? MSG.conflict);
      throw error;
    }
  }

  async function loadOwnCompany(session: SessionContext): Promise<CompanyRow> {
    const company = await users.findCompany(session.companyId);
    // Companies the exchange opened or that never needed the review have no application.
    if (company?.examineStatus === null || company === undefined) throw notFound(MSG.applicationNotFound);
    return company;
  }

  /** The signed-in applicant's own application; there is no way to name another company's. */
  async function getApplication(session: SessionContext): Promise<CompanyApplication> {
    return toApplication(await loadOwnCompany(session), session);
  }

  async function loadEditable(actor: Actor): Promise<CompanyRow> {
    const company = await loadOwnCompany(actor);
    if (!isApplicationEditable(company.examineStatus)) throw refused(MSG.applicationNotEditable);
    return company;
  }

  /** Keeps a draft (status draft or returned); only what is filled in is checked. */
  async function saveApplication(actor: Actor, input: CompanyApplicationInput): Promise<CompanyApplication> {
    const company = await loadEditable(actor);
    const fields = readFields(input);
    const problem = validateCompanyDraft(fields);
    if (problem !== null) throw refused(problem.message);
    await db.transaction(async (tx) => {
      // The name is checked present above; the fallback only satisfies the column's type.
      const patch = { ...fields, name: fields.name ?? company.name };
      if (!(await users.updateCompany(tx, company.id, patch, input.version))) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'company.application.save',
        result: 'ok',
        target: String(company.id),
        detail: { fields },
      });
    });
    return getApplication(actor);
  }

  /**
   * Submits the application for review: every field, the regulator rule and a business licence. The licence
   * files are locked with the submission (a returned applicant adds a corrected one beside them), and the history
   * keeps what was submitted.
   */
  async function submitApplication(
    actor: Actor,
    input: CompanyApplicationInput,
  ): Promise<CompanyApplication> {
    const company = await loadEditable(actor);
    const fields = readFields(input);
    const licence = await listLicence(actor, company.id);
    const problem = validateCompanySubmission(fields, licence.length);
    if (problem !== null) throw refused(problem.message);
    const snapshot = {
      ...fields,
      creditCode: company.creditCode,
      contactMobile: company.contactMobile,
      businessLicense: licence.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
    };
    await db.transaction(async (tx) => {
      const patch = {
        ...fields,
        name: fields.name ?? company.name,
        examineStatus: EXAMINE_STATUS.submitted,
        examineReason: null,
      };
      if (!(await users.updateCompany(tx, company.id, patch, input.version))) throw conflict();
      await attachments.lockRecord(tx, recordOf(company.id));
      await repo.insertExamination(tx, {
        companyId: company.id,
        action: 'submit',
        reason: null,
        snapshot,
        actorUserId: actor.userId,
        createdAt: clock.now(),
      });
      await tasks.advance(
        tx,
        taskSubject(company.id),
        { result: 'resubmitted', decider: actor, at: clock.now() },
        {
          ...taskSubject(company.id),
          step: 'accountOpeningReview',
          subjectName: patch.name,
          companyId: company.id,
          type: 'Review',
          routeName: 'companyList',
          routeQuery: { tab: 'opening', id: company.id },
          assignee: { identity: IDENTITY.admin },
        },
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'company.application.submit',
        result: 'ok',
        target: String(company.id),
        detail: { snapshot },
      });
    });
    return getApplication(actor);
  }

  function toListItem(company: CompanyRow): CompanyListItem {
    return {
      id: company.id,
      name: company.name,
      creditCode: company.creditCode,
      identityType: company.identityType,
      identityLabel: identityLabel(company.identityType),
      examineStatus: company.examineStatus,
      examineStatusLabel: statusLabel(EXAMINE_STATUS_LABELS, company.examineStatus),
      companyAuthStatus: company.companyAuthStatus,
      companyAuthStatusLabel: statusLabel(COMPANY_AUTH_STATUS_LABELS, company.companyAuthStatus),
      version: company.version,
      updatedAt: company.updatedAt.toISOString(),
    };
  }

  /** 机构管理: every company, newest change first, by name or code, identity and statuses. */
  async function listCompanies(query: CompanyFilter): Promise<PageResult<CompanyListItem>> {
    const keyword = clean(query.keyword);
    const page = await users.listCompanies({ ...query, ...(keyword === null ? {} : { keyword }) });
    return { list: page.list.map(toListItem), total: page.total };
  }

  /** An application as the reviewer decides on it: every fact and file the applicant submitted, and who operates. */
  async function showCompany(viewer: Viewer, id: number): Promise<CompanyDetail> {
    const company = await users.findCompany(id);
    if (company === undefined) throw notFound();
    const [application, operators, files] = await Promise.all([
      toApplication(company, viewer),
      users.listCompanyOperators(id),
      listApplicationFiles(viewer, id),
    ]);
    return {
      ...application,
      otherFiles: files.filter((file) => file.tag !== BUSINESS_LICENSE_TAG),
      identityLabel: identityLabel(company.identityType),
      companyAuthStatus: company.companyAuthStatus,
      companyAuthStatusLabel: statusLabel(COMPANY_AUTH_STATUS_LABELS, company.companyAuthStatus),
      operators: operators.map(({ operator, user }) => ({
        id: operator.id,
        username: user.username,
        nickname: user.nickname,
        realName: user.realName,
        mobile: user.mobile,
        manager: operator.manager,
      })),
    };
  }

  /**
   * The text a decision keeps in the history: a return's required reason (SH-5.6), or an approval's optional
   * opinion (审核意见) under the same limit; an empty opinion is none.
   */
  function readExamineReason(input: CompanyExamineInput): string | null {
    if (!input.pass) {
      const reason = (input.reason ?? '').trim();
      const message = validateReturnReason(reason);
      if (message !== null) throw refused(message);
      return reason;
    }
    const opinion = clean(input.reason);
    const message = validateApprovalOpinion(opinion);
    if (message !== null) throw refused(message);
    return opinion;
  }

  /**
   * The exchange's decision on an application under review: approval passes gate 1, and only an application with
   * every required fact and a business licence may have it; a return (with its reason, SH-5.6) sends it back to
   * the applicant, who sees the reason and may correct and resubmit. The reason or opinion goes into the history
   * and the audit log.
   */
  async function examine(actor: Actor, id: number, input: CompanyExamineInput): Promise<void> {
    const reason = readExamineReason(input);
    const company = await users.findCompany(id);
    if (company === undefined) throw notFound();
    // decided by another reviewer since this one was shown the application: a conflict, nothing changes
    if (company.version !== input.version) throw conflict();
    if (company.examineStatus !== EXAMINE_STATUS.submitted) throw refused(MSG.examineNotPending);
    // Checked on the row the reviewer was shown; it cannot change under review except by the version-checked
    // update below, and the locked licence files can only be added to.
    const licence = await listLicence(actor, id);
    if (input.pass) {
      const missing = listMissingForApproval({ ...company, businessLicense: licence });
      if (missing.length > 0) throw refused(approvalMissingMessage(missing));
    }
    const patch = input.pass
      ? { examineStatus: EXAMINE_STATUS.approved, examineReason: null }
      : { examineStatus: EXAMINE_STATUS.returned, examineReason: reason };
    const action = input.pass ? 'approve' : 'return';
    await db.transaction(async (tx) => {
      if (!(await users.updateCompany(tx, id, patch, input.version))) throw conflict();
      await tasks.advance(tx, taskSubject(id), { result: action, decider: actor, at: clock.now() });
      await repo.insertExamination(tx, {
        companyId: id,
        action,
        reason,
        snapshot: {
          ...pickFields(company),
          creditCode: company.creditCode,
          contactMobile: company.contactMobile,
          businessLicense: licence.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
        },
        actorUserId: actor.userId,
        createdAt: clock.now(),
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: `company.examine.${action}`,
        result: 'ok',
        target: String(id),
        detail: { examineStatus: patch.examineStatus, reason },
      });
    });
  }

  return {
    /** registrations a client IP may attempt per minute, the limit of the SMS sends */
    registrationRateMax: config.otpRateMax,
    checkCompanyStatus,
    register,
    getApplication,
    saveApplication,
    submitApplication,
    listCompanies,
    showCompany,
    examine,
  };
}
