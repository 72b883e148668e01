// 电签文件 (spec 000 section 2, files group: signature, GJS_FILE_SIGN) and the public verification page (/verify):
// the PDFs the portal e-signed (attachments tagged signedLetter), each with the verdict of its signatures as
// checked from the stored bytes, and the verification code printed on the page that finds a signed file again.
// The web and the server share these shapes, states and labels.
import { z } from 'zod';
import { MSG } from './messages.ts';

/** What a file's signatures amount to: intact and trusted, broken in some way, or none at all. */
export const SIGNATURE_STATES = ['valid', 'invalid', 'unsigned'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];
export const SIGNATURE_STATE_LABELS: Record<SignatureState, string> = {
  valid: '有效',
  invalid: '无效',
  unsigned: '未签名',
};

/**
 * Why an invalid file is invalid, the gravest first: its bytes changed after signing (or bytes were added after
 * the signature), the signature value does not verify, or the certificate does not lead to the platform's root
 * (or was not valid when the file was signed).
 */
export const SIGNATURE_PROBLEMS = ['modified', 'badSignature', 'untrusted'] as const;
export type SignatureProblem = (typeof SIGNATURE_PROBLEMS)[number];
export const SIGNATURE_PROBLEM_LABELS: Record<SignatureProblem, string> = {
  modified: '文件已被篡改',
  badSignature: '签名值校验失败',
  untrusted: '签章证书不受信任',
};

/** The sentence the verification page and the list show for a verdict. */
export function describeVerdict(state: SignatureState, problem: SignatureProblem | null): string {
  if (state === 'valid') return MSG.verifyValid;
  if (state === 'unsigned') return MSG.verifyUnsigned;
  switch (problem) {
    case 'modified':
      return MSG.verifyModified;
    case 'badSignature':
      return MSG.verifyBadSignature;
    default:
      return MSG.verifyUntrusted;
  }
}

/** A verification code: the first 16 hex digits of the file's sha256, upper case. */
export const VERIFY_CODE_LENGTH = 16;

export function toVerifyCode(sha256: string): string {
  return sha256.slice(0, VERIFY_CODE_LENGTH).toUpperCase();
}

/** A code as typed: spaces and dashes people put between groups are dropped, letters upper-cased. */
export function normalizeVerifyCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export const ZVerifyCode = z
  .string({ error: MSG.verifyCodeRequired })
  .max(64, MSG.verifyCodeFormat)
  .transform(normalizeVerifyCode)
  .refine((code) => code.length > 0, MSG.verifyCodeRequired)
  .refine((code) => /^[0-9A-F]{16}$/.test(code), MSG.verifyCodeFormat);

/** One signature of a file, as a verifier reads it. */
export const ZSignatureCheck = z.object({
  /** the signer certificate's common name and organisation (the company, for the portal's letters) */
  signerName: z.string().nullable(),
  signerOrganization: z.string().nullable(),
  /** upper-case hex */
  certificateSerial: z.string().nullable(),
  /** the issuing authority's common name */
  issuer: z.string().nullable(),
  /** ISO 8601; the signed signingTime attribute, else the dictionary's /M */
  signingTime: z.string().nullable(),
  /** ISO 8601: the signer certificate's validity */
  certificateNotBefore: z.string().nullable(),
  certificateNotAfter: z.string().nullable(),
  /** the signature dictionary's /Reason (the letter's title for the portal's letters) */
  reason: z.string().nullable(),
  /** the signed ranges are the whole file but the signature value */
  coversWholeFile: z.boolean(),
  /** the covered bytes hash to the signed message digest */
  isDigestValid: z.boolean(),
  /** the signature value verifies with the signer certificate's key */
  isSignatureValid: z.boolean(),
  /** the certificate leads to a trusted root */
  isTrusted: z.boolean(),
  /** every certificate of the chain was valid at the signing time */
  isCertificateValid: z.boolean(),
  state: z.enum(['valid', 'invalid']),
  problem: z.enum(SIGNATURE_PROBLEMS).nullable(),
});
export type SignatureCheck = z.infer<typeof ZSignatureCheck>;

/** A file's verdict: what the verification page shows. Nothing in it names an owner beyond the signatures. */
export const ZVerifyResult = z.object({
  state: z.enum(SIGNATURE_STATES),
  stateLabel: z.string(),
  problem: z.enum(SIGNATURE_PROBLEMS).nullable(),
  /** the verdict in one sentence */
  message: z.string(),
  /** hex, lower case, of the whole file */
  sha256: z.string(),
  code: z.string(),
  size: z.number(),
  signatures: z.array(ZSignatureCheck),
  /** ISO 8601 */
  checkedAt: z.string(),
});
export type VerifyResult = z.infer<typeof ZVerifyResult>;

/** What a signed file belongs to: a project (its code and name), a refund ticket, ... */
export const ZSignedFileSource = z.object({
  /** 项目, 退票信息 ... */
  kind: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
});
export type SignedFileSource = z.infer<typeof ZSignedFileSource>;

/** The record classes signed files are filed under, as the list names them. */
export const SIGNED_FILE_SOURCE_LABELS: Readonly<Record<string, string>> = {
  project: '项目',
  actionInstance: '业务申请',
  refundTicket: '退票信息',
  document: '发文',
  intention: '意向登记',
};

/** A row of 电签文件: one per distinct content (sha256). */
export const ZSignedFile = z.object({
  /** the attachment's uuid: preview and download through /api/attachment/download/{id} */
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
  source: ZSignedFileSource.nullable(),
  /** 所属单位: the company the file is filed for */
  companyName: z.string(),
  /** ISO 8601: when the signed file was stored */
  createdAt: z.string(),
  sha256: z.string(),
  code: z.string(),
  state: z.enum(SIGNATURE_STATES),
  stateLabel: z.string(),
  problem: z.enum(SIGNATURE_PROBLEMS).nullable(),
  problemLabel: z.string().nullable(),
  /** the newest signature's signer, time and certificate (null when unsigned) */
  signerName: z.string().nullable(),
  signingTime: z.string().nullable(),
  certificateSerial: z.string().nullable(),
});
export type SignedFile = z.infer<typeof ZSignedFile>;

/** A row with the verdict of every signature (the list's 验签详情). */
export const ZSignedFileDetail = ZSignedFile.extend({ verification: ZVerifyResult });
export type SignedFileDetail = z.infer<typeof ZSignedFileDetail>;

export const SIGNED_FILES_KEYWORD_MAX = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const zDay = z
  .string()
  .regex(DAY, MSG.signedFilesDateInvalid)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00+08:00`)), MSG.signedFilesDateInvalid);

/** The filters of 电签文件: a keyword (file name, project, code), and +08:00 days of storing, both included. */
export const ZSignedFileFilters = z
  .object({
    keyword: z.string().trim().max(SIGNED_FILES_KEYWORD_MAX, MSG.signedFilesKeywordTooLong).optional(),
    from: zDay.optional(),
    to: zDay.optional(),
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    message: MSG.signedFilesDateRange,
    path: ['to'],
  });
export type SignedFileFilters = z.infer<typeof ZSignedFileFilters>;
