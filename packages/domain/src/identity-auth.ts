// Rules of real-name, company and face authentication (spec 000 sections 4 and 6: gates 2 to 5, SH-6.4) shared by
// the identity module's server checks and the /auth page: which ID types an identity may use, what an ID number
// must look like, what the /auth page still has to ask for, the username rule of /perfectInformation, and the
// masks the public face-confirmation page shows. The answers of the identity calls are described here too, as zod
// schemas the server serialises with and the types the web reads (contracts/identity.ts).
import { z } from 'zod';
import {
  ADVANCED_AUTH_IDENTITIES,
  AUTH_STATUS,
  COMPANY_AUTH_STATUS,
  ID_CARD_ONLY_IDENTITIES,
} from './accounts.ts';
import { ID_TYPES, RESIDENT_ID_CARD } from './accounts.ts';
import { MSG } from './messages.ts';
import { validateIdCard } from './validation/id-card.ts';

export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 30;

/** Passports and travel permits: letters, digits and the brackets some permits print, 5 to 30 characters. */
const OTHER_ID_NUMBER = /^[A-Za-z0-9()（）-]{5,30}$/;

/** 4 to 30 letters, digits or underscores, starting with a letter: what a chosen username may be. */
export const ACCOUNT_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,29}$/;

/** The ID types an identity may authenticate with: only the resident identity card for transferor, land, admin. */
export function allowedIdTypes(identityType: number): number[] {
  if (ID_CARD_ONLY_IDENTITIES.includes(identityType)) return [RESIDENT_ID_CARD];
  return Object.keys(ID_TYPES).map(Number);
}

/** null when the name may be used as a real name, else the message. Counted in characters, not UTF-16 units. */
export function validateRealName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return MSG.realNameRequired;
  const length = [...value.trim()].length;
  return length < REAL_NAME_MIN || length > REAL_NAME_MAX ? MSG.realNameLength : null;
}

/** null when the identity may authenticate with this ID type, else the message naming the rule. */
export function validateIdType(identityType: number, idType: unknown): string | null {
  if (typeof idType !== 'number' || !Object.hasOwn(ID_TYPES, idType)) return MSG.idTypeRequired;
  return allowedIdTypes(identityType).includes(idType) ? null : MSG.idTypeResidentOnly;
}

/** null when the number fits the ID type: GB 11643 for the resident card, a plain document number otherwise. */
export function validateIdNumber(idType: number, value: unknown, now: Date = new Date()): string | null {
  if (typeof value !== 'string' || value.trim() === '') return MSG.idNumberRequired;
  if (idType === RESIDENT_ID_CARD) return validateIdCard(value, now);
  return OTHER_ID_NUMBER.test(value) ? null : MSG.idNumberInvalid;
}

/** null when a chosen username follows the rule (whether it is taken is the server's question). */
export function validateAccountUsername(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return MSG.usernameRequired;
  return ACCOUNT_USERNAME_PATTERN.test(value) ? null : MSG.usernameRule;
}

/** The facts the /auth page's needs are computed from. */
export type AuthNeedsInput = {
  identityType: number;
  idType: number | null;
  authStatus: number;
  companyAuthStatus: number;
  advancedAuthFlag: boolean;
  setupPassword: boolean;
  pendingPhone: string | null;
};

export const ZAuthNeeds = z.object({
  realName: z.boolean(),
  companyAuth: z.boolean(),
  password: z.boolean(),
  phone: z.boolean(),
});

export type AuthNeeds = z.infer<typeof ZAuthNeeds>;

/** Which company authentication an identity is asked for: basic, advanced (when flagged), or none. */
export function companyAuthLevel(
  identityType: number,
  advancedAuthFlag: boolean,
): 'basic' | 'advanced' | null {
  if (ID_CARD_ONLY_IDENTITIES.includes(identityType)) return 'basic';
  if (ADVANCED_AUTH_IDENTITIES.includes(identityType) && advancedAuthFlag) return 'advanced';
  return null;
}

