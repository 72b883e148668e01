// Account opening and organisation review calls. Every answer is the envelope.
//
//   POST /api/register/validate/company/status  {creditCode}                        anonymous or signed in
//     -> {status: 0, data: {registered, examineStatus}}; a malformed code -> {status: 1, msg: 请填写正确的统一社会信用代码}
//   POST /api/register/account  {companyName, creditCode, contactName, mobile, otp, username, password, password2}
//     -> {status: 0, data: LoginResult} (as POST /api/login); send the anonymous session as bearer: it is revoked.
//        Refusals (status 1): 请填写X for a missing field, the field's rule, 该用户名已被使用, 该统一社会信用代码已注册,
//        a wrong or used SMS code (purpose register). Per-IP limit (OTP_RATE_MAX a minute): HTTP 429.
//   GET  /api/register/company                   signed in -> {status: 0, data: CompanyApplication} (own company);
//        a company without an application -> {status: 404}
//   POST /api/register/company/save              {...CompanyApplicationFields, version} -> CompanyApplication
//   POST /api/register/company/submit            the same; examineStatus becomes 1 (待审核)
//        both: only in examineStatus 0 or 2 (else status 1 开户申请当前不可修改); a stale version -> status 409
//   POST /api/company/list   {keyword?, identityType?, examineStatus?, companyAuthStatus?, page, size}
//     -> {status: 0, data: {list: CompanyListItem[], total}}                              GJS_SYSTEM_ADMIN
//   GET  /api/company/show/{id}      -> {status: 0, data: CompanyDetail}; unknown id -> {status: 404}   GJS_SYSTEM_ADMIN
//   POST /api/company/examine/{id}   {pass, reason?, version} -> {status: 0}; not under review -> status 1
//        该申请当前不在待审核状态; a return needs a reason (SH-5.6), an approval may carry an opinion (both at
//        most 500 characters, kept in the history); an approval of an application lacking a required item
//        (listMissingForApproval) -> status 1 开户申请缺少…; stale version -> 409              GJS_SYSTEM_ADMIN
import {
  COMPANY_EDITABLE_FIELDS,
  FIELD_HARD_MAX,
  MSG,
  REGISTER_LABELS,
  fillIn,
  validateRegisterCreditCode,
  validateRegistration,
  ZAttachmentItem,
  type CompanyApplication,
  type CompanyDetail,
  type CompanyListItem,
  type CompanyStatusCheck,
  type RegisterField,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/guard.ts';
import { ZLoginResult } from '../auth/routes.ts';
import type { AccountsService } from './service.ts';

const ADMIN_CODE = 'GJS_SYSTEM_ADMIN';

/** Text fields that arrive absent, or too long to be worth checking, are refused by the domain rules. */
const zText = (missing: string) => z.string({ error: missing }).max(FIELD_HARD_MAX, MSG.badRequest);

const REGISTER_FIELDS = Object.keys(REGISTER_LABELS) as RegisterField[];
/** Fields whose spaces around the value mean nothing; passwords are taken exactly as typed. */
const TRIMMED: ReadonlySet<RegisterField> = new Set([
  'companyName',
  'creditCode',
  'contactName',
  'mobile',
  'otp',
]);

const ZRegisterBody = z
  .object(
    Object.fromEntries(
      REGISTER_FIELDS.map((field) => [field, zText(fillIn(REGISTER_LABELS[field])).optional()]),
    ) as Record<RegisterField, z.ZodOptional<z.ZodString>>,
  )
  .transform(
    (body) =>
      Object.fromEntries(
        REGISTER_FIELDS.map((field) => {
          const value = body[field] ?? '';
          return [field, TRIMMED.has(field) ? value.trim() : value];
        }),
      ) as Record<RegisterField, string>,
  )
  .superRefine((body, ctx) => {
    const problem = validateRegistration(body);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

const ZCompanyBody = z.object({
  ...Object.fromEntries(
    COMPANY_EDITABLE_FIELDS.map((field) => [field, zText(MSG.badRequest).nullable().optional()]),
  ),
  version: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest),
}) as z.ZodType<
  Partial<Record<(typeof COMPANY_EDITABLE_FIELDS)[number], string | null>> & { version: number }
>;

/** A filter on an int4 column: beyond its range the database would fail the query (a 500). */
const zOptionalInt = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(-2_147_483_648, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest)
  .nullable()
  .optional();

const ZListBody = z.object({
  keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
  identityType: zOptionalInt,
  examineStatus: zOptionalInt,
  companyAuthStatus: zOptionalInt,
  page: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest).default(1),
  size: z
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .max(100, MSG.badRequest)
    .default(10),
});

const ZExamineBody = z.object({
  pass: z.boolean({ error: MSG.badRequest }),
  reason: z.string({ error: MSG.badRequest }).max(FIELD_HARD_MAX, MSG.returnReasonRequired).optional(),
  version: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest),
});

const ZIdParams = z.object({ id: z.string().max(32) });

const nullableText = z.string().nullable();

const ZApplication = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: nullableText,
  legalPerson: nullableText,
  address: nullableText,
  contactName: nullableText,
  contactMobile: nullableText,
  regulatoryBodies: nullableText,
  regulatoryBodiesProvince: nullableText,
  regulatoryBodiesCity: nullableText,
  stateFundedEnter: nullableText,
  stateCreditCode: nullableText,
  identityType: z.number().int(),
  examineStatus: z.number().int().nullable(),
  examineStatusLabel: z.string(),
  examineReason: nullableText,
  version: z.number().int(),
  updatedAt: z.string(),
  businessLicense: z.array(ZAttachmentItem),
  history: z.array(
    z.object({ action: z.string(), actionLabel: z.string(), reason: nullableText, createdAt: z.string() }),
  ),
});

