// Routes of real-name, company and face authentication, password setup and login-information completion (spec 000
// section 7: Auth, User, Operator identity). Every answer is the envelope; refusals are {status: 1, msg}.
//
//   GET  /api/app/validate/authstatus          -> AuthStatusResult: what /auth must still ask for (needs)
//   GET  /api/app/user/authentication          -> UserAuthentication (ID number masked)
//   POST /api/operator/idcard                  {realName, idType, idCard} -> {requestId}; the user is 认证中
//   POST /api/operator/face                    {requestId} -> {confirmUrl, qrSvg, expiresAt, realNameMasked};
//                                              each call replaces the link's secret; another user's id -> 404
//   POST /api/operator/result                  {requestId} -> {status, statusLabel} (FACE_AUTH_STATUS)
//   GET  /api/operator/result/cfcaUrlData      ?idcard= -> {confirmUrl, expiresAt, realNameMasked} of the caller's
//                                              pending request for that number, else {status: 1}
//   GET  /api/face/confirm/{token}             public -> {realName 张*, idCard 110****1234, status, expiresAt}
//   POST /api/face/confirm/{token}             public {agree} -> {status, statusLabel}; decided -> {status: 409};
//                                              expired -> {status: 1, msg: 二维码已过期，请在电脑端刷新}
//   POST /api/app/validate/company             {companyName, creditCode, legalPerson?, licenceUuid?, createId?}
//                                              -> {companyAuthStatus}: 1 at once (basic), 2 under review (advanced;
//                                              the licence uploaded with dataClass companyAuth, dataId createId)
//   POST /api/company/auth/list                GJS_SYSTEM_ADMIN {status?, page, size} -> {list, total}
//   POST /api/company/auth/examine/{id}        GJS_SYSTEM_ADMIN {pass, reason?} -> {status: 0}
//   POST /api/app/user/setup/password          {password, password2} -> {status: 0} (gate 3)
//   POST /api/app/setup/account                {username, password, password2} -> {status: 0} (once)
import { MSG } from '@cqjy/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/guard.ts';
import type { IdentityService } from './service.ts';

/** Public confirmation calls per IP per minute: enough for a person, too few to guess secrets. */
const FACE_CONFIRM_RATE_MAX = 30;

const ZNeeds = z.object({
  realName: z.boolean(),
  companyAuth: z.boolean(),
  password: z.boolean(),
  phone: z.boolean(),
});

const ZAuthStatus = z.object({
  identityType: z.number(),
  authStatus: z.number(),
  companyAuthStatus: z.number(),
  idType: z.number().nullable(),
  setupPassword: z.boolean(),
  pendingPhone: z.string().nullable(),
  examineStatus: z.number().nullable(),
  companyAuthReason: z.string().nullable(),
  companyAuthLevel: z.enum(['basic', 'advanced']).nullable(),
  pendingRequestId: z.string().nullable(),
  needs: ZNeeds,
});

const ZAuthentication = z.object({
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

const ZFaceLink = z.object({
  confirmUrl: z.string(),
  qrSvg: z.string().optional(),
  expiresAt: z.string(),
  realNameMasked: z.string(),
});

const ZFaceResult = z.object({ status: z.number(), statusLabel: z.string() });

const ZRequestBody = z.object({ requestId: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest) });

const ZPasswords = {
  password: z.string({ error: MSG.passwordRequired }).max(256, MSG.passwordLength),
  password2: z.string({ error: MSG.passwordRepeatRequired }).max(256, MSG.passwordMismatch),
};

const ZTokenParams = z.object({ token: z.string().max(128) });

/** The scheme and host the caller reached the portal at: the face link must lead back to it. */
function readRequestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function actorOf(request: FastifyRequest) {
  return { ...requireSession(request), ...readOrigin(request) };
}

/** An application id of the path; anything else names no application. */
function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}

