// The calls of e-signature enrolment (the /signature page, onboarding gate 7): the enrolment facts and the
// enrolment itself. The seal picture (GET /api/signature/seal/{id}, SVG), the certificate and the root certificate
// (GET /api/signature/certificate/{id}, GET /api/signature/ca, PEM files) answer no envelope: they stay described by
// their routes.
import { z } from 'zod';
import { defineCall } from '../contract.ts';
import { MSG } from '../messages.ts';
import { isOtpFormat } from '../otp.ts';
import type { SignatureCredential, SignatureInfo } from '../signatures.ts';

export const ZSignatureCredential = z.object({
  id: z.number().int(),
  kind: z.enum(['company', 'operator']),
  subject: z.string(),
  serialNumber: z.string(),
  issuer: z.string(),
  notBefore: z.string().describe('ISO 8601'),
  notAfter: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<SignatureCredential>;

export const ZSignatureInfo = z.object({
  company: z.object({ name: z.string(), creditCode: z.string().nullable() }),
  operator: z.object({ realName: z.string().nullable(), mobileMasked: z.string() }),
  mainOperatorAuth: z.boolean(),
  authStatus: z.number().int(),
  companyAuthStatus: z.number().int(),
  credentials: z.array(ZSignatureCredential),
}) satisfies z.ZodType<SignatureInfo>;

/**
 * GET /api/signature/info: the company (name, credit code), the operator (real name, masked mobile), the gates,
 * and the credentials: the company's live one, then the caller's own.
 */
export const signatureInfoCall = defineCall({
  method: 'GET',
  path: '/api/signature/info',
  tag: 'signature',
  summary: '电子签章信息',
  answer: ZSignatureInfo,
});

/**
 * POST /api/signature/enrol {otp} (purpose sign, sent to the caller's own mobile) -> the info; refused: 请先完成实名
 * 认证 / 请先完成企业认证 / a wrong or used code.
 */
export const enrolSignatureCall = defineCall({
  method: 'POST',
  path: '/api/signature/enrol',
  tag: 'signature',
  summary: '申请电子签章',
  description:
    '需已完成实名认证与企业认证；otp 为发送到本人手机的短信验证码（用途 sign）。签发机构证书与个人证书并生成印章。',
  body: z.object({
    otp: z
      .string({ error: MSG.otpRequired })
      .trim()
      .min(1, MSG.otpRequired)
      .refine(isOtpFormat, MSG.otpFormat),
  }),
  answer: ZSignatureInfo,
});
