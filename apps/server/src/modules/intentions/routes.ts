// 代理意向登记 calls (spec 000 section 2: intentionPro, addIntention and the registration's views; spec 001
// section 2: the qualification review), served from their contracts (packages/domain/src/contracts/intentions.ts).
// A registration another company may not see answers {status: 404}, a stale version 409, bad input its Chinese
// message. Every answer is the envelope. Reads need a project code (the member's GJS_PROJECT_LT or
// GJS_PROJECT_SERVICE_SR_LT, the exchange's GJS_PROJECT_LT_ADMIN); the member's writes one of the member's; the
// deposit's records the exchange's.
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
//
// The transferee calls of spec 000 section 7 (Shared; packages/domain/src/contracts/transferees.ts), on the
// registrations' rules; {id} is a registration's:
//   GET  /api/project/transferee/show/{id}         -> TransfereeView: the buyer's facts, its status and project
//   GET  /api/project/transferee/state/funded/{id} -> {stateFunded, stateFundedEnter, stateCreditCode}: derived
//                                                  from the account openings on the portal
import { MSG } from '@cqjy/domain';
import {
  checkIntentionSignCodeCall,
  confirmAgreementCall,
  dealCourseCall,
  drawIntentionLetterCall,
  INTENTION_MEMBER_CODES,
  INTENTION_READER_CODES,
  INTENTION_REVIEWER_CODES,
  listIntentionsCall,
  openProjectsCall,
  recordDepositCall,
  recordDepositRefundCall,
  reviewIntentionCall,
  saveIntentionCall,
  sendIntentionSignCodeCall,
  showIntentionCall,
  signIntentionCall,
  updateIntentionCall,
  withdrawIntentionCall,
} from '@cqjy/domain/contracts/intentions';
import { showTransfereeCall, transfereeStateFundedCall } from '@cqjy/domain/contracts/transferees';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { IntentionsService } from './service.ts';

export const intentionsRoutes: FastifyPluginCallback<{ intentions: IntentionsService }> = (
  app,
  { intentions },
  done,
) => {
  const reader = [app.authenticate, requireAnyPermission([...INTENTION_READER_CODES])];
  // the member's own registrations; the service refuses a company that is no member
  const member = [app.authenticate, requireAnyPermission([...INTENTION_MEMBER_CODES])];
  const exchange = [app.authenticate, requirePermission('GJS_PROJECT_LT_ADMIN')];
  // the owner's opinion and the exchange's confirmation
  const reviewer = [app.authenticate, requireAnyPermission([...INTENTION_REVIEWER_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, openProjectsCall, reader, async ({ body }) =>
    ok(await intentions.openProjects(body.keyword ?? '')),
  );

  serve(app, listIntentionsCall, reader, async ({ body }, request) =>
    ok(await intentions.list(requireSession(request), body)),
  );

  serve(app, showIntentionCall, reader, async ({ params }, request) =>
    ok(await intentions.show(requireSession(request), params.id)),
  );

  serve(app, showTransfereeCall, reader, async ({ params }, request) =>
    ok(await intentions.showTransferee(requireSession(request), params.id)),
  );

  serve(app, transfereeStateFundedCall, reader, async ({ params }, request) =>
    ok(await intentions.readStateFunded(requireSession(request), params.id)),
  );

  serve(app, dealCourseCall, reader, async ({ params }, request) =>
    ok(await intentions.course(requireSession(request), params.projectId)),
  );

  serve(app, saveIntentionCall, member, async ({ body }, request) =>
    ok(await intentions.create(actorOf(request), body), MSG.intentionSaved),
  );

  serve(app, updateIntentionCall, member, async ({ params, body }, request) =>
    ok(await intentions.update(actorOf(request), params.id, body), MSG.intentionSaved),
  );

  serve(app, drawIntentionLetterCall, member, async ({ params, body }, request) =>
    ok(await intentions.drawLetter(actorOf(request), params.id, body), MSG.intentionLetterMade),
  );

  serve(app, sendIntentionSignCodeCall, member, async ({ params }, request) =>
    ok(await intentions.sendSignCode(actorOf(request), params.id), MSG.otpSent),
  );

  serve(app, checkIntentionSignCodeCall, member, async ({ params, body }, request) => {
    await intentions.checkSignCode(actorOf(request), params.id, body.otp);
    return ok(null);
  });

  serve(app, signIntentionCall, member, async ({ params, body }, request) =>
    ok(await intentions.sign(actorOf(request), params.id, body), MSG.intentionSigned),
  );

  serve(app, withdrawIntentionCall, member, async ({ params, body }, request) =>
    ok(await intentions.withdraw(actorOf(request), params.id, body), MSG.intentionWithdrawn),
  );

  serve(app, recordDepositCall, exchange, async ({ params, body }, request) =>
    ok(await intentions.recordDeposit(actorOf(request), params.id, body), MSG.intentionDepositRecorded),
  );

  serve(app, recordDepositRefundCall, exchange, async ({ params, body }, request) =>
    ok(await intentions.recordRefund(actorOf(request), params.id, body), MSG.intentionDepositRefunded),
  );

  serve(app, confirmAgreementCall, exchange, async ({ params }, request) =>
    ok(await intentions.agree(actorOf(request), params.projectId), MSG.intentionAgreementConfirmed),
  );

  serve(app, reviewIntentionCall, reviewer, async ({ params, body }, request) =>
    ok(
      await intentions.review(actorOf(request), params.id, body),
      body.result === 'pass' ? MSG.intentionReviewPassed : MSG.intentionReviewReturned,
    ),
  );

  done();
};
