// Routes of e-signature enrolment (the /signature page, onboarding gate 7). The info and the enrolment are served
// from their contracts (packages/domain/src/contracts/signatures.ts); the seal and the certificates answer files,
// not the envelope.
//   GET  /api/signature/info              -> {company: {name, creditCode}, operator: {realName, mobileMasked},
//                                            mainOperatorAuth, authStatus, companyAuthStatus, credentials: [{id,
//                                            kind: company|operator, subject, serialNumber, issuer, notBefore,
//                                            notAfter}]} (the company's live credential, then the caller's own)
//   POST /api/signature/enrol             {otp} (purpose sign, sent to the caller's own mobile) -> the info;
//                                            refused: 请先完成实名认证 / 请先完成企业认证 / a wrong or used code
//   GET  /api/signature/seal/{id}         -> image/svg+xml; a credential of another company -> {status: 404}
//   GET  /api/signature/certificate/{id}  -> the certificate (PEM file); another company's -> {status: 404}
//   GET  /api/signature/ca                -> the root certificate (PEM file), public: verifiers need it
import { MSG } from '@cqjy/domain';
import { ZIdPath } from '@cqjy/domain/contract';
import { enrolSignatureCall, signatureInfoCall } from '@cqjy/domain/contracts/signatures';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { SignaturesService } from './service.ts';

const PEM_TYPE = 'application/x-pem-file';

export const signaturesRoutes: FastifyPluginCallbackZod<{ signatures: SignaturesService }> = (
  app,
  { signatures },
  done,
) => {
  const tags = ['signature'];
  const signedIn = [app.authenticate];

  serve(app, signatureInfoCall, signedIn, async (_, request) =>
    ok(await signatures.getInfo(requireSession(request))),
  );

  serve(app, enrolSignatureCall, signedIn, async ({ body }, request) =>
    ok(
      await signatures.enrol({ ...requireSession(request), ...readOrigin(request) }, body.otp),
      MSG.signatureEnrolled,
    ),
  );

  // The seal and the certificates are files, not the envelope: left out of the contracts. Their id parses as a
  // contract's does, so a malformed one answers 404 as an unknown one does.
  app.get(
    '/api/signature/seal/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: '印章图片',
        description: '返回 SVG 图片（文字为轮廓路径）；仅限本机构的证书。',
        params: ZIdPath,
      },
    },
    async (request, reply) => {
      const svg = await signatures.getSealSvg(requireSession(request), request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  app.get(
    '/api/signature/certificate/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: '下载证书',
        description: '返回 PEM 格式的证书；仅限本机构的证书。',
        params: ZIdPath,
      },
    },
    async (request, reply) => {
      const certificate = await signatures.getCertificate(requireSession(request), request.params.id);
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
        tags,
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
