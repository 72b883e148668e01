// Routes of e-signature enrolment (the /signature page, onboarding gate 7).
//   GET  /api/signature/info              -> {company: {name, creditCode}, operator: {realName, mobileMasked},
//                                            mainOperatorAuth, authStatus, companyAuthStatus, credentials: [{id,
//                                            kind: company|operator, subject, serialNumber, issuer, notBefore,
//                                            notAfter}]} (the company's live credential, then the caller's own)
//   POST /api/signature/enrol             {otp} (purpose sign, sent to the caller's own mobile) -> the info;
//                                            refused: 请先完成实名认证 / 请先完成企业认证 / a wrong or used code
//   GET  /api/signature/seal/{id}         -> image/svg+xml; a credential of another company -> {status: 404}
//   GET  /api/signature/certificate/{id}  -> the certificate (PEM file); another company's -> {status: 404}
//   GET  /api/signature/ca                -> the root certificate (PEM file), public: verifiers need it
import { isOtpFormat, MSG, type SignatureInfo } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { SignaturesService } from './service.ts';

const PEM_TYPE = 'application/x-pem-file';

const ZCredential = z.object({
  id: z.number().int(),
  kind: z.enum(['company', 'operator']),
  subject: z.string(),
  serialNumber: z.string(),
  issuer: z.string(),
  notBefore: z.string().describe('ISO 8601'),
  notAfter: z.string().describe('ISO 8601'),
});

const ZSignatureInfo = z.object({
  company: z.object({ name: z.string(), creditCode: z.string().nullable() }),
  operator: z.object({ realName: z.string().nullable(), mobileMasked: z.string() }),
  mainOperatorAuth: z.boolean(),
  authStatus: z.number().int(),
  companyAuthStatus: z.number().int(),
  credentials: z.array(ZCredential),
}) satisfies z.ZodType<SignatureInfo>;

const ZEnrolBody = z.object({
  otp: z.string({ error: MSG.otpRequired }).trim().min(1, MSG.otpRequired).refine(isOtpFormat, MSG.otpFormat),
});

const ZIdParams = z.object({ id: z.string().max(32) });

/** A credential id of the path; anything else names no credential. */
function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}

export const signaturesRoutes: FastifyPluginCallbackZod<{ signatures: SignaturesService }> = (
  app,
  { signatures },
  done,
) => {
  app.get(
    '/api/signature/info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['signature'],
        summary: '电子签章信息',
        response: { 200: zEnvelope(ZSignatureInfo) },
      },
    },
    async (request) => ok(await signatures.getInfo(requireSession(request))),
  );

  app.post(
    '/api/signature/enrol',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['signature'],
        summary: '申请电子签章',
        description:
          '需已完成实名认证与企业认证；otp 为发送到本人手机的短信验证码（用途 sign）。签发机构证书与个人证书并生成印章。',
        body: ZEnrolBody,
        response: { 200: zEnvelope(ZSignatureInfo) },
      },
    },
    async (request) =>
      ok(
        await signatures.enrol({ ...requireSession(request), ...readOrigin(request) }, request.body.otp),
        MSG.signatureEnrolled,
      ),
  );

  app.get(
    '/api/signature/seal/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['signature'],
        summary: '印章图片',
        description: '返回 SVG 图片（文字为轮廓路径）；仅限本机构的证书。',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const svg = await signatures.getSealSvg(requireSession(request), parseId(request.params.id));
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  app.get(
    '/api/signature/certificate/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['signature'],
        summary: '下载证书',
        description: '返回 PEM 格式的证书；仅限本机构的证书。',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const certificate = await signatures.getCertificate(
        requireSession(request),
        parseId(request.params.id),
      );
      const label = certificate.kind === 'company' ? '机构证书' : '个人证书';
      return reply
        .type(PEM_TYPE)
        .header(
          'content-disposition',
          contentDisposition('attachment', `${label}-${certificate.serialNumber}.pem`),
        )
        .send(certificate.pem);
    },
  );

  app.get(
    '/api/signature/ca',
    {
      schema: {
        tags: ['signature'],
        summary: '下载根证书',
        description: '返回电子签章根证书（PEM），用于验证签章；无需登录。',
      },
    },
    async (_request, reply) =>
      reply
        .type(PEM_TYPE)
        .header('content-disposition', contentDisposition('attachment', '电子签章根证书.pem'))
        .send(await signatures.getRootCertificatePem()),
  );

  done();
};
