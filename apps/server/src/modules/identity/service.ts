// The identity module owns what the /auth page asks of a signed-in user (gates 2 to 5 of spec 000 section 4,
// SH-6.4): real-name authentication confirmed by face authentication through a QR code, company authentication
// (basic: checked against the approved account-opening record at once; advanced: reviewed by the exchange),
// setting the first password, and completing the login information (/perfectInformation). The user's and the
// company's status fields are written only here and only at decision time, in the decision's transaction, so a
// status the gates read is never ahead of or behind the record that justifies it.
import {
  ACCEPTED_EXAMINE_STATUSES,
  AUTH_STATUS,
  COMPANY_AUTH_STATUS,
  COMPANY_AUTH_STATUS_LABELS,
  companyAuthLevel,
  computeAuthNeeds,
  FACE_AUTH_STATUS,
  FACE_AUTH_STATUS_LABELS,
  IDENTITY,
  maskIdCard,
  maskIdNumberShort,
  maskMobile,
  maskPersonName,
  MSG,
  validateAccountUsername,
  validateCreditCode,
  validateIdNumber,
  validateIdType,
  validatePassword,
  validatePasswordRepeat,
  validateRealName,
  validateReturnReason,
  type AuthStatusResult,
  type CompanyAuthApplication,
  type FaceAuthLink,
  type FaceAuthResult,
  type FaceConfirmView,
  type PageResult,
  type UserAuthentication,
} from '@cqjy/domain';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Viewer } from '../attachments/service.ts';
import {
  builtinFaceProvider,
  hashFaceToken,
  unusedFaceTokenHash,
  type FaceAuthProvider,
} from './face-provider.ts';
import * as repo from './repo.ts';

/** The signed-in operator and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type RealNameInput = { realName: string; idType: number; idCard: string };
export type CompanyAuthInput = {
  companyName: string;
  creditCode: string;
  legalPerson?: string | undefined;
  /** the business licence of an advanced application, uploaded under `createId` */
  licenceUuid?: string | undefined;
  createId?: string | undefined;
};
export type CompanyAuthFilter = { status?: number | undefined; page: number; size: number };
export type ExamineInput = { pass: boolean; reason?: string | undefined };
export type PasswordInput = { password: string; password2: string };
export type AccountInput = PasswordInput & { username: string };

/** The attachments record class of the business licences of advanced company authentication. */
export const COMPANY_AUTH_DATA_CLASS = 'companyAuth';

