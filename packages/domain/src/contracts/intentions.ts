// The calls of 代理意向登记 (spec 000 section 2: intentionPro, addIntention and the registration's views, capShow,
// paperlessShow, rightShow, bulkShow; spec 001 section 2: the qualification review, registrationEicSre,
// rightIntentionReview, unifiedIntentionReview, memberIntentionReviewEicSre) and of the deal they lead to: the
// course, the deposit's records and the agreement (协议转让). Reads need a project code (the member's GJS_PROJECT_LT
// or GJS_PROJECT_SERVICE_SR_LT, the exchange's GJS_PROJECT_LT_ADMIN); the member's writes one of the member's; the
// deposit's records and the agreement the exchange's. A registration another company may not see answers 404, a
// stale version 409.
import { z } from 'zod';
import { defineCall, zPathId, ZSaved, zVersion } from '../contract.ts';
import { formatMessage } from '../format.ts';
import {
  INTENTION_REASON_MAX,
  INTENTION_REVIEW_RESULTS,
  INTENTION_STATUSES,
  ZDealCourseView,
  ZDealResult,
  ZDepositReceiptInput,
  ZIntentionDetail,
  ZIntentionView,
  ZOpenProject,
} from '../intentions.ts';
import { MSG } from '../messages.ts';

/** Who reads a project's registrations: the owner, an agent member, the exchange. */
export const INTENTION_READER_CODES = [
  'GJS_PROJECT_LT',
  'GJS_PROJECT_SERVICE_SR_LT',
  'GJS_PROJECT_LT_ADMIN',
] as const;

/** Who registers: the member's own registrations (the service refuses a company that is no member). */
export const INTENTION_MEMBER_CODES = ['GJS_PROJECT_LT', 'GJS_PROJECT_SERVICE_SR_LT'] as const;

/** Who reviews: the owner's opinion and the exchange's confirmation. */
export const INTENTION_REVIEWER_CODES = ['GJS_PROJECT_LT', 'GJS_PROJECT_LT_ADMIN'] as const;

/** Ids: int4 columns, so a larger number is refused here rather than by the database (a 500). */
const zId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/** PostgreSQL text holds no NUL character: one typed in is refused here rather than failing the query (a 500). */
const hasNoNul = (text: string): boolean => !text.includes('\u0000');

const zKeyword = z
  .string({ error: MSG.intentionKeywordTooLong })
  .max(50, MSG.intentionKeywordTooLong)
  .refine(hasNoNul, MSG.badRequest)
  .optional();

/** The key a new draft is saved under; the files uploaded under it become the registration's. */
const zCreateId = z
  .string()
  .regex(/^[\w-]{1,64}$/, MSG.badRequest)
  .optional();

/**
 * The buyer's fields travel as typed; the domain's checkIntention judges them, so the messages are the form's
 * (a missing name asks for the name, not for a JSON type). IntentionForm is what the form sends.
 */
const BUYER_FIELDS = {
  customerId: zId(MSG.badRequest).nullable().optional(),
  kind: z.unknown().optional(),
  name: z.unknown().optional(),
  certType: z.unknown().optional(),
  certNo: z.unknown().optional(),
  contactName: z.unknown().optional(),
  contactMobile: z.unknown().optional(),
  amount: z.unknown().optional(),
  note: z.unknown().optional(),
};

const ZIntentionPath = z.object({ id: zPathId });
const ZVersioned = z.object({ version: zVersion });
const zOtp = z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat);

/** POST /api/intention/projects: the disclosing projects open to registrations, newest first (the form's picker). */
export const openProjectsCall = defineCall({
  method: 'POST',
  path: '/api/intention/projects',
  tag: 'intention',
  summary: '可意向登记的项目',
  body: z.object({ keyword: zKeyword }),
  answer: z.array(ZOpenProject),
});

/** POST /api/intention/list: the registrations the caller sees, newest first. */
export const listIntentionsCall = defineCall({
  method: 'POST',
  path: '/api/intention/list',
  tag: 'intention',
  summary: '意向登记列表',
  body: z.object({
    projectId: zId(MSG.badRequest).optional(),
    status: z.enum(INTENTION_STATUSES, { error: MSG.badRequest }).optional(),
    keyword: zKeyword,
  }),
  answer: z.array(ZIntentionView),
});
export type IntentionListQuery = z.input<typeof listIntentionsCall.body>;

/** GET /api/intention/{id}: the registration with its files. */
export const showIntentionCall = defineCall({
  method: 'GET',
  path: '/api/intention/:id',
  tag: 'intention',
  summary: '查看意向登记',
  params: ZIntentionPath,
  answer: ZIntentionDetail,
});

/**
 * GET /api/intention/course/{projectId}: agreement or bidding, how many registrations are qualified, and whether
 * the course's step (开启网络竞价, 确认协议转让) may be taken now, or why not.
 */
export const dealCourseCall = defineCall({
  method: 'GET',
  path: '/api/intention/course/:projectId',
  tag: 'intention',
  summary: '项目成交方式（协议转让或网络竞价）',
  params: z.object({ projectId: zPathId }),
  answer: ZDealCourseView,
});

