// Calls of real-name, company and face authentication, password setup and login-information completion (spec 000
// section 7: Auth, User, Operator identity), and the profile call /auth uses to confirm a pending phone (gate 4).
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type {
  AuthStatusResult,
  FaceAuthLink,
  FaceAuthResult,
  FaceConfirmView,
  UserAuthentication,
} from '@cqjy/domain/identity-auth';
import { http, unwrap } from '../../lib/http.ts';

export type RealNameForm = { realName: string; idType: number; idCard: string };
export type CompanyAuthForm = {
  companyName: string;
  creditCode: string;
  legalPerson?: string;
  licenceUuid?: string;
  createId?: string;
};
export type PasswordForm = { password: string; password2: string };
export type AccountForm = PasswordForm & { username: string };

export async function fetchAuthStatus(): Promise<AuthStatusResult> {
  return unwrap(await http.get<Envelope<AuthStatusResult>>('/api/app/validate/authstatus'));
}

export async function fetchAuthentication(): Promise<UserAuthentication> {
  return unwrap(await http.get<Envelope<UserAuthentication>>('/api/app/user/authentication'));
}

// Both change with every step of /auth: always read afresh.
export const authStatusQuery = () =>
  queryOptions({ queryKey: ['identity', 'authstatus'], queryFn: fetchAuthStatus, staleTime: 0 });
export const authenticationQuery = () =>
  queryOptions({ queryKey: ['identity', 'authentication'], queryFn: fetchAuthentication, staleTime: 0 });

export async function postRealName(form: RealNameForm): Promise<string> {
  return unwrap(await http.post<Envelope<{ requestId: string }>>('/api/operator/idcard', form)).requestId;
}

export async function postFaceLink(requestId: string): Promise<FaceAuthLink> {
  return unwrap(await http.post<Envelope<FaceAuthLink>>('/api/operator/face', { requestId }));
}

/** Polled every 2 s by the scan page; quiet, so a passing network hiccup does not flood the user with toasts. */
export async function postFaceResult(requestId: string): Promise<FaceAuthResult> {
  return unwrap(
    await http.post<Envelope<FaceAuthResult>>('/api/operator/result', { requestId }, { isSilent: true }),
    { showError: false },
  );
}

export async function fetchFaceConfirm(token: string): Promise<FaceConfirmView> {
  return unwrap(await http.get<Envelope<FaceConfirmView>>(`/api/face/confirm/${encodeURIComponent(token)}`));
}

export async function postFaceConfirm(token: string, agree: boolean): Promise<FaceAuthResult> {
  return unwrap(
    await http.post<Envelope<FaceAuthResult>>(`/api/face/confirm/${encodeURIComponent(token)}`, { agree }),
    { showSuccess: true },
  );
}

export async function postCompanyAuth(form: CompanyAuthForm): Promise<number> {
  const answer = await http.post<Envelope<{ companyAuthStatus: number }>>('/api/app/validate/company', form);
  return unwrap(answer, { showSuccess: true }).companyAuthStatus;
}

export async function postSetupPassword(form: PasswordForm): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/setup/password', form), { showSuccess: true });
}

export async function postSetupAccount(form: AccountForm): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/setup/account', form), { showSuccess: true });
}

/** The code of a phone change goes to the new number (purpose phone). */
export async function sendPhoneOtp(mobile: string): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/send/otp/phone', { mobile }), { showSuccess: true });
}

/** Gate 4: confirms the pending number with the code sent to it (the profile module's call). */
export async function postConfirmPhone(mobile: string, otp: string): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/update/phone', { mobile, otp }), {
    showSuccess: true,
  });
}
