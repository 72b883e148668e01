// What a login gets when the company adds it or resets its password: a password nobody can match, and the SMS
// telling the person to sign in by code and choose their own.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../platform/passwords.ts';

/** What the outbox calls the two messages of this module. */
export const SMS_PURPOSE = 'operator';

/**
 * A password hash nobody can match: the hash of a random secret that is thrown away. It costs a sign-in attempt
 * what a real one costs, so trying a password on a new or reset account tells nothing about it.
 */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