export type IdentityService = ReturnType<typeof createIdentityService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Postgres refuses a malformed uuid with an error; a malformed id simply names no request. */
function assertUuid(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/** A pending request whose QR code has lapsed reads as expired; a new code (POST /api/operator/face) revives it. */
function effectiveFaceStatus(status: number, expiresAt: Date, now: Date): number {
  return status === FACE_AUTH_STATUS.pending && expiresAt.getTime() <= now.getTime()
    ? FACE_AUTH_STATUS.expired
    : status;
}

function isExamineAccepted(status: number | null): boolean {
  return status === null || ACCEPTED_EXAMINE_STATUSES.includes(status);
}

export function createIdentityService(
  deps: Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'audit' | 'users' | 'attachments' | 'tasks'> & {
    faceProvider?: FaceAuthProvider;
  },
) {
  const { db, config, clock, audit, users, attachments, tasks } = deps;
  const faceProvider = deps.faceProvider ?? builtinFaceProvider;
  const faceTtlMs = config.faceAuthTtlS * 1000;

  async function loadAccount(actor: Actor) {
    const [user, company] = await Promise.all([
      users.findUser(actor.userId),
      users.findCompany(actor.companyId),
    ]);
    // The session outlived its account: nothing of it can be shown or changed.
    if (user === undefined || company === undefined) throw notFound();
    return { user, company };
  }

  async function getAuthStatus(actor: Actor): Promise<AuthStatusResult> {
    const { user, company } = await loadAccount(actor);
    const pending =
      user.authStatus === AUTH_STATUS.inProgress ? await repo.findPendingFaceRequest(db, user.id) : undefined;
    return {
      identityType: actor.identityType,
      authStatus: user.authStatus,
      companyAuthStatus: company.companyAuthStatus,
      idType: user.idType,
      setupPassword: user.setupPassword,
      pendingPhone: user.pendingPhone === null ? null : maskMobile(user.pendingPhone),
      examineStatus: company.examineStatus,
      companyAuthReason: company.companyAuthReason,
      companyAuthLevel: companyAuthLevel(actor.identityType, company.advancedAuthFlag),
      pendingRequestId: pending?.id ?? null,
      needs: computeAuthNeeds({
        identityType: actor.identityType,
        idType: user.idType,
        authStatus: user.authStatus,
        companyAuthStatus: company.companyAuthStatus,
        advancedAuthFlag: company.advancedAuthFlag,
        setupPassword: user.setupPassword,
        pendingPhone: user.pendingPhone,
      }),
    };
  }

  async function getAuthentication(actor: Actor): Promise<UserAuthentication> {
    const { user, company } = await loadAccount(actor);
    return {
      realName: user.realName,
      idType: user.idType,
      idCardMasked: user.idCard === null ? null : maskIdCard(user.idCard),
      authStatus: user.authStatus,
      companyName: company.name,
      creditCode: company.creditCode,
      legalPerson: company.legalPerson,
      companyAuthStatus: company.companyAuthStatus,
      companyAuthReason: company.companyAuthReason,
    };
  }

  /**
   * Opens a face-authentication request for the name and ID number given (the user is then 认证中, gate 5). A
   * new request ends the user's earlier pending ones. The ID number is stored as given, for the certificates;
   * it is never logged nor audited.
   */
  async function startRealName(actor: Actor, input: RealNameInput): Promise<{ requestId: string }> {
    const { user, company } = await loadAccount(actor);
    const needs = computeAuthNeeds({
      identityType: actor.identityType,
      idType: user.idType,
      authStatus: user.authStatus,
      companyAuthStatus: company.companyAuthStatus,
      advancedAuthFlag: company.advancedAuthFlag,
      setupPassword: user.setupPassword,
      pendingPhone: user.pendingPhone,
    });
    if (!needs.realName) throw refused(MSG.realNameDone);
    const realName = input.realName.trim();
    const idCard = input.idCard.trim();
    const now = clock.now();
    const message =
      validateRealName(realName) ??
      validateIdType(actor.identityType, input.idType) ??
      validateIdNumber(input.idType, idCard, now);
    if (message !== null) throw refused(message);
    const row = await db.transaction(async (tx) => {
      await repo.expirePendingFaceRequests(tx, user.id, now);
      const inserted = await repo.insertFaceRequest(tx, {
        userId: user.id,
        operatorId: actor.operatorId,
        realName,
        idType: input.idType,
        idCard,
        status: FACE_AUTH_STATUS.pending,
        tokenHash: unusedFaceTokenHash(),
        provider: faceProvider.name,
        createdAt: now,
        expiresAt: new Date(now.getTime() + faceTtlMs),
      });
      await users.updateUser(tx, user.id, { authStatus: AUTH_STATUS.inProgress });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'realname.start',
        result: 'ok',
        target: inserted.id,
        detail: { idType: input.idType, realName: maskPersonName(realName), provider: faceProvider.name },
      });
      return inserted;
    });
    return { requestId: row.id };
  }

  /** The caller's own request; another user's answers as missing. */
  async function findOwnRequest(actor: Actor, requestId: string): Promise<repo.FaceAuthRow> {
    const row = await repo.findFaceRequest(db, assertUuid(requestId));
    if (row === undefined || row.userId !== actor.userId) throw notFound();
    return row;
  }

  /** A new secret (the old link stops working) valid for FACE_AUTH_TTL_S, written before it is handed out. */
  async function issueLink(
    actor: Actor,
    row: repo.FaceAuthRow,
    requestOrigin: string,
  ): Promise<FaceAuthLink> {
    const issued = faceProvider.start({ requestId: row.id, baseUrl: config.publicUrl ?? requestOrigin });
    const expiresAt = new Date(clock.now().getTime() + faceTtlMs);
    await db.transaction(async (tx) => {
      const isReplaced = await repo.replaceFaceSecret(tx, row.id, { tokenHash: issued.tokenHash, expiresAt });
      if (!isReplaced) throw refused(MSG.faceRequestClosed);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'face.link',
        result: 'ok',
        target: row.id,
        detail: { expiresAt: expiresAt.toISOString() },
      });
    });
    return {
      confirmUrl: issued.confirmUrl,
      expiresAt: expiresAt.toISOString(),
      realNameMasked: maskPersonName(row.realName),
    };
  }

  /**
   * POST /api/operator/face: the link and its QR code (SVG) for the scan page. `requestOrigin` (scheme and host
   * of the call) is used when PUBLIC_URL is not set.
   */
  async function issueFaceLink(
    actor: Actor,
    requestId: string,
    requestOrigin: string,
  ): Promise<FaceAuthLink> {
    const row = await findOwnRequest(actor, requestId);
    if (row.status !== FACE_AUTH_STATUS.pending) throw refused(MSG.faceRequestClosed);
    const link = await issueLink(actor, row, requestOrigin);
    return { ...link, qrSvg: await QRCode.toString(link.confirmUrl, { type: 'svg', margin: 1 }) };
  }

  /** GET /api/operator/result/cfcaUrlData: a fresh link of the caller's pending request for this ID number. */
  async function reissueByIdCard(actor: Actor, idCard: string, requestOrigin: string): Promise<FaceAuthLink> {
    const row = await repo.findPendingFaceRequest(db, actor.userId, idCard.trim());
    if (row === undefined) throw refused(MSG.faceNoPendingRequest);
    return issueLink(actor, row, requestOrigin);
  }

  async function readFaceResult(actor: Actor, requestId: string): Promise<FaceAuthResult> {
    const row = await findOwnRequest(actor, requestId);
    const status = effectiveFaceStatus(await faceProvider.readResult(row), row.expiresAt, clock.now());
    return { status, statusLabel: FACE_AUTH_STATUS_LABELS[status] ?? '' };
  }

  async function findByToken(token: string): Promise<repo.FaceAuthRow> {
    const row = await repo.findFaceRequestByTokenHash(db, hashFaceToken(token));
    if (row === undefined) throw notFound();
    return row;
  }

  /** The public page's view: the person masked, so a leaked link reveals little. */
  async function viewFaceConfirm(token: string): Promise<FaceConfirmView> {
    const row = await findByToken(token);
    return {
      realName: maskPersonName(row.realName),
      idCard: maskIdNumberShort(row.idCard),
      status: effectiveFaceStatus(row.status, row.expiresAt, clock.now()),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /**
   * The person's decision, once. Passing makes the user real-name authenticated with the request's name and ID
   * (authStatus 1); refusing marks the authentication failed (authStatus 3). Both in the decision's transaction.
   */
  async function decideFaceConfirm(
    token: string,
    isAgreed: boolean,
    origin: RequestOrigin,
  ): Promise<FaceAuthResult> {
    const row = await findByToken(token);
    if (row.status !== FACE_AUTH_STATUS.pending) throw conflict(MSG.faceAlreadyDecided);
    const now = clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) throw refused(MSG.faceQrExpired);
    const status = isAgreed ? FACE_AUTH_STATUS.passed : FACE_AUTH_STATUS.refused;
    await db.transaction(async (tx) => {
      const decided = await repo.decideFaceRequest(tx, row.id, { status, decidedAt: now });
      if (decided === undefined) throw conflict(MSG.faceAlreadyDecided);
      await users.updateUser(
        tx,
        row.userId,
        isAgreed
          ? {
              realName: row.realName,
              idType: row.idType,
              idCard: row.idCard,
              authStatus: AUTH_STATUS.authenticated,
            }
          : { authStatus: AUTH_STATUS.failed },
      );
      await audit.append(tx, {
        userId: row.userId,
        operatorId: row.operatorId,
        ip: origin.ip,
        userAgent: origin.userAgent,
        action: 'face.confirm',
        result: isAgreed ? 'ok' : 'refused',
        target: row.id,
        detail: { status, provider: row.provider },
      });
    });
    return { status, statusLabel: FACE_AUTH_STATUS_LABELS[status] ?? '' };
  }

  /** The licence the applicant uploaded under the draft id: it must be one of the company's own files there. */
  async function assertLicence(actor: Actor, input: CompanyAuthInput): Promise<{ createId: string }> {
    const { licenceUuid, createId } = input;
    if (licenceUuid === undefined || licenceUuid === '' || createId === undefined || createId === '') {
      throw refused(MSG.licenceRequired);
    }
    const files = await attachments.listRelated(actor, {
      dataClass: COMPANY_AUTH_DATA_CLASS,
      dataId: createId,
    });
    if (!files.some((file) => file.uuid === licenceUuid)) throw refused(MSG.licenceMissing);
    return { createId };
  }

  /**
   * Company authentication. Basic (transferor, land, admin): the name and code must be those of the company's
   * approved (or review-free) record, and it is authenticated at once. Advanced (member, assessment, disassembly
   * when flagged): the code must be the record's, a business licence is required, and the exchange reviews it.
   */
  async function validateCompany(
    actor: Actor,
    input: CompanyAuthInput,
  ): Promise<{ companyAuthStatus: number; message: string }> {
    const { company } = await loadAccount(actor);
    const companyName = input.companyName.trim();
    const creditCode = input.creditCode.trim();
    const legalPerson =
      input.legalPerson === undefined || input.legalPerson.trim() === '' ? null : input.legalPerson.trim();
    if (companyName === '') throw refused(MSG.companyNameRequired);
    const codeMessage = validateCreditCode(creditCode);
    if (codeMessage !== null) throw refused(codeMessage);
    const level = companyAuthLevel(actor.identityType, company.advancedAuthFlag);
    if (level === null || company.companyAuthStatus === COMPANY_AUTH_STATUS.authenticated) {
      throw refused(MSG.companyAuthNotNeeded);
    }
    if (company.companyAuthStatus === COMPANY_AUTH_STATUS.underReview)
      throw refused(MSG.companyAuthUnderReview);
    const isMismatch =
      level === 'basic'
        ? companyName !== company.name || creditCode !== company.creditCode
        : company.creditCode !== null && creditCode !== company.creditCode;
    if (level === 'basic' && !isExamineAccepted(company.examineStatus)) throw refused(MSG.companyNotApproved);
    if (isMismatch) {
      await audit.append(db, {
        ...toAuditActor(actor),
        action: 'company.auth',
        result: 'fail',
        target: String(company.id),
        detail: { level, reason: 'mismatch' },
      });
      throw refused(MSG.companyMismatch);
    }
    const licence = level === 'advanced' ? await assertLicence(actor, input) : undefined;
    const status = level === 'basic' ? COMPANY_AUTH_STATUS.authenticated : COMPANY_AUTH_STATUS.underReview;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const request = await repo.insertCompanyAuth(tx, {
        companyId: company.id,
        operatorId: actor.operatorId,
        level,
        companyName,
        creditCode,
        legalPerson,
        status,
        createdAt: now,
        decidedAt: level === 'basic' ? now : null,
      });
      if (licence !== undefined) {
        const record = { dataClass: COMPANY_AUTH_DATA_CLASS, dataId: String(request.id) };
        await attachments.bindDraft(tx, { companyId: company.id, ...record, createId: licence.createId });
        // The licence is the evidence of the review: it can no longer be deleted.
        await attachments.lockRecord(tx, record);
      }
      await users.updateCompany(tx, company.id, { companyAuthStatus: status, companyAuthReason: null });
      // an advanced authentication waits for the exchange's review in its 待办任务
      if (level === 'advanced') {
        await tasks.open(
          tx,
          {
            subject: 'companyAuth',
            subjectId: request.id,
            step: 'companyAuthReview',
            subjectName: companyName,
            companyId: company.id,
            type: 'Review',
            routeName: 'companyList',
            routeQuery: { tab: 'auth', id: request.id },
            assignee: { identity: IDENTITY.admin },
          },
          now,
        );
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'company.auth',
        result: 'ok',
        target: String(request.id),
        detail: { level, status, companyId: company.id },
      });
    });
    return {
      companyAuthStatus: status,
      message: level === 'basic' ? MSG.companyAuthOk : MSG.companyAuthSubmitted,
    };
  }

  async function listCompanyAuth(
    viewer: Viewer,
    filter: CompanyAuthFilter,
  ): Promise<PageResult<CompanyAuthApplication>> {
    const page = await repo.listCompanyAuth(db, filter);
    const list = await Promise.all(
      page.list.map(async ({ request, identityType }): Promise<CompanyAuthApplication> => {
        const files =
          request.level === 'advanced'
            ? await attachments.listRelated(viewer, {
                dataClass: COMPANY_AUTH_DATA_CLASS,
                dataId: String(request.id),
              })
            : [];
        return {
          id: request.id,
          companyId: request.companyId,
          identityType,
          level: request.level === 'advanced' ? 'advanced' : 'basic',
          companyName: request.companyName,
          creditCode: request.creditCode,
          legalPerson: request.legalPerson,
          status: request.status,
          statusLabel: COMPANY_AUTH_STATUS_LABELS[request.status] ?? '',
          reason: request.reason,
          createdAt: request.createdAt.toISOString(),
          decidedAt: request.decidedAt?.toISOString() ?? null,
          licence: files.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
        };
      }),
    );
    return { list, total: page.total };
  }

  /** The exchange's decision on an application under review; a refusal needs a reason (SH-5.6). */
  async function examineCompanyAuth(actor: Actor, id: number, input: ExamineInput): Promise<void> {
    const reason = input.pass ? null : (input.reason ?? '').trim();
    if (reason !== null) {
      const message = validateReturnReason(reason);
      if (message !== null) throw refused(message);
    }
    const existing = await repo.findCompanyAuth(db, id);
    if (existing === undefined) throw notFound();
    const status = input.pass ? COMPANY_AUTH_STATUS.authenticated : COMPANY_AUTH_STATUS.refused;
    await db.transaction(async (tx) => {
      const decided = await repo.decideCompanyAuth(
        tx,
        id,
        { status, reason, decidedAt: clock.now(), decidedBy: actor.userId },
        COMPANY_AUTH_STATUS.underReview,
      );
      if (decided === undefined) throw refused(MSG.companyAuthNotPending);
      await tasks.advance(
        tx,
        { subject: 'companyAuth', subjectId: id },
        { result: input.pass ? 'pass' : 'back', decider: actor, at: clock.now() },
      );
      await users.updateCompany(tx, decided.companyId, {
        companyAuthStatus: status,
        companyAuthReason: reason,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'company.auth.examine',
        result: input.pass ? 'ok' : 'refused',
        target: String(id),
        detail: { companyId: decided.companyId, status, reason },
      });
    });
  }

  function assertNewPassword(input: PasswordInput): void {
    const message =
      validatePassword(input.password) ?? validatePasswordRepeat(input.password, input.password2);
    if (message !== null) throw refused(message);
  }

  /** Gate 3: the first password the user chooses. Later changes go through the profile's SMS-checked call. */
  async function setupPassword(actor: Actor, input: PasswordInput): Promise<void> {
    const { user } = await loadAccount(actor);
    if (user.setupPassword) throw refused(MSG.passwordAlreadySet);
    assertNewPassword(input);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await users.setPasswordHash(tx, user.id, passwordHash);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'password.setup',
        result: 'ok',
        target: String(user.id),
      });
    });
  }

  /**
   * /perfectInformation: the username and the password of an account whose password was never chosen by its
   * user (opened on their behalf). Once done (setupPassword true) it cannot be repeated.
   */
  async function setupAccount(actor: Actor, input: AccountInput): Promise<void> {
    const { user } = await loadAccount(actor);
    if (user.setupPassword) throw refused(MSG.accountAlreadySetUp);
    const username = input.username.trim();
    const usernameMessage = validateAccountUsername(username);
    if (usernameMessage !== null) throw refused(usernameMessage);
    assertNewPassword(input);
    const holder = await users.findUserByUsername(username);
    if (holder !== undefined && holder.id !== user.id) throw refused(MSG.usernameTaken);
    const passwordHash = await hashPassword(input.password);
    try {
      await db.transaction(async (tx: Db) => {
        await users.updateUser(tx, user.id, { username });
        await users.setPasswordHash(tx, user.id, passwordHash);
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'account.setup',
          result: 'ok',
          target: String(user.id),
          detail: { username, previous: user.username },
        });
      });
    } catch (error) {
      // Taken by someone else between the check and the write.
      if (isUniqueViolation(error)) throw refused(MSG.usernameTaken);
      throw error;
    }
  }

  return {
    getAuthStatus,
    getAuthentication,
    startRealName,
    issueFaceLink,
    reissueByIdCard,
    readFaceResult,
    viewFaceConfirm,
    decideFaceConfirm,
    validateCompany,
    listCompanyAuth,
    examineCompanyAuth,
    setupPassword,
    setupAccount,
  };
}
