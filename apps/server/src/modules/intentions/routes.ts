// 代理意向登记 calls (spec 000 section 2: intentionPro, addIntention and the registration's views; spec 001
// section 2: the qualification review). A registration another company may not see answers {status: 404}, a stale
// version 409, bad input its Chinese message. Every answer is the envelope. Reads need a project code (the member's
// GJS_PROJECT_LT or GJS_PROJECT_SERVICE_SR_LT, the exchange's GJS_PROJECT_LT_ADMIN); the member's writes one of the
// member's; the deposit's records the exchange's.
//
//   POST /api/intention/projects              {keyword?} -> OpenProject[]: disclosing projects open to registrations
//   POST /api/intention/list                  {projectId?, status?, keyword?} -> IntentionView[]
//   GET  /api/intention/{id}                  -> IntentionDetail (with its files)
//   POST /api/intention/save                  {projectId, customerId?, kind, name, certType, certNo, contactName,
//                                             contactMobile, amount?, note?, createId?} -> {id, version}: a draft
//   POST /api/intention/update/{id}           {version, ...the same but projectId} -> {id, version}
//   POST /api/intention/letter/{id}           {version} -> {id, version}: the registration letter drawn
//   POST /api/intention/sign/otp/{id}         -> {isSent}: the sign code, bound to that letter
//   POST /api/intention/sign/otp/check/{id}   {otp} -> null: checked without using it up
//   POST /api/intention/signature/{id}        {version, otp} -> {id, version}: e-signed and submitted
//   POST /api/intention/withdraw/{id}         {version} -> {id, version}
//   POST /api/intention/deposit/{id}          {version, amount, arrivedOn, reference} -> {id, version}: the exchange
//                                             records the deposit arrived (the amount owed, in fen; the day; the
//                                             bank's reference)
//   POST /api/intention/deposit/refund/{id}   {version} -> {id, version}: the exchange records it paid back
//   POST /api/intention/review/{id}           {version, result: pass | back, reason?} -> {id, version}
//   GET  /api/intention/course/{projectId}    -> {course, qualified, canOpenBidding, canAgree, reason}: agreement
//                                             or bidding, and whether its step may be taken now or why not
//   POST /api/intention/agreement/{projectId} -> DealResult: the exchange confirms the one qualified buyer at the
//                                             listing price (协议转让)
import {
  formatMessage,
  INTENTION_REASON_MAX,
  INTENTION_REVIEW_RESULTS,
  INTENTION_STATUSES,
  MSG,
  ZDealResult,
  ZIntentionDetail,
  ZIntentionView,
  ZOpenProject,
} from '@cqjy/domain';
import { dealCourseCall, INTENTION_READER_CODES, recordDepositCall } from '@cqjy/domain/contracts/intentions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope, ZIdParams, ZSaved, zVersion } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { parseId } from '../projects/route-helpers.ts';
import { serve } from '../../platform/serve.ts';
import type { IntentionsService } from './service.ts';

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

const zCreateId = z
  .string()
  .regex(/^[\w-]{1,64}$/, MSG.badRequest)
  .optional();