export const identityRoutes: FastifyPluginCallbackZod<{ identity: IdentityService }> = (
  app,
  { identity },
  done,
) => {
  app.get(
    '/api/app/validate/authstatus',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '开户信息认证状态',
        description: 'needs 列出 /auth 页面仍须完成的事项：实名认证、企业认证、设置密码、确认新手机号。',
        response: { 200: zEnvelope(ZAuthStatus) },
      },
    },
    async (request) => ok(await identity.getAuthStatus(actorOf(request))),
  );

  app.get(
    '/api/app/user/authentication',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '当前用户的实名与企业认证信息',
        response: { 200: zEnvelope(ZAuthentication) },
      },
    },
    async (request) => ok(await identity.getAuthentication(actorOf(request))),
  );

  app.post(
    '/api/operator/idcard',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '提交实名信息，发起人脸核验',
        body: z.object({
          realName: z.string({ error: MSG.realNameRequired }).max(100, MSG.realNameLength),
          idType: z.number({ error: MSG.idTypeRequired }).int(MSG.idTypeRequired),
          idCard: z.string({ error: MSG.idNumberRequired }).max(64, MSG.idNumberInvalid),
        }),
        response: { 200: zEnvelope(z.object({ requestId: z.string() })) },
      },
    },
    async (request) => ok(await identity.startRealName(actorOf(request), request.body), MSG.realNameStarted),
  );

  app.post(
    '/api/operator/face',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '人脸核验二维码',
        description: '每次调用生成新的二维码，旧二维码随即失效。',
        body: ZRequestBody,
        response: { 200: zEnvelope(ZFaceLink) },
      },
    },
    async (request) =>
      ok(await identity.issueFaceLink(actorOf(request), request.body.requestId, readRequestOrigin(request))),
  );

  app.post(
    '/api/operator/result',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '人脸核验结果',
        body: ZRequestBody,
        response: { 200: zEnvelope(ZFaceResult) },
      },
    },
    async (request) => ok(await identity.readFaceResult(actorOf(request), request.body.requestId)),
  );

  app.get(
    '/api/operator/result/cfcaUrlData',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '进行中的人脸核验链接',
        querystring: z.object({
          idcard: z.string({ error: MSG.idNumberRequired }).min(1, MSG.idNumberRequired).max(64),
        }),
        response: { 200: zEnvelope(ZFaceLink) },
      },
    },
    async (request) =>
      ok(await identity.reissueByIdCard(actorOf(request), request.query.idcard, readRequestOrigin(request))),
  );

  app.get(
    '/api/face/confirm/:token',
    {
      config: { rateLimit: { max: FACE_CONFIRM_RATE_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary: '人脸核验确认页信息（无需登录）',
        params: ZTokenParams,
        response: {
          200: zEnvelope(
            z.object({ realName: z.string(), idCard: z.string(), status: z.number(), expiresAt: z.string() }),
          ),
        },
      },
    },
    async (request) => ok(await identity.viewFaceConfirm(request.params.token)),
  );

  app.post(
    '/api/face/confirm/:token',
    {
      config: { rateLimit: { max: FACE_CONFIRM_RATE_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary: '确认或拒绝人脸核验（无需登录）',
        description: '只能处理一次；再次处理返回 409，二维码过期返回 1。',
        params: ZTokenParams,
        body: z.object({ agree: z.boolean({ error: MSG.badRequest }) }),
        response: { 200: zEnvelope(ZFaceResult) },
      },
    },
    async (request) => {
      const result = await identity.decideFaceConfirm(
        request.params.token,
        request.body.agree,
        readOrigin(request),
      );
      return ok(result, request.body.agree ? MSG.faceConfirmedOk : MSG.faceDeclinedOk);
    },
  );

  app.post(
    '/api/app/validate/company',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '企业认证',
        description:
          '转让方、土地资产管理、交易所：名称与统一社会信用代码须与开户信息一致，立即认证通过。' +
          '会员、评估机构、拆解企业（高级认证）：须上传营业执照（dataClass companyAuth，dataId 为 createId），由交易所审核。',
        body: z.object({
          companyName: z.string({ error: MSG.companyNameRequired }).max(100, MSG.companyMismatch),
          creditCode: z.string({ error: MSG.creditCodeInvalid }).max(32, MSG.creditCodeInvalid),
          legalPerson: z.string().max(50, MSG.badRequest).optional(),
          licenceUuid: z.string().max(64, MSG.licenceMissing).optional(),
          createId: z.string().max(64, MSG.licenceMissing).optional(),
        }),
        response: { 200: zEnvelope(z.object({ companyAuthStatus: z.number() })) },
      },
    },
    async (request) => {
      const result = await identity.validateCompany(actorOf(request), request.body);
      return ok({ companyAuthStatus: result.companyAuthStatus }, result.message);
    },
  );

  app.post(
    '/api/company/auth/list',
    {
      preValidation: [app.authenticate, requirePermission('GJS_SYSTEM_ADMIN')],
      schema: {
        tags: ['identity'],
        summary: '企业认证审核列表',
        body: z.object({
          // a filter on an int4 column: beyond its range the database would fail the query (a 500)
          status: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
          page: z.number().int().min(1).default(1),
          size: z.number().int().min(1).max(100).default(10),
        }),
        response: {
          200: zEnvelope(
            z.object({
              list: z.array(
                z.object({
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
                  licence: z.array(z.object({ uuid: z.string(), fileName: z.string() })),
                }),
              ),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await identity.listCompanyAuth(requireSession(request), request.body)),
  );

  app.post(
    '/api/company/auth/examine/:id',
    {
      preValidation: [app.authenticate, requirePermission('GJS_SYSTEM_ADMIN')],
      schema: {
        tags: ['identity'],
        summary: '审核企业认证',
        description: '仅审核中的申请可处理；退回须填写原因。',
        params: z.object({ id: z.string().max(32) }),
        body: z.object({
          pass: z.boolean({ error: MSG.badRequest }),
          reason: z.string().max(2000, MSG.badRequest).optional(),
        }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await identity.examineCompanyAuth(actorOf(request), parseId(request.params.id), request.body);
      return ok(null, request.body.pass ? MSG.companyAuthPassedOk : MSG.companyAuthRefusedOk);
    },
  );

  app.post(
    '/api/app/user/setup/password',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '设置登录密码',
        body: z.object(ZPasswords),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await identity.setupPassword(actorOf(request), request.body);
      return ok(null, MSG.passwordSetOk);
    },
  );

  app.post(
    '/api/app/setup/account',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: '完善登录信息（用户名与密码）',
        body: z.object({
          username: z.string({ error: MSG.usernameRequired }).max(64, MSG.usernameRule),
          ...ZPasswords,
        }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await identity.setupAccount(actorOf(request), request.body);
      return ok(null, MSG.accountSetUpOk);
    },
  );
  done();
};
