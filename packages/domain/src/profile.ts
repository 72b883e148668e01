// Rules of the personal centre (个人中心) shared by its page and the profile module: the nickname, the avatar
// image, and the recovery ticket's life. Kept in one place so the page refuses exactly what the server refuses. The
// answers of the profile calls are described here too (contracts/profile.ts).
import { z } from 'zod';
import { formatMessage } from './format.ts';
import { ADMIN_MENU, AGENT_MENU, STANDARD_MENU, type MenuItem } from './menus.ts';
import { MSG } from './messages.ts';
import { ROUTES, routeCodesFor } from './routes.ts';
import { checkUpload } from './uploads.ts';

export const NICKNAME_MAX_LENGTH = 20;

/** An avatar is a small picture: png or jpeg only, at most 2 MB. */
export const AVATAR_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const AVATAR_MAX_MB = 2;

/** The attachment slot and record class avatars are stored under (the record id is the user id). */
export const AVATAR_TAG = 'avatar';
export const AVATAR_DATA_CLASS = 'userAvatar';

/** How long a proven mobile lets the forgotten password be set (POST /api/app/user/reinit/password). */
export const RESET_TICKET_TTL_S = 10 * 60;

/** The nickname as stored: trimmed. */
export function normalizeNickname(value: string): string {
  return value.trim();
}

/** null when the (trimmed) nickname may be used, else the message. Characters are counted as code points. */
export function validateNickname(value: unknown): string | null {
  if (typeof value !== 'string') return MSG.nicknameRequired;
  const nickname = normalizeNickname(value);
  if (nickname === '') return MSG.nicknameRequired;
  if ([...nickname].length > NICKNAME_MAX_LENGTH) {
    return formatMessage(MSG.nicknameTooLong, { max: NICKNAME_MAX_LENGTH });
  }
  if (/[\u0000-\u001f\u007f]/.test(nickname)) return MSG.nicknameCharacters;
  return null;
}

/** The message refusing an avatar file by its name and size, or null (the server also checks the content). */
export function checkAvatar(file: { name: string; size: number }): string | null {
  return checkUpload(file, { accept: AVATAR_TYPES, maxMb: AVATAR_MAX_MB });
}

/** GET /api/app/user/phone: both numbers masked. */
export const ZPhoneInfo = z.object({ mobile: z.string().nullable(), pendingPhone: z.string().nullable() });
export type PhoneInfo = z.infer<typeof ZPhoneInfo>;

/** GET /api/app/user/sec/role: what may be chosen as a secondary role, and what is chosen now. */
export const ZSecondaryRoleChoices = z.object({
  available: z.array(z.object({ code: z.string(), title: z.string() })),
  chosen: z.array(z.string()),
});
export type SecondaryRoleChoices = z.infer<typeof ZSecondaryRoleChoices>;

/** POST /api/app/user/validate/mobile: the proof that lets the caller set a new password once. */
export const ZResetTicket = z.object({ ticket: z.string() });
export type ResetTicket = z.infer<typeof ZResetTicket>;

/** POST /api/user/avatar/upload (multipart): the uploaded picture, to be chosen with POST /api/app/user/avatar. */
export const ZAvatarUploaded = z.object({ uuid: z.string() });

/** POST /api/app/search/username: the accounts of a mobile. */
export const ZUsernameSearchResult = z.object({ usernames: z.array(z.string()) });
export type UsernameSearchResult = z.infer<typeof ZUsernameSearchResult>;

function collectMenuTitles(items: readonly MenuItem[], into: Map<string, string>): void {
  for (const item of items) {
    if (item.code !== undefined && !into.has(item.code)) into.set(item.code, item.title);
    if (item.children !== undefined) collectMenuTitles(item.children, into);
  }
}

let codeTitles: Map<string, string> | undefined;

/**
 * The title a user knows a permission code by: its menu entry, else the page it opens, else the code itself
 * (codes such as GJS_MESSAGE that open no page of their own).
 */
export function permissionTitle(code: string): string {
  if (codeTitles === undefined) {
    const titles = new Map<string, string>();
    collectMenuTitles(STANDARD_MENU, titles);
    collectMenuTitles(AGENT_MENU, titles);
    collectMenuTitles(ADMIN_MENU, titles);
    for (const route of ROUTES) {
      for (const isAdmin of [false, true]) {
        for (const routeCode of routeCodesFor(route, isAdmin)) {
          if (!titles.has(routeCode))
            titles.set(routeCode, isAdmin ? (route.adminTitle ?? route.title) : route.title);
        }
      }
    }
    codeTitles = titles;
  }
  return codeTitles.get(code) ?? code;
}
