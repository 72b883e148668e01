// Getting back into an account before sign-in: proving the mobile of a username with an SMS code yields a ticket
// bound to the caller's anonymous session (only its hash is stored, 10 minutes, used once) that sets a new
// password and signs the account out everywhere; the usernames of a proven mobile; whether a username is taken.
import { createHash } from 'node:crypto';
import { maskMobile, MSG } from '@cqjy/domain';
import { RESET_TICKET_TTL_S, type ResetTicket, type UsernameSearchResult } from '@cqjy/domain/profile';
import { generateToken, type RequestOrigin } from '../../../platform/auth.ts';
import { refused } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { checkNewPassword, type AnonymousCaller, type ProfileDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export type ProveMobileInput = { username: string; mobile: string; otp: string };
export type ResetPasswordInput = { ticket: string; password: string; password2: string };

/** Tickets travel as random tokens; the table keeps their sha256, like session tokens. */
function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/**
 * Forgot password, step 1: the retrieve code of the mobile (used up), then the username's account must have
 * that mobile. An unknown username and a wrong mobile get the same answer. Answers a ticket for step 2.
 */
export async function proveMobile(
  { db, clock, audit, users, otp }: ProfileDeps,
  caller: AnonymousCaller,
  input: ProveMobileInput,
): Promise<ResetTicket> {
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
export async function resetPassword(
  { db, clock, audit, users, auth }: ProfileDeps,
  caller: AnonymousCaller,
  input: ResetPasswordInput,
): Promise<void> {
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
export async function searchUsernames(
  { db, audit, users, otp }: ProfileDeps,
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
export async function isUsernameTaken({ users }: ProfileDeps, username: string): Promise<boolean> {
  return (await users.findUserByUsername(username)) !== undefined;
}
