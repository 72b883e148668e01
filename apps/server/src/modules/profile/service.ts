// The profile module owns what a person changes about their own account, and getting back into it:
//   - recovery before sign-in: proving the mobile of a username with an SMS code yields a ticket bound to the
//     caller's anonymous session (only its hash is stored, 10 minutes, used once) that sets a new password and
//     signs the account out everywhere; the usernames of a proven mobile; whether a username is taken;
//   - the personal centre: the phone (a self-service change proves both numbers; a number a manager set as
//     pending needs only the new one), the password (an SMS code to the own mobile), the nickname, the avatar
//     and the choices of the secondary role.
// Users' rows are changed through the users service; every change writes its audit row in the same transaction.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  IDENTITY,
  maskMobile,
  MSG,
  validatePassword,
  validatePasswordRepeat,
  type UploadResult,
} from '@cqjy/domain';
import {
  AVATAR_DATA_CLASS,
  AVATAR_TAG,
  checkAvatar,
  normalizeNickname,
  permissionTitle,
  RESET_TICKET_TTL_S,
  validateNickname,
  type PhoneInfo,
  type ResetTicket,
  type SecondaryRoleChoices,
  type UsernameSearchResult,
} from '@cqjy/domain/profile';
import { toAuditActor } from '../../platform/audit.ts';
import { generateToken, type RequestOrigin, type SessionContext } from '../../platform/auth.ts';
import { forbidden, notFound, refused } from '../../platform/errors.ts';
import { drain } from '../../platform/multipart.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { ReceivedFile } from '../attachments/service.ts';
import * as repo from './repo.ts';

/** The signed-in operator and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

/** An anonymous caller of a recovery call: its pre-login session (undefined when it sent none that lives). */
export type AnonymousCaller = RequestOrigin & { sessionId: number | undefined };

export type ProveMobileInput = { username: string; mobile: string; otp: string };
export type ResetPasswordInput = { ticket: string; password: string; password2: string };
export type UpdatePhoneInput = { oldOtp?: string | undefined; mobile: string; otp: string };
export type EditPasswordInput = { phonecode: string; newpassword: string; newpassword2: string };

export type ProfileService = ReturnType<typeof createProfileService>;

/** Tickets travel as random tokens; the table keeps their sha256, like session tokens. */
function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The first message of the password policy that the pair breaks, or null. */
function checkNewPassword(password: string, repeat: string): string | null {
  return validatePassword(password) ?? validatePasswordRepeat(password, repeat);
}