/**
 * The buyer's fields travel as typed; the domain's checkIntention judges them, so the messages are the form's
 * (a missing name asks for the name, not for a JSON type).
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

const ZVersioned = z.object({ version: zVersion });
const reasonTooLong = formatMessage(MSG.intentionReasonTooLong, { max: INTENTION_REASON_MAX });
const zOtp = z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat);
export const intentionsRoutes: FastifyPluginCallbackZod<{ intentions: IntentionsService }> = (
  app,
  { intentions },
  done,
) => {
  const tags = ['intention'];
  const reader = [app.authenticate, requireAnyPermission([...INTENTION_READER_CODES])];
  // the member's own registrations; the service refuses a company that is no member
  const member = [app.authenticate, requireAnyPermission(['GJS_PROJECT_LT', 'GJS_PROJECT_SERVICE_SR_LT'])];
  const exchange = [app.authenticate, requirePermission('GJS_PROJECT_LT_ADMIN')];
  // the owner's opinion and the exchange's confirmation
  const reviewer = [app.authenticate, requireAnyPermission(['GJS_PROJECT_LT', 'GJS_PROJECT_LT_ADMIN'])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  /** A change of one registration by its version: `work` answers it, `message` says what happened. */
  const versioned = (
    url: string,
    summary: string,
    preValidation: typeof member,
    work: (
      actor: ReturnType<typeof actorOf>,
      id: number,
      input: { version: number },
    ) => Promise<{ id: number; version: number }>,
    message: string,
  ) => {
    app.post(
      url,
      {
        preValidation,
        schema: { tags, summary, params: ZIdParams, body: ZVersioned, response: { 200: zEnvelope(ZSaved) } },
      },
      async (request) => ok(await work(actorOf(request), parseId(request.params.id), request.body), message),
    );
  };

  app.post(
    '/api/intention/projects',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '可意向登记的项目',
        body: z.object({ keyword: zKeyword }),
        response: { 200: zEnvelope(z.array(ZOpenProject)) },
      },
    },
    async (request) => ok(await intentions.openProjects(request.body.keyword ?? '')),
  );

  app.post(
    '/api/intention/list',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '意向登记列表',
        body: z.object({
          projectId: zId(MSG.badRequest).optional(),
          status: z.enum(INTENTION_STATUSES, { error: MSG.badRequest }).optional(),
          keyword: zKeyword,
        }),
        response: { 200: zEnvelope(z.array(ZIntentionView)) },
      },
    },
    async (request) => ok(await intentions.list(requireSession(request), request.body)),
  );

  app.get(
    '/api/intention/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '查看意向登记',
        params: ZIdParams,
        response: { 200: zEnvelope(ZIntentionDetail) },
      },
    },
    async (request) => ok(await intentions.show(requireSession(request), parseId(request.params.id))),
  );

  serve(app, dealCourseCall, reader, async ({ params }, request) =>
    ok(await intentions.course(requireSession(request), params.projectId)),
  );

  app.post(
    '/api/intention/save',
    {
      preValidation: member,
      schema: {
        tags,
        summary: '代理意向登记（草稿）',
        body: z.object({
          projectId: zId(MSG.intentionProjectNotFound),
          ...BUYER_FIELDS,
          createId: zCreateId,
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => ok(await intentions.create(actorOf(request), request.body), MSG.intentionSaved),
  );

  app.post(
    '/api/intention/update/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: '修改意向登记',
        params: ZIdParams,
        body: z.object({ version: zVersion, ...BUYER_FIELDS }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await intentions.update(actorOf(request), parseId(request.params.id), request.body),
        MSG.intentionSaved,
      ),
  );

  versioned(
    '/api/intention/letter/:id',
    '生成意向登记函',
    member,
    intentions.drawLetter,
    MSG.intentionLetterMade,
  );

  app.post(
    '/api/intention/sign/otp/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: '发送意向登记函签章验证码',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ isSent: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await intentions.sendSignCode(actorOf(request), parseId(request.params.id)), MSG.otpSent),
  );

  app.post(
    '/api/intention/sign/otp/check/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: '校验意向登记函签章验证码',
        params: ZIdParams,
        body: z.object({ otp: zOtp }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await intentions.checkSignCode(actorOf(request), parseId(request.params.id), request.body.otp);
      return ok(null);
    },
  );

  app.post(
    '/api/intention/signature/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: '意向登记函电子签章（提交资格审核）',
        params: ZIdParams,
        body: z.object({ version: zVersion, otp: zOtp }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await intentions.sign(actorOf(request), parseId(request.params.id), request.body),
        MSG.intentionSigned,
      ),
  );

  versioned(
    '/api/intention/withdraw/:id',
    '撤回意向登记',
    member,
    intentions.withdraw,
    MSG.intentionWithdrawn,
  );
  serve(app, recordDepositCall, exchange, async ({ params, body }, request) =>
    ok(await intentions.recordDeposit(actorOf(request), params.id, body), MSG.intentionDepositRecorded),
  );
  versioned(
    '/api/intention/deposit/refund/:id',
    '登记保证金已退还',
    exchange,
    intentions.recordRefund,
    MSG.intentionDepositRefunded,
  );

  app.post(
    '/api/intention/agreement/:projectId',
    {
      preValidation: exchange,
      schema: {
        tags,
        summary: '确认协议转让（唯一合格意向受让方以挂牌价成交）',
        params: z.object({ projectId: z.string().max(32) }),
        response: { 200: zEnvelope(ZDealResult) },
      },
    },
    async (request) =>
      ok(
        await intentions.agree(actorOf(request), parseId(request.params.projectId)),
        MSG.intentionAgreementConfirmed,
      ),
  );

  app.post(
    '/api/intention/review/:id',
    {
      preValidation: reviewer,
      schema: {
        tags,
        summary: '意向登记资格审核（转让方意见、交易所确认）',
        params: ZIdParams,
        body: z.object({
          version: zVersion,
          result: z.enum(INTENTION_REVIEW_RESULTS, { error: MSG.badRequest }),
          // counted in characters by the service; this only keeps a huge body out
          reason: z
            .string({ error: MSG.badRequest })
            .max(4 * INTENTION_REASON_MAX, reasonTooLong)
            .refine(hasNoNul, MSG.badRequest)
            .optional(),
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => {
      const saved = await intentions.review(actorOf(request), parseId(request.params.id), request.body);
      return ok(
        saved,
        request.body.result === 'pass' ? MSG.intentionReviewPassed : MSG.intentionReviewReturned,
      );
    },
  );
  done();
};
