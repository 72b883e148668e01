// Step 1 of account opening (/transferorOpen), anonymous: whether a credit code already has a company, and the
// registration that opens a project owner's company, its first operator and login account, and signs it in.
import {
  COMPANY_AUTH_STATUS,
  EXAMINE_STATUS,
  IDENTITY,
  MSG,
  validateRegistration,
  type CompanyStatusCheck,
  type LoginResult,
  type RegisterAccountInput,
} from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { RequestOrigin } from '../../../platform/auth.ts';
import { refused } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import type { AccountsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { isUniqueViolation } from '../../../db/errors.ts';

export type RegisterInput = RegisterAccountInput &
  RequestOrigin & {
    /** the caller's anonymous session, revoked once the new account is signed in */
    token: string | undefined;
  };

/** Whether a credit code already has a company, and how far its account opening is (anonymous callers too). */
export async function checkCompanyStatus(
  { users }: AccountsDeps,
  creditCode: string,
): Promise<CompanyStatusCheck> {
  const company = await users.findCompanyByCreditCode(creditCode);
  return { registered: company !== undefined, examineStatus: company?.examineStatus ?? null };
}

/** The refusal of a username or credit code someone already has, or null. */
async function findTaken(
  { users }: AccountsDeps,
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
export async function register(deps: AccountsDeps, input: RegisterInput): Promise<LoginResult> {
  const { db, clock, audit, users, auth, otp } = deps;
  const problem = validateRegistration(input);
  if (problem !== null) throw refused(problem.message);
  const taken = await findTaken(deps, input);
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
    if (isUniqueViolation(error)) throw refused((await findTaken(deps, input)) ?? MSG.conflict);
    throw error;
  }
}
