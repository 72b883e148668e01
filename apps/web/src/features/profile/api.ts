// Calls of the recovery pages and the personal centre (spec 000 section 7, Auth and User; contracts/profile.ts).
// Before sign-in the client keeps the anonymous session the server hands back (session-id, SH-7.3): the code
// request, the mobile proof and the new password must travel in the same session, or the ticket is refused.
import type { Envelope } from '@cqjy/domain/api';
import {
  editPasswordCall,
  phoneCall,
  proveMobileCall,
  resetPasswordCall,
  searchUsernamesCall,
  secondaryRoleCall,
  setAvatarCall,
  updateNicknameCall,
  updatePhoneCall,
  usernameTakenCall,
  type EditPasswordBody,
  type ProveMobileBody,
  type ResetPasswordBody,
  type SearchUsernamesBody,
  type UpdatePhoneBody,
} from '@cqjy/domain/contracts/profile';
import type { PhoneInfo, SecondaryRoleChoices } from '@cqjy/domain/profile';
import { fetchData } from '../../lib/call.ts';
import { http, unwrap } from '../../lib/http.ts';

/**
 * Sends a code of `purpose` to `mobile`, or to the signed-in user's own mobile when it is left out (the otp
 * module's call).
 */
export async function sendCode(
  purpose: 'retrieve' | 'phone' | 'general',
  mobile: string | undefined,
): Promise<void> {
  const answer = await http.post(`/api/app/send/otp/${purpose}`, mobile === undefined ? {} : { mobile }, {
    captureSessionId: purpose === 'retrieve',
  });
  unwrap(answer, { showSuccess: true });
}

export type ProveMobileForm = ProveMobileBody;

/** Forgot password, step 1: the ticket step 2 needs. */
export async function proveMobile(form: ProveMobileForm): Promise<string> {
  return (await fetchData(proveMobileCall, { body: form }, { captureSessionId: true })).ticket;
}

export type ResetPasswordForm = ResetPasswordBody;

/** Forgot password, step 2. */
export async function resetPassword(form: ResetPasswordForm): Promise<void> {
  await fetchData(resetPasswordCall, { body: form });
}

export async function searchUsernames(form: SearchUsernamesBody): Promise<string[]> {
  return (await fetchData(searchUsernamesCall, { body: form })).usernames;
}

/** Whether a username is taken (the account-opening form asks before sending). */
export async function isUsernameTaken(username: string): Promise<boolean> {
  return (await fetchData(usernameTakenCall, { params: { name: username } }, { showError: false })).exists;
}

export function fetchPhone(): Promise<PhoneInfo> {
  return fetchData(phoneCall, {});
}

export type UpdatePhoneForm = UpdatePhoneBody;

export async function updatePhone(form: UpdatePhoneForm): Promise<void> {
  await fetchData(updatePhoneCall, { body: form }, { showSuccess: true });
}

export type EditPasswordForm = EditPasswordBody;

export async function editPassword(form: EditPasswordForm): Promise<void> {
  await fetchData(editPasswordCall, { body: form }, { showSuccess: true });
}

export async function updateNickname(nickname: string): Promise<string> {
  return (await fetchData(updateNicknameCall, { body: { nickname } }, { showSuccess: true })).nickname;
}

/** Uploads a picture for the avatar; it becomes the avatar only once chosen with setAvatar. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrap(await http.upload<Envelope<{ uuid: string }>>('/api/user/avatar/upload', form)).uuid;
}

export async function setAvatar(uuid: string): Promise<void> {
  await fetchData(setAvatarCall, { body: { uuid } }, { showSuccess: true });
}

export function fetchSecondaryRole(): Promise<SecondaryRoleChoices> {
  return fetchData(secondaryRoleCall, {});
}

/** Saves the choice (the users module's call). */
export async function saveSecondaryRole(codes: string[]): Promise<void> {
  unwrap(await http.post('/api/app/user/sec/role', { codes }), { showSuccess: true });
}
