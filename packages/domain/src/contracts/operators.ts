// The 账号管理 calls (spec 000 sections 2 and 6: account, accountAdd, accountChange, accountShow, accountEdit). All
// are scoped to the caller's company, and another company's operator answers 404 as if it did not exist. All need
// GKS_OPERATOR_LT (the exchange's own accounts: GKS_OPERATOR_LT_ADMIN). Refusals (status 1) carry the Chinese
// message of the rule: the registration's username rule, 请填写姓名, the mobile rules of spec 000 section 5, a taken
// username or mobile, a code the company lacks, no code chosen.
import { z } from 'zod';
import { defineCall, zPage, zPathId, zSize } from '../contract.ts';
import { fillIn, MSG } from '../messages.ts';
import {
  OPERATOR_FIELD_LABELS,
  OPERATOR_STATUS,
  ZOperatorCodes,
  ZOperatorListRow,
  ZOperatorSaved,
  ZOperatorView,
} from '../operators.ts';
import { isOtpFormat } from '../otp.ts';

export const OPERATOR_CODES = ['GKS_OPERATOR_LT', 'GKS_OPERATOR_LT_ADMIN'] as const;

const L = OPERATOR_FIELD_LABELS;

/** Text fields travel as strings; their rules are the domain's, so the messages are the form's. */
const zText = (missing: string) => z.string({ error: missing }).max(200, MSG.badRequest);
const zCodes = z
  .array(z.string({ error: MSG.badRequest }).max(64, MSG.badRequest), { error: MSG.operatorCodesRequired })
  .max(200, MSG.badRequest);
/** The version token: operators.updated_at in microseconds. */
const zVersion = z.string({ error: MSG.badRequest }).regex(/^\d{1,20}$/, MSG.badRequest);
const ZVersionBody = z.preprocess((body) => body ?? {}, z.object({ version: zVersion.optional() }));

/** POST /api/operator/list: one page of the company's operators, the main operator first. */
export const listOperatorsCall = defineCall({
  method: 'POST',
  path: '/api/operator/list',
  tag: 'operator',
  summary: '账号列表',
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
    status: z.enum(Object.values(OPERATOR_STATUS), { error: MSG.badRequest }).optional(),
  }),
  answer: z.object({ list: z.array(ZOperatorListRow), total: z.number() }),
});
export type OperatorListQuery = z.input<typeof listOperatorsCall.body>;

/**
 * GET /api/operator/codes: the company's codes (the form's tree is the domain's operatorPermissionTree of them)
 * and those the caller may hand on.
 */
export const operatorCodesCall = defineCall({
  method: 'GET',
  path: '/api/operator/codes',
  tag: 'operator',
  summary: '本单位可授予的权限',
  answer: ZOperatorCodes,
});

/** POST /api/operator/save: a new login (no usable password yet); an SMS tells its mobile how to log in. */
export const saveOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/save',
  tag: 'operator',
  summary: '新增账号',
  description: '新建登录账号（尚无可用密码），以短信通知其使用手机验证码登录并设置密码。',
  body: z.object({
    username: zText(fillIn(L.username)),
    nickname: zText(fillIn(L.nickname)),
    mobile: zText(MSG.mobileRequired),
    codes: zCodes,
  }),
  answer: ZOperatorSaved,
});
export type OperatorSaveBody = z.input<typeof saveOperatorCall.body>;

/** GET /api/operator/{id}: an operator of the caller's company. */
export const showOperatorCall = defineCall({
  method: 'GET',
  path: '/api/operator/:id',
  tag: 'operator',
  summary: '查看账号',
  params: z.object({ id: zPathId }),
  answer: ZOperatorView,
});

/** POST /api/operator/update/{id}: the name and codes; a stale version answers 409. */
export const updateOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/update/:id',
  tag: 'operator',
  summary: '编辑账号',
  params: z.object({ id: zPathId }),
  body: z.object({ nickname: zText(fillIn(L.nickname)), codes: zCodes, version: zVersion }),
  answer: ZOperatorSaved,
});
export type OperatorUpdateBody = z.input<typeof updateOperatorCall.body>;

/** POST /api/operator/disable/{id}: not the main operator, not oneself. */
export const disableOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/disable/:id',
  tag: 'operator',
  summary: '停用账号',
  params: z.object({ id: zPathId }),
  body: ZVersionBody,
  answer: ZOperatorSaved,
});

/** POST /api/operator/enable/{id}. */
export const enableOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/enable/:id',
  tag: 'operator',
  summary: '启用账号',
  params: z.object({ id: zPathId }),
  body: ZVersionBody,
  answer: ZOperatorSaved,
});

/** POST /api/operator/reset/{id}: the password stops working, an SMS is sent. */
export const resetOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/reset/:id',
  tag: 'operator',
  summary: '重置密码',
  description: '原密码失效；该账号须使用手机验证码登录并重新设置密码。',
  params: z.object({ id: zPathId }),
  body: ZVersionBody,
  answer: ZOperatorSaved,
});

/**
 * POST /api/operator/main/code: a code (purpose mainChange) to the caller, who must be the main operator; the otp
 * rules apply (one send a minute per mobile).
 */
export const sendMainCodeCall = defineCall({
  method: 'POST',
  path: '/api/operator/main/code',
  tag: 'operator',
  summary: '变更主操作员：发送验证码',
  description: '验证码发送至当前主操作员本人的手机号码。',
  answer: z.object({ mobileMasked: z.string() }),
});

/** POST /api/operator/main/change: the operator becomes the main operator. */
export const changeMainOperatorCall = defineCall({
  method: 'POST',
  path: '/api/operator/main/change',
  tag: 'operator',
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
  answer: z.null(),
});
export type MainOperatorChangeBody = z.input<typeof changeMainOperatorCall.body>;
