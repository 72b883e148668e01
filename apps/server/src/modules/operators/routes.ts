// 账号管理 calls (spec 000 sections 2 and 6: account, accountAdd, accountChange, accountShow, accountEdit). Every
// answer is the envelope; all are scoped to the caller's company, and another company's operator answers
// {status: 404} as if it did not exist. All need GKS_OPERATOR_LT (the exchange's own accounts: GKS_OPERATOR_LT_ADMIN).
//
//   POST /api/operator/list            {page, size, keyword?, status?: normal|disabled}
//                                      -> {list: OperatorListRow[], total}; the main operator first
//   GET  /api/operator/codes           -> {identityType, isAgent, codes, grantable}: the company's codes (the form's
//                                      tree is the domain's operatorPermissionTree of them) and those the caller
//                                      may hand on
//   POST /api/operator/save            {username, nickname, mobile, codes} -> {id, version}; an SMS to the mobile
//   GET  /api/operator/{id}            -> OperatorView
//   POST /api/operator/update/{id}     {nickname, codes, version} -> {id, version}; stale version: 409
//   POST /api/operator/disable/{id}    {version?} -> {id, version}; not the main operator, not oneself
//   POST /api/operator/enable/{id}     {version?} -> {id, version}
//   POST /api/operator/reset/{id}      {version?} -> {id, version}; the password stops working, an SMS is sent
//   POST /api/operator/main/code       -> {mobileMasked}: a code (purpose mainChange) to the caller, who must be the
//                                      main operator; the otp rules apply (one send a minute per mobile)
//   POST /api/operator/main/change     {operatorId, phonecode} -> null: the operator becomes the main operator
//
// Refusals (status 1) carry the Chinese message of the rule: the registration's username rule, 请填写姓名, the
// mobile rules of spec 000 section 5, a taken username or mobile, a code the company lacks, no code chosen.
import {
  fillIn,
  formatMessage,
  isOtpFormat,
  MSG,
  OPERATOR_FIELD_LABELS,
  OPERATOR_STATUS,
  ZOperatorCodes,
  ZOperatorListRow,
  ZOperatorSaved,
  ZOperatorView,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { parseId, zPage, zSize } from '../projects/routes.ts';
import type { OperatorsService } from './service.ts';

export const OPERATOR_CODES = ['GKS_OPERATOR_LT', 'GKS_OPERATOR_LT_ADMIN'] as const;

const L = OPERATOR_FIELD_LABELS;
const ZIdParams = z.object({ id: z.string().max(32) });

/** Text fields travel as strings; their rules are the domain's, so the messages are the form's. */
const zText = (missing: string) => z.string({ error: missing }).max(200, MSG.badRequest);
const zCodes = z
  .array(z.string({ error: MSG.badRequest }).max(64, MSG.badRequest), { error: MSG.operatorCodesRequired })
  .max(200, MSG.badRequest);
/** The version token: operators.updated_at in microseconds. */
const zVersion = z.string({ error: MSG.badRequest }).regex(/^\d{1,20}$/, MSG.badRequest);
const ZVersionBody = z.preprocess((body) => body ?? {}, z.object({ version: zVersion.optional() }));

export const operatorsRoutes: FastifyPluginCallbackZod<{ operators: OperatorsService }> = (
  app,
  { operators },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...OPERATOR_CODES])];
  const tags = ['operator'];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  app.post(
    '/api/operator/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '账号列表',
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
          status: z.enum(Object.values(OPERATOR_STATUS), { error: MSG.badRequest }).optional(),
        }),
        response: { 200: zEnvelope(z.object({ list: z.array(ZOperatorListRow), total: z.number() })) },
      },
    },
    async (request) => ok(await operators.list(actorOf(request), request.body)),
  );

  app.get(
    '/api/operator/codes',
    {
      preValidation: guard,
      schema: { tags, summary: '本单位可授予的权限', response: { 200: zEnvelope(ZOperatorCodes) } },
    },
    async (request) => ok(await operators.listCodes(actorOf(request))),
  );

  app.post(
    '/api/operator/save',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '新增账号',
        description: '新建登录账号（尚无可用密码），以短信通知其使用手机验证码登录并设置密码。',
        body: z.object({
          username: zText(fillIn(L.username)),
          nickname: zText(fillIn(L.nickname)),
          mobile: zText(MSG.mobileRequired),
          codes: zCodes,
        }),
        response: { 200: zEnvelope(ZOperatorSaved) },
      },
    },
    async (request) => {
      const { saved, msg } = await operators.create(actorOf(request), request.body);
      return ok(saved, msg);
    },
  );

  app.get(
    '/api/operator/:id',
    {
      preValidation: guard,
      schema: { tags, summary: '查看账号', params: ZIdParams, response: { 200: zEnvelope(ZOperatorView) } },
    },
    async (request) => ok(await operators.show(actorOf(request), parseId(request.params.id))),
  );

  app.post(
    '/api/operator/update/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '编辑账号',
        params: ZIdParams,
        body: z.object({ nickname: zText(fillIn(L.nickname)), codes: zCodes, version: zVersion }),
        response: { 200: zEnvelope(ZOperatorSaved) },
      },
    },
    async (request) =>
      ok(
        await operators.update(actorOf(request), parseId(request.params.id), request.body),
        MSG.operatorUpdated,
      ),
  );

  app.post(
    '/api/operator/disable/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '停用账号',
        params: ZIdParams,
        body: ZVersionBody,
        response: { 200: zEnvelope(ZOperatorSaved) },
      },
    },
    async (request) =>
      ok(
        await operators.disable(actorOf(request), parseId(request.params.id), request.body.version),
        MSG.operatorDisabledOk,
      ),
  );

  app.post(
    '/api/operator/enable/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '启用账号',
        params: ZIdParams,
        body: ZVersionBody,
        response: { 200: zEnvelope(ZOperatorSaved) },
      },
    },
    async (request) =>
      ok(
        await operators.enable(actorOf(request), parseId(request.params.id), request.body.version),
        MSG.operatorEnabledOk,
      ),
  );

  app.post(
    '/api/operator/reset/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '重置密码',
        description: '原密码失效；该账号须使用手机验证码登录并重新设置密码。',
        params: ZIdParams,
        body: ZVersionBody,
        response: { 200: zEnvelope(ZOperatorSaved) },
      },
    },
    async (request) => {
      const { saved, msg } = await operators.resetPassword(
        actorOf(request),
        parseId(request.params.id),
        request.body.version,
      );
      return ok(saved, msg);
    },
  );

  app.post(
    '/api/operator/main/code',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '变更主操作员：发送验证码',
        description: '验证码发送至当前主操作员本人的手机号码。',
        response: { 200: zEnvelope(z.object({ mobileMasked: z.string() })) },
      },
    },
    async (request) => {
      const sent = await operators.sendMainCode(actorOf(request));
      return ok(sent, formatMessage(MSG.operatorMainCodeSent, { mobile: sent.mobileMasked }));
    },
  );

  app.post(
    '/api/operator/main/change',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '变更主操作员',
        body: z.object({
          operatorId: z
            .number({ error: MSG.operatorMainTargetRequired })
            .int(MSG.operatorMainTargetRequired)
            .min(1, MSG.operatorMainTargetRequired)
            .max(2_147_483_647, MSG.operatorMainTargetRequired),
          phonecode: z
            .string({ error: MSG.otpRequired })
            .trim()
            .min(1, MSG.otpRequired)
            .refine(isOtpFormat, MSG.otpFormat),
        }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await operators.changeMain(actorOf(request), request.body);
      return ok(null, MSG.operatorMainChanged);
    },
  );

  done();
};
