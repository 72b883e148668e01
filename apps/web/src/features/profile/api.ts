// Calls of the recovery pages and the personal centre (spec 000 section 7, Auth and User). Before sign-in the
// client keeps the anonymous session the server hands back (session-id, SH-7.3): the code request, the mobile
// proof and the new password must travel in the same session, or the ticket is refused.
import type { Envelope } from '@cqjy/domain/api';
import type {
  PhoneInfo,
  ResetTicket,
  SecondaryRoleChoices,
  UsernameSearchResult,
} from '@cqjy/domain/profile';
import { http, unwrap } from '../../lib/http.ts';

/** Sends a code of `purpose` to `mobile`, or to the signed-in user's own mobile when it is left out. */
export async function sendCode(
  purpose: 'retrieve' | 'phone' | 'general',
  mobile: string | undefined,
): Promise<void> {
  const answer = await http.post<Envelope<null>>(
    `/api/app/send/otp/${purpose}`,
    mobile === undefined ? {} : { mobile },
    { captureSessionId: purpose === 'retrieve' },
  );
  unwrap(answer, { showSuccess: true });
}

export type ProveMobileForm = { username: string; mobile: string; otp: string };

/** Forgot password, step 1: the ticket step 2 needs. */
export async function proveMobile(form: ProveMobileForm): Promise<string> {
  const answer = await http.post<Envelope<ResetTicket>>('/api/app/user/validate/mobile', form, {
    captureSessionId: true,
  });
  return unwrap(answer).ticket;
}

export type ResetPasswordForm = { ticket: string; password: string; password2: string };

/** Forgot password, step 2. */
export async function resetPassword(form: ResetPasswordForm): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/reinit/password', form));
}

export async function searchUsernames(form: { mobile: string; otp: string }): Promise<string[]> {
  const answer = await http.post<Envelope<UsernameSearchResult>>('/api/app/search/username', form);
  return unwrap(answer).usernames;
}

/** Whether a username is taken (the account-opening form asks before sending). */
export async function isUsernameTaken(username: string): Promise<boolean> {
  const answer = await http.get<Envelope<{ exists: boolean }>>(
    `/api/operator/retrieve/username/${encodeURIComponent(username)}`,
  );
  return unwrap(answer, { showError: false }).exists;
}

export async function fetchPhone(): Promise<PhoneInfo> {
  return unwrap(await http.get<Envelope<PhoneInfo>>('/api/app/user/phone'));
}

export type UpdatePhoneForm = { oldOtp?: string; mobile: string; otp: string };

export async function updatePhone(form: UpdatePhoneForm): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/update/phone', form), { showSuccess: true });
}

export type EditPasswordForm = { phonecode: string; newpassword: string; newpassword2: string };

export async function editPassword(form: EditPasswordForm): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/edit/password', form), { showSuccess: true });
}

export async function updateNickname(nickname: string): Promise<string> {
  const answer = await http.post<Envelope<{ nickname: string }>>('/api/app/update/nickname', { nickname });
  return unwrap(answer, { showSuccess: true }).nickname;
}

/** Uploads a picture for the avatar; it becomes the avatar only once chosen with setAvatar. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrap(await http.upload<Envelope<{ uuid: string }>>('/api/user/avatar/upload', form)).uuid;
}

export async function setAvatar(uuid: string): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/avatar', { uuid }), { showSuccess: true });
}

export async function fetchSecondaryRole(): Promise<SecondaryRoleChoices> {
  return unwrap(await http.get<Envelope<SecondaryRoleChoices>>('/api/app/user/sec/role'));
}

export async function saveSecondaryRole(codes: string[]): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/app/user/sec/role', { codes }), { showSuccess: true });
}
