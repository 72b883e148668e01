// The account-opening calls (spec 000 sections 2 and 4, gate 1 SH-4.5: /transferorOpen, /transferorOpenTip) and the
// exchange's review of them (机构管理, /index/companyList, GJS_SYSTEM_ADMIN). Registration is anonymous and limited
// per IP with the SMS sends; the application calls need the signed-in applicant. Refusals (status 1) carry the
// Chinese message of the rule: 请填写X for a missing field, the field's rule, a taken username or credit code.
import { z } from 'zod';
import {
  COMPANY_EDITABLE_FIELDS,
  FIELD_HARD_MAX,
  REGISTER_LABELS,
  validateRegisterCreditCode,
  validateRegistration,
  ZCompanyApplication,
  ZCompanyDetail,
  ZCompanyListItem,
  ZCompanyStatusCheck,
  type RegisterField,
} from '../account-opening.ts';
import { defineCall, zPathId } from '../contract.ts';
import { ZLoginResult } from '../login-result.ts';
import { fillIn, MSG } from '../messages.ts';

export const COMPANY_REVIEW_CODE = 'GJS_SYSTEM_ADMIN';

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

/** The fields of a save or submit as the applicant sends them: each may be absent or emptied. */
type CompanyFields = Partial<Record<(typeof COMPANY_EDITABLE_FIELDS)[number], string | null>> & {
  version: number;
};

const ZCompanyBody = z.object({
  ...Object.fromEntries(
    COMPANY_EDITABLE_FIELDS.map((field) => [field, zText(MSG.badRequest).nullable().optional()]),
  ),
  version: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest),
}) as z.ZodType<CompanyFields, CompanyFields>;

/** A filter on an int4 column: beyond its range the database would fail the query (a 500). */
const zOptionalInt = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(-2_147_483_648, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest)
  .nullable()
  .optional();

/**
 * POST /api/register/validate/company/status: anonymous or signed in; a malformed code answers
 * 请填写正确的统一社会信用代码.
 */
export const companyStatusCall = defineCall({
  method: 'POST',
  path: '/api/register/validate/company/status',
  tag: 'accounts',
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
  answer: ZCompanyStatusCheck,
});

/**
 * POST /api/register/account: the LoginResult of POST /api/login; the anonymous session sent as bearer is revoked.
 * Refusals: 该用户名已被使用, 该统一社会信用代码已注册, a wrong or used SMS code (purpose register).
 */
export const registerAccountCall = defineCall({
  method: 'POST',
  path: '/api/register/account',
  tag: 'accounts',
  summary: '项目方开户注册',
  description: '注册成功即登录；请以匿名会话作为 Bearer 令牌调用，登录后该匿名会话失效。',
  body: ZRegisterBody,
  answer: ZLoginResult,
});

/** GET /api/register/company: the own company's; a company without an application answers 404. */
export const applicationCall = defineCall({
  method: 'GET',
  path: '/api/register/company',
  tag: 'accounts',
  summary: '本机构的开户申请',
  answer: ZCompanyApplication,
});

/**
 * POST /api/register/company/save: only in examineStatus 0 or 2 (else 开户申请当前不可修改); a stale version
 * answers 409.
 */
export const saveApplicationCall = defineCall({
  method: 'POST',
  path: '/api/register/company/save',
  tag: 'accounts',
  summary: '保存开户申请',
  body: ZCompanyBody,
  answer: ZCompanyApplication,
});
export type CompanyApplicationInput = z.input<typeof saveApplicationCall.body>;

/** POST /api/register/company/submit: as the save; examineStatus becomes 1 (待审核). */
export const submitApplicationCall = defineCall({
  method: 'POST',
  path: '/api/register/company/submit',
  tag: 'accounts',
  summary: '提交开户申请',
  body: ZCompanyBody,
  answer: ZCompanyApplication,
});

/** POST /api/company/list: every company, newest change first; a filter sent as null filters nothing. */
export const listCompaniesCall = defineCall({
  method: 'POST',
  path: '/api/company/list',
  tag: 'accounts',
  summary: '机构列表',
  body: z.object({
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
  }),
  answer: z.object({ list: z.array(ZCompanyListItem), total: z.number().int() }),
});
export type CompanyListQuery = z.input<typeof listCompaniesCall.body>;

/** GET /api/company/show/{id}: an unknown id answers 404. */
export const showCompanyCall = defineCall({
  method: 'GET',
  path: '/api/company/show/:id',
  tag: 'accounts',
  summary: '机构详情（含开户申请）',
  params: z.object({ id: zPathId }),
  answer: ZCompanyDetail,
});

/**
 * POST /api/company/examine/{id}: a return needs its reason (SH-5.6); an approval may carry the reviewer's opinion
 * (审核意见), under the same limit (500 characters), and either is kept in the application's history. Not under
 * review answers 该申请当前不在待审核状态; an approval of an application lacking a required item
 * (listMissingForApproval) 开户申请缺少…; a stale version 409.
 */
export const examineCompanyCall = defineCall({
  method: 'POST',
  path: '/api/company/examine/:id',
  tag: 'accounts',
  summary: '开户审核',
  description:
    'pass 为 false 时须填写退回原因；为 true 时可附审核意见（均不超过500个字符，记入审核记录）。' +
    '缺少必备信息或营业执照的申请不能审核通过。',
  params: z.object({ id: zPathId }),
  body: z.object({
    pass: z.boolean({ error: MSG.badRequest }),
    reason: z.string({ error: MSG.badRequest }).max(FIELD_HARD_MAX, MSG.returnReasonRequired).optional(),
    version: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest),
  }),
  answer: z.null(),
});
export type CompanyExamineInput = z.input<typeof examineCompanyCall.body>;
