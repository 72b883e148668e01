// The account-opening calls (accounts module) and the two /transferorOpen uses of other modules' calls: the
// register SMS code (otp) and the username check (profile). Registration signs the new account in: the answer is
// stored as a login and the user loaded, so the router's gate 1 holds the user on step 2 at once.
import type {
  CompanyApplication,
  CompanyStatusCheck,
  RegisterAccountInput,
} from '@cqjy/domain/account-opening';
import {
  applicationCall,
  companyStatusCall,
  registerAccountCall,
  saveApplicationCall,
  submitApplicationCall,
  type CompanyApplicationInput,
} from '@cqjy/domain/contracts/accounts';
import { usernameTakenCall } from '@cqjy/domain/contracts/profile';
import { loadUserInfo } from '../../api/auth.ts';
import { callApi, fetchData } from '../../lib/call.ts';
import { HttpError, http, unwrap } from '../../lib/http.ts';
import { setSession, wipeSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';

export const APPLICATION_QUERY_KEY = ['register', 'company'] as const;

/** Sends the register code; an anonymous caller keeps the answer's session-id as its token (SH-7.3). */
export async function sendRegisterOtp(mobile: string): Promise<void> {
  const answer = await http.post('/api/app/send/otp/register', { mobile }, { captureSessionId: true });
  unwrap(answer, { showSuccess: true });
}

/**
 * Whether a username is taken, or null when the check cannot answer (the call is not there, or failed): the
 * form then says nothing and the server's own check decides on submit.
 */
export async function isUsernameTaken(username: string): Promise<boolean | null> {
  try {
    const answer = await callApi(usernameTakenCall, { params: { name: username } }, { isSilent: true });
    const exists = answer.status === 0 ? (answer.data as { exists?: unknown } | null)?.exists : undefined;
    return typeof exists === 'boolean' ? exists : null;
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

export function checkCompanyStatus(creditCode: string): Promise<CompanyStatusCheck> {
  return fetchData(companyStatusCall, { body: { creditCode } });
}

/** Opens the account and signs it in as a login does; a failure after the token was stored keeps nothing. */
export async function registerAccount(input: RegisterAccountInput): Promise<UserInfo> {
  const result = await fetchData(registerAccountCall, { body: input }, { showSuccess: true });
  setSession({
    token: result.access_token,
    loginInfo: result,
    identityType: result.identityType,
    userInfo: null,
    previousPermissions: null,
  });
  try {
    return await loadUserInfo();
  } catch (error) {
    wipeSession();
    throw error;
  }
}

export function fetchApplication(): Promise<CompanyApplication> {
  return fetchData(applicationCall, {});
}

export function applicationQuery() {
  return { queryKey: APPLICATION_QUERY_KEY, queryFn: fetchApplication, retry: false } as const;
}

export function saveApplication(input: CompanyApplicationInput): Promise<CompanyApplication> {
  return fetchData(saveApplicationCall, { body: input }, { showSuccess: true });
}

/** Submits for review and reloads the user, whose examineStatus the gates read. */
export async function submitApplication(input: CompanyApplicationInput): Promise<CompanyApplication> {
  const application = await fetchData(submitApplicationCall, { body: input }, { showSuccess: true });
  await loadUserInfo();
  return application;
}
