// The profile module owns what a person changes about their own account, and getting back into it:
//   - recovery before sign-in: proving the mobile of a username with an SMS code yields a ticket bound to the
//     caller's anonymous session (only its hash is stored, 10 minutes, used once) that sets a new password and
//     signs the account out everywhere; the usernames of a proven mobile; whether a username is taken;
//   - the personal centre: the phone (a self-service change proves both numbers; a number a manager set as
//     pending needs only the new one), the password (an SMS code to the own mobile), the nickname, the avatar
//     and the choices of the secondary role.
// Users' rows are changed through the users service; every change writes its audit row in the same transaction.
//
// This file wires the use cases (use-cases/*.ts) to the module's dependencies; routes and tests see one service.
import type { Readable } from 'node:stream';
import { AVATAR_DATA_CLASS } from '@cqjy/domain/profile';
import type { RequestOrigin } from '../../platform/auth.ts';
import type { ReceivedFile } from '../attachments/service.ts';
import type { Actor, AnonymousCaller, ProfileDeps } from './deps.ts';
import { receiveAvatar, setAvatar, uploadAvatar } from './use-cases/avatar.ts';
import {
  editPassword,
  getSecondaryRole,
  updateNickname,
  type EditPasswordInput,
} from './use-cases/personal-settings.ts';
import { assignOperatorMobile, getPhone, updatePhone, type UpdatePhoneInput } from './use-cases/phone.ts';
import {
  isUsernameTaken,
  proveMobile,
  resetPassword,
  searchUsernames,
  type ProveMobileInput,
  type ResetPasswordInput,
} from './use-cases/recovery.ts';

export type { Actor, AnonymousCaller } from './deps.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: ProfileDeps) {
  const { config, auth, attachments } = deps;

  // Avatars are shown next to names anywhere in the portal: every signed-in user may see them.
  attachments.registerRecordVisibility(AVATAR_DATA_CLASS, () => Promise.resolve(true));
  // Nobody puts a picture into another user's avatar record.
  attachments.registerRecordWriteRule(AVATAR_DATA_CLASS, (viewer, record) =>
    Promise.resolve(String(viewer.userId) === record.dataId),
  );

  return {
    /** per-IP requests a minute of each recovery call */
    recoveryRateMax: config.loginRateMax,
    /** the recovery calls' pre-login session, as the SMS code calls keep it */
    openAnonymousSession: auth.openAnonymousSession,
    findAnonymousSessionId: auth.findAnonymousSessionId,
    proveMobile: (caller: AnonymousCaller, input: ProveMobileInput) => proveMobile(deps, caller, input),
    resetPassword: (caller: AnonymousCaller, input: ResetPasswordInput) => resetPassword(deps, caller, input),
    searchUsernames: (caller: RequestOrigin, input: { mobile: string; otp: string }) =>
      searchUsernames(deps, caller, input),
    isUsernameTaken: (username: string) => isUsernameTaken(deps, username),
    getPhone: (actor: Actor) => getPhone(deps, actor),
    updatePhone: (actor: Actor, input: UpdatePhoneInput) => updatePhone(deps, actor, input),
    assignOperatorMobile: (actor: Actor, input: { operatorId: number; mobile: string }) =>
      assignOperatorMobile(deps, actor, input),
    editPassword: (actor: Actor, input: EditPasswordInput) => editPassword(deps, actor, input),
    updateNickname: (actor: Actor, nickname: string) => updateNickname(deps, actor, nickname),
    receiveAvatar: (stream: Readable, fileName: string) => receiveAvatar(deps, stream, fileName),
    uploadAvatar: (actor: Actor, file: ReceivedFile, isTruncated: boolean) =>
      uploadAvatar(deps, actor, file, isTruncated),
    setAvatar: (actor: Actor, uuid: string) => setAvatar(deps, actor, uuid),
    getSecondaryRole: (actor: Actor) => getSecondaryRole(deps, actor),
  };
}