export function createProfileService(
  deps: Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'audit' | 'users' | 'auth' | 'otp' | 'attachments'>,
) {
  const { db, config, clock, audit, users, auth, otp, attachments } = deps;

  // Avatars are shown next to names anywhere in the portal: every signed-in user may see them.
  attachments.registerRecordVisibility(AVATAR_DATA_CLASS, () => Promise.resolve(true));
  // Nobody puts a picture into another user's avatar record.
  attachments.registerRecordWriteRule(AVATAR_DATA_CLASS, (viewer, record) =>
    Promise.resolve(String(viewer.userId) === record.dataId),
  );

  async function loadUser(userId: number) {
    const user = await users.findUser(userId);
    // The session outlived its account.
    if (user === undefined) throw notFound();
    return user;
  }

  // ---- recovery (anonymous) ----

  /**
   * Forgot password, step 1: the retrieve code of the mobile (used up), then the username's account must have
   * that mobile. An unknown username and a wrong mobile get the same answer. Answers a ticket for step 2.
   */
  async function proveMobile(caller: AnonymousCaller, input: ProveMobileInput): Promise<ResetTicket> {
    const origin = { ip: caller.ip, userAgent: caller.userAgent };
    const { sessionId } = caller;
    // A caller without a session cannot be handed a ticket; the route always opens one first.
    if (sessionId === undefined) throw refused(MSG.retrieveTicketInvalid);
    await otp.assertCode({ mobile: input.mobile, purpose: 'retrieve', code: input.otp, isConsuming: true });
    const user = await users.findUserByUsername(input.username);
    if (user?.mobile !== input.mobile) {
      await audit.append(db, {
        ...origin,
        userId: user?.id ?? null,
        action: 'password.retrieve.verify',
        result: 'fail',
        target: input.username,
        detail: { mobile: maskMobile(input.mobile) },
      });
      throw refused(MSG.usernameMobileMismatch);
    }
    const ticket = generateToken();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await repo.retireOpenTickets(tx, user.id, now);
      await repo.insertTicket(tx, {
        userId: user.id,
        sessionId,
        ticketHash: hashTicket(ticket),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TICKET_TTL_S * 1000),
      });
      await audit.append(tx, {
        ...origin,
        userId: user.id,
        action: 'password.retrieve.verify',
        result: 'ok',
        target: user.username,
        detail: { mobile: maskMobile(input.mobile) },
      });
    });
    return { ticket };
  }

  /**
   * Forgot password, step 2: a live ticket of the caller's own anonymous session sets the new password (the
   * policy applies), ends every session of the account and is used up. A refused password leaves the ticket
   * usable, so the person can try another one.
   */
  async function resetPassword(caller: AnonymousCaller, input: ResetPasswordInput): Promise<void> {
    const problem = checkNewPassword(input.password, input.password2);
    if (problem !== null) throw refused(problem);
    const { sessionId } = caller;
    if (sessionId === undefined) throw refused(MSG.retrieveTicketInvalid);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const userId = await repo.consumeTicket(tx, {
        ticketHash: hashTicket(input.ticket),
        sessionId,
        at: clock.now(),
      });
      if (userId === undefined) throw refused(MSG.retrieveTicketInvalid);
      await users.setPasswordHash(tx, userId, passwordHash);
      const revoked = await auth.revokeUserSessions(tx, { userId, exceptSessionId: undefined });
      await audit.append(tx, {
        ip: caller.ip,
        userAgent: caller.userAgent,
        userId,
        action: 'password.reset',
        result: 'ok',
        target: String(userId),
        detail: { revokedSessions: revoked },
      });
    });
  }

  /** Find my username: the retrieve code of the mobile (used up), then the usernames of its accounts. */
  async function searchUsernames(
    caller: RequestOrigin,
    input: { mobile: string; otp: string },
  ): Promise<UsernameSearchResult> {
    await otp.assertCode({ mobile: input.mobile, purpose: 'retrieve', code: input.otp, isConsuming: true });
    const accounts = await users.listUsersByMobile(input.mobile);
    await audit.append(db, {
      ...caller,
      action: 'username.retrieve',
      result: 'ok',
      target: maskMobile(input.mobile),
      detail: { count: accounts.length },
    });
    return { usernames: accounts.map((account) => account.username) };
  }

  /** Whether a username is taken (the account-opening form says so before it is sent). */
  async function isUsernameTaken(username: string): Promise<boolean> {
    return (await users.findUserByUsername(username)) !== undefined;
  }

  // ---- personal centre (signed in) ----

  async function getPhone(actor: Actor): Promise<PhoneInfo> {
    const user = await loadUser(actor.userId);
    return {
      mobile: user.mobile === null ? null : maskMobile(user.mobile),
      pendingPhone: user.pendingPhone === null ? null : maskMobile(user.pendingPhone),
    };
  }

  /**
   * Changes the own mobile. Confirming the number a manager set as pending needs the new number's code only;
   * any other change also needs a code to the current number. Both are phone codes; the current one is checked
   * first and used up only once the new one is right, so a mistyped new code does not cost the old one.
   */
  async function updatePhone(actor: Actor, input: UpdatePhoneInput): Promise<void> {
    const user = await loadUser(actor.userId);
    const isConfirmingPending = user.pendingPhone !== null && input.mobile === user.pendingPhone;
    if (!isConfirmingPending && input.mobile === user.mobile) throw refused(MSG.phoneUnchanged);
    // An account without a mobile (a first administrator) has no current number to prove.
    const current = isConfirmingPending ? null : user.mobile;
    if (current !== null) {
      if (input.oldOtp === undefined) throw refused(MSG.oldOtpRequired);
      await otp.assertCode({ mobile: current, purpose: 'phone', code: input.oldOtp, isConsuming: false });
    }
    await otp.assertCode({ mobile: input.mobile, purpose: 'phone', code: input.otp, isConsuming: true });
    if (current !== null && input.oldOtp !== undefined) {
      await otp.assertCode({ mobile: current, purpose: 'phone', code: input.oldOtp, isConsuming: true });
    }
    await db.transaction(async (tx) => {
      await users.updateUser(tx, user.id, { mobile: input.mobile, pendingPhone: null });
      const revoked = await auth.revokeUserSessions(tx, {
        userId: user.id,
        exceptSessionId: actor.sessionId,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'phone.update',
        result: 'ok',
        target: String(user.id),
        detail: {
          from: user.mobile === null ? null : maskMobile(user.mobile),
          to: maskMobile(input.mobile),
          isConfirmingPending,
          revokedSessions: revoked,
        },
      });
    });
  }

  /**
   * A manager sets the mobile of an operator of their own company (an exchange administrator, of anyone) as
   * pending: the person confirms it with a code on their next visit (gate 4). Not a manager -> 403; an operator
   * of another company -> 404.
   */
  async function assignOperatorMobile(
    actor: Actor,
    input: { operatorId: number; mobile: string },
  ): Promise<void> {
    const isAdmin = actor.identityType === IDENTITY.admin;
    if (!isAdmin && (await users.findOperator(actor.operatorId))?.manager !== true) throw forbidden();
    const operator = await users.findOperator(input.operatorId);
    if (operator === undefined || (!isAdmin && operator.companyId !== actor.companyId)) throw notFound();
    const user = await loadUser(operator.userId);
    if (input.mobile === user.mobile) throw refused(MSG.phoneUnchanged);
    await db.transaction(async (tx) => {
      await users.updateUser(tx, user.id, { pendingPhone: input.mobile });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'phone.assign',
        result: 'ok',
        target: String(user.id),
        detail: { operatorId: operator.id, pendingPhone: maskMobile(input.mobile) },
      });
    });
  }

  /** Changes the own password with a general code to the own mobile; other sessions are signed out. */
  async function editPassword(actor: Actor, input: EditPasswordInput): Promise<void> {
    const problem = checkNewPassword(input.newpassword, input.newpassword2);
    if (problem !== null) throw refused(problem);
    const user = await loadUser(actor.userId);
    if (user.mobile === null) throw refused(MSG.mobileNotBound);
    await otp.assertCode({
      mobile: user.mobile,
      purpose: 'general',
      code: input.phonecode,
      isConsuming: true,
    });
    const passwordHash = await hashPassword(input.newpassword);
    await db.transaction(async (tx) => {
      await users.setPasswordHash(tx, user.id, passwordHash);
      const revoked = await auth.revokeUserSessions(tx, {
        userId: user.id,
        exceptSessionId: actor.sessionId,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'password.change',
        result: 'ok',
        target: String(user.id),
        detail: { revokedSessions: revoked },
      });
    });
  }

  async function updateNickname(actor: Actor, nickname: string): Promise<string> {
    const problem = validateNickname(nickname);
    if (problem !== null) throw refused(problem);
    const value = normalizeNickname(nickname);
    await db.transaction(async (tx) => {
      await users.updateUser(tx, actor.userId, { nickname: value });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'nickname.update',
        result: 'ok',
        target: String(actor.userId),
        detail: { nickname: value },
      });
    });
    return value;
  }

  /**
   * Takes the file part of an avatar upload: a name the avatar rules refuse is answered before any byte is
   * kept; the rest goes through the attachments module's checks (size, content). The parser cuts the file just
   * past the avatar limit, so the size is judged by uploadAvatar.
   */
  async function receiveAvatar(stream: Readable, fileName: string): Promise<ReceivedFile> {
    const message = checkAvatar({ name: fileName, size: 1 });
    if (message !== null) {
      await drain(stream);
      return { fileName, isAccepted: false, message };
    }
    return attachments.receive(stream, fileName, () => false);
  }

  /**
   * Keeps an uploaded avatar picture through the attachments module (its content checks, storage and audit),
   * under the user's own avatar record; the avatar rules (png or jpeg, 2 MB) are checked first. `isTruncated`
   * tells whether the multipart parser cut the file at its (avatar-sized) limit.
   */
  async function uploadAvatar(actor: Actor, file: ReceivedFile, isTruncated: boolean): Promise<string> {
    let checked = file;
    if (file.isAccepted) {
      const message = isTruncated
        ? checkAvatar({ name: file.fileName, size: Number.MAX_SAFE_INTEGER })
        : checkAvatar({ name: file.fileName, size: file.staged.size });
      if (message !== null) {
        await file.staged.discard();
        checked = { fileName: file.fileName, isAccepted: false, message };
      }
    }
    const result: UploadResult = await attachments.upload(actor, checked, {
      tag: AVATAR_TAG,
      // Earlier pictures stay: the one in use goes only when another is chosen.
      isReplacing: false,
      dataClass: AVATAR_DATA_CLASS,
      dataId: String(actor.userId),
    });
    const uuid = result[AVATAR_TAG]?.[0]?.uuid;
    if (uuid === undefined) throw new Error('the avatar upload answered no file');
    return uuid;
  }

  /** Uses one of the caller's own uploaded avatar pictures; any other file is not found. */
  async function setAvatar(actor: Actor, uuid: string): Promise<void> {
    const own = await attachments.listRelated(actor, {
      dataClass: AVATAR_DATA_CLASS,
      dataId: String(actor.userId),
    });
    if (!own.some((item) => item.uuid === uuid && item.tag === AVATAR_TAG)) throw notFound();
    await db.transaction(async (tx) => {
      await users.updateUser(tx, actor.userId, { avatarUuid: uuid });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'avatar.update',
        result: 'ok',
        target: String(actor.userId),
        detail: { uuid },
      });
    });
  }

  /** The codes the company's role allows, titled as the menus title them, and the operator's current choice. */
  async function getSecondaryRole(actor: Actor): Promise<SecondaryRoleChoices> {
    const [allowed, operator] = await Promise.all([
      users.listCompanyRoleCodes(actor.companyId),
      users.findOperator(actor.operatorId),
    ]);
    if (operator === undefined) throw notFound();
    return {
      available: allowed.map((code) => ({ code, title: permissionTitle(code) })),
      chosen: operator.secondaryCodes,
    };
  }

  return {
    /** per-IP requests a minute of each recovery call */
    recoveryRateMax: config.loginRateMax,
    /** the recovery calls' pre-login session, as the SMS code calls keep it */
    openAnonymousSession: auth.openAnonymousSession,
    findAnonymousSessionId: auth.findAnonymousSessionId,
    proveMobile,
    resetPassword,
    searchUsernames,
    isUsernameTaken,
    getPhone,
    updatePhone,
    assignOperatorMobile,
    editPassword,
    updateNickname,
    receiveAvatar,
    uploadAvatar,
    setAvatar,
    getSecondaryRole,
  };
}