/**
 * What the /auth page must still ask for (gates 2 to 5, SH-6.4). Real name: the identities bound to the resident
 * card need it until they hold idType 0 and are authenticated; the others until authenticated. Company: until
 * authenticated, for the identities asked for it.
 */
export function computeAuthNeeds(input: AuthNeedsInput): AuthNeeds {
  const isAuthenticated = input.authStatus === AUTH_STATUS.authenticated;
  return {
    realName: ID_CARD_ONLY_IDENTITIES.includes(input.identityType)
      ? input.idType !== RESIDENT_ID_CARD || !isAuthenticated
      : !isAuthenticated,
    companyAuth:
      companyAuthLevel(input.identityType, input.advancedAuthFlag) !== null &&
      input.companyAuthStatus !== COMPANY_AUTH_STATUS.authenticated,
    password: !input.setupPassword,
    phone: input.pendingPhone !== null && input.pendingPhone !== '',
  };
}

/** A person's name on the public confirmation page: the first character, the rest as * (张三丰 -> 张**). */
export function maskPersonName(value: string): string {
  const chars = [...value];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** An ID number on the public confirmation page: the first 3 and the last 4 characters. */
export function maskIdNumberShort(value: string): string {
  const chars = [...value];
  if (chars.length <= 7) return '*'.repeat(chars.length);
  return chars.slice(0, 3).join('') + '*'.repeat(chars.length - 7) + chars.slice(-4).join('');
}

/** GET /api/app/validate/authstatus: what the /auth page must ask for. */
export const ZAuthStatusResult = z.object({
  identityType: z.number(),
  authStatus: z.number(),
  companyAuthStatus: z.number(),
  idType: z.number().nullable(),
  setupPassword: z.boolean(),
  /** the pending new mobile, masked */
  pendingPhone: z.string().nullable(),
  examineStatus: z.number().nullable(),
  companyAuthReason: z.string().nullable(),
  companyAuthLevel: z.enum(['basic', 'advanced']).nullable(),
  /** the face authentication in progress (authStatus 2), to continue on /scanCode */
  pendingRequestId: z.string().nullable(),
  needs: ZAuthNeeds,
});
export type AuthStatusResult = z.infer<typeof ZAuthStatusResult>;

/** GET /api/app/user/authentication */
export const ZUserAuthentication = z.object({
  realName: z.string().nullable(),
  idType: z.number().nullable(),
  idCardMasked: z.string().nullable(),
  authStatus: z.number(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalPerson: z.string().nullable(),
  companyAuthStatus: z.number(),
  companyAuthReason: z.string().nullable(),
});
export type UserAuthentication = z.infer<typeof ZUserAuthentication>;

/** POST /api/operator/face and GET /api/operator/result/cfcaUrlData */
export const ZFaceAuthLink = z.object({
  confirmUrl: z.string(),
  /** SVG markup of the QR code of confirmUrl (only with POST /api/operator/face) */
  qrSvg: z.string().optional(),
  expiresAt: z.string(),
  realNameMasked: z.string(),
});
export type FaceAuthLink = z.infer<typeof ZFaceAuthLink>;

/** POST /api/operator/result */
export const ZFaceAuthResult = z.object({ status: z.number(), statusLabel: z.string() });
export type FaceAuthResult = z.infer<typeof ZFaceAuthResult>;

/** GET /api/face/confirm/{token}: what the person sees on the phone. */
export const ZFaceConfirmView = z.object({
  realName: z.string(),
  idCard: z.string(),
  status: z.number(),
  expiresAt: z.string(),
});
export type FaceConfirmView = z.infer<typeof ZFaceConfirmView>;

/** A row of POST /api/company/auth/list (企业认证审核). */
export const ZCompanyAuthApplication = z.object({
  id: z.number(),
  companyId: z.number(),
  identityType: z.number(),
  level: z.enum(['basic', 'advanced']),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string().nullable(),
  status: z.number(),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the business licence files of an advanced application */
  licence: z.array(z.object({ uuid: z.string(), fileName: z.string() })),
});
export type CompanyAuthApplication = z.infer<typeof ZCompanyAuthApplication>;