const ZDetail = ZApplication.extend({
  otherFiles: z.array(ZAttachmentItem),
  identityLabel: z.string(),
  companyAuthStatus: z.number().int(),
  companyAuthStatusLabel: z.string(),
  operators: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      nickname: nullableText,
      realName: nullableText,
      mobile: nullableText,
      manager: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<CompanyDetail>;

const ZListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: nullableText,
  identityType: z.number().int(),
  identityLabel: z.string(),
  examineStatus: z.number().int().nullable(),
  examineStatusLabel: z.string(),
  companyAuthStatus: z.number().int(),
  companyAuthStatusLabel: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<CompanyListItem>;

const ZStatusCheck = z.object({
  registered: z.boolean(),
  examineStatus: z.number().int().nullable(),
}) satisfies z.ZodType<CompanyStatusCheck>;

/** A company id of the path; anything else names no company. */
function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}

/** Drops the filters the client sent as null (an emptied select) so they filter nothing. */
function presentOnly<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}

export const accountsRoutes: FastifyPluginCallbackZod<{ accounts: AccountsService }> = (
  app,
  { accounts },
  done,
) => {
  const limitRegistrations = app.rateLimit({
    max: accounts.registrationRateMax,
    timeWindow: '1 minute',
    groupId: 'account-registration',
  });
  const asAdmin = [app.authenticate, requirePermission(ADMIN_CODE)];

  app.post(
    '/api/register/validate/company/status',
    {
      onRequest: limitRegistrations,
      schema: {
        tags: ['accounts'],
        summary: '查询统一社会信用代码的开户状态',
        body: z.object({
          creditCode: z
            .string({ error: fillIn(REGISTER_LABELS.creditCode) })
            .trim()
            .superRefine((value, ctx) => {
              const message = validateRegisterCreditCode(value);
              if (message !== null) ctx.addIssue({ code: 'custom', message });
            }),
        }),
        response: { 200: zEnvelope(ZStatusCheck) },
      },
    },
    async (request) => ok(await accounts.checkCompanyStatus(request.body.creditCode)),
  );

  app.post(
    '/api/register/account',
    {
      onRequest: limitRegistrations,
      schema: {
        tags: ['accounts'],
        summary: '项目方开户注册',
        description: '注册成功即登录；请以匿名会话作为 Bearer 令牌调用，登录后该匿名会话失效。',
        body: ZRegisterBody,
        response: { 200: zEnvelope(ZLoginResult) },
      },
    },
    async (request) =>
      ok(
        await accounts.register({
          ...request.body,
          ...readOrigin(request),
          token: readBearerToken(request),
        }),
        MSG.registerOk,
      ),
  );

  app.get(
    '/api/register/company',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: '本机构的开户申请',
        response: { 200: zEnvelope(ZApplication satisfies z.ZodType<CompanyApplication>) },
      },
    },
    async (request) => ok(await accounts.getApplication(requireSession(request))),
  );

  app.post(
    '/api/register/company/save',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: '保存开户申请',
        body: ZCompanyBody,
        response: { 200: zEnvelope(ZApplication) },
      },
    },
    async (request) =>
      ok(
        await accounts.saveApplication({ ...requireSession(request), ...readOrigin(request) }, request.body),
        MSG.applicationSaved,
      ),
  );

  app.post(
    '/api/register/company/submit',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: '提交开户申请',
        body: ZCompanyBody,
        response: { 200: zEnvelope(ZApplication) },
      },
    },
    async (request) =>
      ok(
        await accounts.submitApplication(
          { ...requireSession(request), ...readOrigin(request) },
          request.body,
        ),
        MSG.applicationSubmitted,
      ),
  );

  app.post(
    '/api/company/list',
    {
      preValidation: asAdmin,
      schema: {
        tags: ['accounts'],
        summary: '机构列表',
        body: ZListBody,
        response: { 200: zEnvelope(z.object({ list: z.array(ZListItem), total: z.number().int() })) },
      },
    },
    async (request) => ok(await accounts.listCompanies(presentOnly(request.body))),
  );

  app.get(
    '/api/company/show/:id',
    {
      preValidation: asAdmin,
      schema: {
        tags: ['accounts'],
        summary: '机构详情（含开户申请）',
        params: ZIdParams,
        response: { 200: zEnvelope(ZDetail) },
      },
    },
    async (request) => ok(await accounts.showCompany(requireSession(request), parseId(request.params.id))),
  );

  app.post(
    '/api/company/examine/:id',
    {
      preValidation: asAdmin,
      schema: {
        tags: ['accounts'],
        summary: '开户审核',
        description:
          'pass 为 false 时须填写退回原因；为 true 时可附审核意见（均不超过500个字符，记入审核记录）。' +
          '缺少必备信息或营业执照的申请不能审核通过。',
        params: ZIdParams,
        body: ZExamineBody,
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { pass, reason, version } = request.body;
      await accounts.examine(
        { ...requireSession(request), ...readOrigin(request) },
        parseId(request.params.id),
        { pass, version, ...(reason === undefined ? {} : { reason }) },
      );
      return ok(null, pass ? MSG.examineApprovedOk : MSG.examineReturnedOk);
    },
  );
  done();
};
