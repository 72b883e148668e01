// 退票信息 (the domain's refund-tickets.ts): the exchange records a payout the bank returned as a ticket of the
// payee's company, from the approved payout itself (价款划转, 退款出金: the amount and the account it went to).
// The company applies to pay it out again to one of its 银行账户 (重新出金申请): the letter is made at once and
// waits for its e-signature, the SMS code bound to the letter's hash, the seal the company's (seal-letter.ts).
// The exchange reviews the signed application: returned with a reason, the company corrects it (a new letter,
// signed again); approved, the ticket closes. A ticket has one application in progress at a time. Another
// company's ticket answers 404, a stale version 409; every change is audited.
//
// Each call is a use case of its own in use-cases/; what they share (the ticket's 待办, the ticket and application
// found for the caller, the views) is tickets.ts. This factory only hands them the module's deps.
import type { Viewer } from '../attachments/service.ts';
import { createLetterSigning } from '../signatures/seal-letter.ts';
import type { Actor } from '../workflow/instances.ts';
import type { RefundTicketDeps, RefundTicketsContext } from './tickets.ts';
import { applyRepayout, modifyRepayout } from './use-cases/apply-repayout.ts';
import { listTickets, showTicket, type TicketListQuery } from './use-cases/list-tickets.ts';
import { recordTicket } from './use-cases/record-ticket.ts';
import { reviewApplication } from './use-cases/review-application.ts';
import { signableLetterSha256, signApplication } from './use-cases/sign-application.ts';

export { REFUND_TICKET_DATA_CLASS, type RefundTicketDeps } from './tickets.ts';

export type RefundTicketsService = ReturnType<typeof createRefundTicketsService>;

type RepayoutInput = { version: number; bankId: number; remark: string };

export function createRefundTicketsService(deps: RefundTicketDeps) {
  const context: RefundTicketsContext = { ...deps, letterSigning: createLetterSigning(deps) };
  /** The sign code sent and checked, bound to the application's current letter. */
  const { sendSignCode, checkSignCode } = context.letterSigning.codeCallsOf((actor, applicationId) =>
    signableLetterSha256(context, actor, applicationId),
  );
  return {
    list: (viewer: Viewer, query: TicketListQuery) => listTickets(context, viewer, query),
    show: (viewer: Viewer, id: number) => showTicket(context, viewer, id),
    create: (actor: Actor, input: { instanceId: number; returnReason: string; returnedOn: string }) =>
      recordTicket(context, actor, input),
    apply: (actor: Actor, id: number, input: RepayoutInput) => applyRepayout(context, actor, id, input),
    modify: (actor: Actor, applicationId: number, input: RepayoutInput) =>
      modifyRepayout(context, actor, applicationId, input),
    sendSignCode,
    checkSignCode,
    sign: (actor: Actor, applicationId: number, input: { version: number; otp: string }) =>
      signApplication(context, actor, applicationId, input),
    review: (
      actor: Actor,
      applicationId: number,
      input: { version: number; result: 'pass' | 'back'; reason: string },
    ) => reviewApplication(context, actor, applicationId, input),
  };
}