/** POST /api/intention/save: a member's draft, adopting the files uploaded under its createId. */
export const saveIntentionCall = defineCall({
  method: 'POST',
  path: '/api/intention/save',
  tag: 'intention',
  summary: '代理意向登记（草稿）',
  body: z.object({
    projectId: zId(MSG.intentionProjectNotFound),
    ...BUYER_FIELDS,
    createId: zCreateId,
  }),
  answer: ZSaved,
});

/**
 * POST /api/intention/update/{id}: a draft's or a returned registration's buyer replaced (a blank certNo keeps the
 * stored number); it stays on the project it was made for.
 */
export const updateIntentionCall = defineCall({
  method: 'POST',
  path: '/api/intention/update/:id',
  tag: 'intention',
  summary: '修改意向登记',
  params: ZIntentionPath,
  body: z.object({ version: zVersion, ...BUYER_FIELDS }),
  answer: ZSaved,
});

/** POST /api/intention/letter/{id}: the registration letter drawn for the e-signature. */
export const drawIntentionLetterCall = defineCall({
  method: 'POST',
  path: '/api/intention/letter/:id',
  tag: 'intention',
  summary: '生成意向登记函',
  params: ZIntentionPath,
  body: ZVersioned,
  answer: ZSaved,
});

/** POST /api/intention/sign/otp/{id}: sends the sign code bound to the drawn letter. */
export const sendIntentionSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/intention/sign/otp/:id',
  tag: 'intention',
  summary: '发送意向登记函签章验证码',
  params: ZIntentionPath,
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/intention/sign/otp/check/{id}: checks the sign code without using it up. */
export const checkIntentionSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/intention/sign/otp/check/:id',
  tag: 'intention',
  summary: '校验意向登记函签章验证码',
  params: ZIntentionPath,
  body: z.object({ otp: zOtp }),
  answer: z.null(),
});

/** POST /api/intention/signature/{id}: the letter e-signed, which submits the registration for its review. */
export const signIntentionCall = defineCall({
  method: 'POST',
  path: '/api/intention/signature/:id',
  tag: 'intention',
  summary: '意向登记函电子签章（提交资格审核）',
  params: ZIntentionPath,
  body: z.object({ version: zVersion, otp: zOtp }),
  answer: ZSaved,
});

/** POST /api/intention/withdraw/{id}: the member withdraws before the exchange's confirmation. */
export const withdrawIntentionCall = defineCall({
  method: 'POST',
  path: '/api/intention/withdraw/:id',
  tag: 'intention',
  summary: '撤回意向登记',
  params: ZIntentionPath,
  body: ZVersioned,
  answer: ZSaved,
});

/**
 * POST /api/intention/deposit/{id}: the exchange records the deposit arrived, as the bank statement says it (the
 * amount owed, in fen; the day; the bank's reference); checked by checkDepositReceipt.
 */
export const recordDepositCall = defineCall({
  method: 'POST',
  path: '/api/intention/deposit/:id',
  tag: 'intention',
  summary: '登记保证金已到账（到账金额、到账日期、银行流水号）',
  params: ZIntentionPath,
  body: ZDepositReceiptInput.extend({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/intention/deposit/refund/{id}: the exchange records a deposit paid back. */
export const recordDepositRefundCall = defineCall({
  method: 'POST',
  path: '/api/intention/deposit/refund/:id',
  tag: 'intention',
  summary: '登记保证金已退还',
  params: ZIntentionPath,
  body: ZVersioned,
  answer: ZSaved,
});

/**
 * POST /api/intention/agreement/{projectId}: the exchange confirms the deal with the project's one qualified buyer
 * at the listing price (协议转让).
 */
export const confirmAgreementCall = defineCall({
  method: 'POST',
  path: '/api/intention/agreement/:projectId',
  tag: 'intention',
  summary: '确认协议转让（唯一合格意向受让方以挂牌价成交）',
  params: z.object({ projectId: zPathId }),
  // nothing is read from the body: the web sends an empty object, and whatever comes is ignored
  body: z.unknown(),
  answer: ZDealResult,
});

/**
 * POST /api/intention/review/{id}: the owner's opinion on a submitted registration, then the exchange's
 * confirmation; either passes it or returns it with a reason.
 */
export const reviewIntentionCall = defineCall({
  method: 'POST',
  path: '/api/intention/review/:id',
  tag: 'intention',
  summary: '意向登记资格审核（转让方意见、交易所确认）',
  params: ZIntentionPath,
  body: z.object({
    version: zVersion,
    result: z.enum(INTENTION_REVIEW_RESULTS, { error: MSG.badRequest }),
    // counted in characters by the service; this only keeps a huge body out
    reason: z
      .string({ error: MSG.badRequest })
      .max(4 * INTENTION_REASON_MAX, formatMessage(MSG.intentionReasonTooLong, { max: INTENTION_REASON_MAX }))
      .refine(hasNoNul, MSG.badRequest)
      .optional(),
  }),
  answer: ZSaved,
});
