// Calls of real-name, company and face authentication, password setup and login-information completion (spec 000
// section 7: Auth, User, Operator identity; contracts/identity.ts), and the profile call /auth uses to confirm a
// pending phone (gate 4).
import { queryOptions } from '@tanstack/react-query';
import {
  authenticationCall,
  authStatusCall,
  decideFaceConfirmCall,
  faceLinkCall,
  faceResultCall,
  setupAccountCall,
  setupPasswordCall,
  startRealNameCall,
  validateCompanyCall,
  viewFaceConfirmCall,
  type CompanyAuthBody,
  type RealNameBody,
  type SetupAccountBody,
  type SetupPasswordBody,
} from '@cqjy/domain/contracts/identity';
import { updatePhoneCall } from '@cqjy/domain/contracts/profile';
import type {
  AuthStatusResult,
  FaceAuthLink,
  FaceAuthResult,
  FaceConfirmView,
  UserAuthentication,
} from '@cqjy/domain/identity-auth';
import { fetchData } from '../../lib/call.ts';
import { http, unwrap } from '../../lib/http.ts';

export type RealNameForm = RealNameBody;
export type CompanyAuthForm = CompanyAuthBody;
export type PasswordForm = SetupPasswordBody;
export type AccountForm = SetupAccountBody;

export function fetchAuthStatus(): Promise<AuthStatusResult> {
  return fetchData(authStatusCall, {});
}

export function fetchAuthentication(): Promise<UserAuthentication> {
  return fetchData(authenticationCall, {});
}

// Both change with every step of /auth: always read afresh.
export const authStatusQuery = () =>
  queryOptions({ queryKey: ['identity', 'authstatus'], queryFn: fetchAuthStatus, staleTime: 0 });
export const authenticationQuery = () =>
  queryOptions({ queryKey: ['identity', 'authentication'], queryFn: fetchAuthentication, staleTime: 0 });

export async function postRealName(form: RealNameForm): Promise<string> {
  return (await fetchData(startRealNameCall, { body: form })).requestId;
}

export function postFaceLink(requestId: string): Promise<FaceAuthLink> {
  return fetchData(faceLinkCall, { body: { requestId } });
}

/** Polled every 2 s by the scan page; quiet, so a passing network hiccup does not flood the user with toasts. */
export function postFaceResult(requestId: string): Promise<FaceAuthResult> {
  return fetchData(faceResultCall, { body: { requestId } }, { isSilent: true, showError: false });
}

export function fetchFaceConfirm(token: string): Promise<FaceConfirmView> {
  return fetchData(viewFaceConfirmCall, { params: { token } });
}

export function postFaceConfirm(token: string, agree: boolean): Promise<FaceAuthResult> {
  return fetchData(decideFaceConfirmCall, { params: { token }, body: { agree } }, { showSuccess: true });
}

export async function postCompanyAuth(form: CompanyAuthForm): Promise<number> {
  return (await fetchData(validateCompanyCall, { body: form }, { showSuccess: true })).companyAuthStatus;
}

export async function postSetupPassword(form: PasswordForm): Promise<void> {
  await fetchData(setupPasswordCall, { body: form }, { showSuccess: true });
}

export async function postSetupAccount(form: AccountForm): Promise<void> {
  await fetchData(setupAccountCall, { body: form }, { showSuccess: true });
}

/** The code of a phone change goes to the new number (purpose phone; the otp module's call). */
export async function sendPhoneOtp(mobile: string): Promise<void> {
  unwrap(await http.post('/api/app/send/otp/phone', { mobile }), { showSuccess: true });
}

/** Gate 4: confirms the pending number with the code sent to it (the profile module's call). */
export async function postConfirmPhone(mobile: string, otp: string): Promise<void> {
  await fetchData(updatePhoneCall, { body: { mobile, otp } }, { showSuccess: true });
}
