// 退票信息 (the domain's refund-tickets.ts): the exchange records a payout the bank returned as a ticket of the
// payee's company, from the approved payout itself (价款划转, 退款出金: the amount and the account it went to).
// The company applies to pay it out again to one of its 银行账户 (重新出金申请): the letter is made at once and
// waits for its e-signature, the SMS code bound to the letter's hash, the seal the company's (seal-letter.ts).
// The exchange reviews the signed application: returned with a reason, the company corrects it (a new letter,
// signed again); approved, the ticket closes. A ticket has one application in progress at a time. Another
// company's ticket answers 404, a stale version 409; every change is audited.
import { createHash } from 'node:crypto';
import {
  composeRepayoutLetter,
  formatDate,
  formatFen,
  IDENTITY,
  MSG,
  REFUND_PAYOUT_KIND_LABELS,
  REFUND_TICKET_CODE,
  REFUND_TICKET_STATE_LABELS,
  REPAYOUT_LETTER_TITLE,
  REPAYOUT_STATE_LABELS,
  SIGNED_LETTER_TAG,
  yearSerialCode,
  type PageResult,
  type PayeeAccount,
  type RefundTicket,
  type RefundTicketDetail,
  type RefundTicketState,
  type RepayoutApplication,
  type TaskStep,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { Viewer } from '../attachments/service.ts';
import { createLetterSigning, type LetterToSign } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import type { OpenTaskInput, TaskDecider } from '../tasks/service.ts';
import type { Actor } from '../workflow/instances.ts';
import type { ApprovedPayout } from '../workflow/payouts.ts';
import * as repo from './repo.ts';

export type RefundTicketsService = ReturnType<typeof createRefundTicketsService>;

export type RefundTicketDeps = Pick<
  ModuleDeps,
  'db' | 'audit' | 'clock' | 'users' | 'otp' | 'attachments' | 'tasks'
> & {
  signatures: Pick<SignaturesService, 'loadSigner'>;
  /** the approved payout (price, refund cash-out) of a workflow instance */
  findPayout: (db: Db, instanceId: number) => Promise<ApprovedPayout | undefined>;
  /** the caller's own bank account (银行账户) by its id */
  findBankAccount: (viewer: Viewer, id: number) => Promise<PayeeAccount | undefined>;
};

/** The record class of a ticket's files: the letters of its applications, signed and not. */
export const REFUND_TICKET_DATA_CLASS = 'refundTicket';

const LETTER_TAG = 'repayoutLetter';

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;

/** Who must act on a ticket in each state, and where: the company applies, signs and corrects, the exchange reviews. */
const TICKET_TASKS: Record<
  Exclude<RefundTicketState, 'closed'>,
  { step: TaskStep; type: TaskType; routeName: string; isExchange: boolean }
> = {
  pending: { step: 'refundTicketApply', type: 'Aon', routeName: 'refundTicketApply', isExchange: false },
  signing: {
    step: 'refundTicketSign',
    type: 'EicSre',
    routeName: 'refundTicketApplyShow',
    isExchange: false,
  },
  reviewing: {
    step: 'refundTicketReview',
    type: 'Review',
    routeName: 'refundTicketApplyShow',
    isExchange: true,
  },
  returned: {
    step: 'refundTicketModify',
    type: 'MfyRrn',
    routeName: 'refundTicketModify',
    isExchange: false,
  },
};

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function toApplicationView(row: repo.ApplicationItem): RepayoutApplication {
  return {
    id: row.id,
    ticketId: row.ticketId,
    revisionNo: row.revisionNo,
    account: row.account,
    remark: row.remark,
    state: row.state,
    stateLabel: REPAYOUT_STATE_LABELS[row.state],
    letterId: row.letterId,
    signedLetterId: row.signedLetterId,
    signedAt: row.signedAt?.toISOString() ?? null,
    reviewReason: row.reviewReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

function toView(item: repo.TicketItem, application: repo.ApplicationItem | undefined): RefundTicket {
  return {
    id: item.id,
    code: item.code,
    companyId: item.companyId,
    companyName: item.companyName,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    payoutKind: item.payoutKind,
    payoutKindLabel: REFUND_PAYOUT_KIND_LABELS[item.payoutKind],
    amount: item.amount,
    original: item.original,
    returnReason: item.returnReason,
    returnedOn: item.returnedOn,
    state: item.state,
    stateLabel: REFUND_TICKET_STATE_LABELS[item.state],
    application: application === undefined ? null : toApplicationView(application),
    version: item.version,
    createdAt: item.createdAt.toISOString(),
  };
}

export function createRefundTicketsService(deps: RefundTicketDeps) {
  const { db, audit, clock, users, attachments, tasks, findPayout, findBankAccount } = deps;
  const letterSigning = createLetterSigning(deps);

  /** The decision a ticket in `state` waits for, and on whom. */
  function taskFor(
    ticket: Pick<repo.TicketRow, 'id' | 'companyId' | 'projectId'>,
    state: RefundTicketState,
  ): OpenTaskInput | undefined {
    if (state === 'closed') return undefined;
    const next = TICKET_TASKS[state];
    return {
      subject: 'refundTicket',
      subjectId: ticket.id,
      step: next.step,
      projectId: ticket.projectId,
      companyId: ticket.companyId,
      type: next.type,
      routeName: next.routeName,
      routeQuery: { id: ticket.id },
      assignee: next.isExchange ? { identity: IDENTITY.admin } : { companyId: ticket.companyId },
    };
  }

  /**
   * Moves the ticket to `state` if it is still at `version` (else 409) and hands the decision on to whoever must
   * act in that state (待办任务), closing the one just taken.
   */
  async function moveTicket(
    tx: Db,
    ticket: Pick<repo.TicketRow, 'id' | 'version' | 'companyId' | 'projectId'>,
    state: RefundTicketState,
    done: { result: string; decider: TaskDecider; at: Date },
  ): Promise<repo.TicketRow> {
    const moved = await repo.setTicketState(tx, ticket.id, ticket.version, state, done.at);
    if (moved === undefined) throw conflict();
    await tasks.advance(tx, { subject: 'refundTicket', subjectId: ticket.id }, done, taskFor(ticket, state));
    return moved;
  }

  /** The ticket, to its company and the exchange; anything else is not found. */
  async function findVisible(viewer: Viewer, id: number): Promise<repo.TicketItem> {
    const item = await repo.findItem(db, id);
    if (item === undefined || (item.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
    return item;
  }

  /** The application with its ticket, to the ticket's company and the exchange. */
  async function findApplication(
    viewer: Viewer,
    id: number,
  ): Promise<{ ticket: repo.TicketItem; application: repo.ApplicationRow }> {
    const application = await repo.findApplication(db, id);
    if (application === undefined) throw notFound();
    return { ticket: await findVisible(viewer, application.ticketId), application };
  }

  /** The same, to the ticket's own company only (who applies and signs). */
  async function findOwnApplication(
    actor: Actor,
    id: number,
  ): Promise<{ ticket: repo.TicketItem; application: repo.ApplicationRow }> {
    const found = await findApplication(actor, id);
    if (found.ticket.companyId !== actor.companyId) throw notFound();
    return found;
  }

  async function list(
    viewer: Viewer,
    query: {
      page: number;
      size: number;
      keyword?: string | undefined;
      state?: RefundTicketState | undefined;
    },
  ): Promise<PageResult<RefundTicket>> {
    const page = await repo.listTickets(db, {
      ...query,
      companyId: isExchange(viewer) ? undefined : viewer.companyId,
    });
    const applications = await repo.listApplications(
      db,
      page.list.map((item) => item.id),
    );
    const latest = new Map<number, repo.ApplicationItem>();
    for (const application of applications) {
      if (!latest.has(application.ticketId)) latest.set(application.ticketId, application);
    }
    return { list: page.list.map((item) => toView(item, latest.get(item.id))), total: page.total };
  }

  async function show(viewer: Viewer, id: number): Promise<RefundTicketDetail> {
    const item = await findVisible(viewer, id);
    const applications = await repo.listApplications(db, [item.id]);
    return { ...toView(item, applications[0]), applications: applications.map(toApplicationView) };
  }

  /** The exchange records an approved payout the bank returned. */
  async function create(
    actor: Actor,
    input: { instanceId: number; returnReason: string; returnedOn: string },
  ): Promise<{ id: number; code: string }> {
    if (input.returnedOn > formatDate(clock.now())) throw refused(MSG.refundTicketReturnedOnInvalid);
    const payout = await findPayout(db, input.instanceId);
    if (payout === undefined) throw refused(MSG.refundTicketPayoutMissing);
    if ((await repo.findBySource(db, input.instanceId)) !== undefined) {
      throw refused(MSG.refundTicketPayoutTaken);
    }
    return db.transaction(async (tx) => {
      const inserted = await repo.insertTicket(tx, {
        // a placeholder until the id is known; replaced below in the same transaction
        code: `ticket-${crypto.randomUUID()}`,
        companyId: payout.companyId,
        projectId: payout.projectId,
        payoutKind: payout.kind,
        sourceInstanceId: input.instanceId,
        amount: payout.amount,
        original: payout.account,
        returnReason: input.returnReason,
        returnedOn: input.returnedOn,
      });
      const row = await repo.setTicketCode(
        tx,
        inserted.id,
        yearSerialCode(REFUND_TICKET_CODE, clock.now(), inserted.id),
      );
      if (row === undefined) throw conflict();
      // the company's 重新出金申请 waits in its 待办任务
      const task = taskFor(row, 'pending');
      if (task !== undefined) await tasks.open(tx, task);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'refundTicket.create',
        result: 'ok',
        target: String(row.id),
        detail: { code: row.code, instanceId: input.instanceId, companyId: row.companyId },
      });
      return { id: row.id, code: row.code };
    });
  }

  /** A letter the server made (or sealed), filed on the ticket as its company's, locked from the start. */
  async function recordPdf(
    tx: Db,
    actor: Actor,
    ticket: repo.TicketItem,
    file: { stored: Awaited<ReturnType<typeof attachments.putBytes>>; fileName: string; tag: string },
  ) {
    return attachments.recordPdf(tx, {
      ...file,
      record: { dataClass: REFUND_TICKET_DATA_CLASS, dataId: String(ticket.id) },
      companyId: ticket.companyId,
      createdBy: actor.userId,
    });
  }

  /** The letter of an application: rendered, stored, recorded on the application. */
  async function makeLetter(
    actor: Actor,
    ticket: repo.TicketItem,
    account: PayeeAccount,
    remark: string,
    revisionNo: number,
  ) {
    const now = clock.now();
    const letter = await renderLetter(
      composeRepayoutLetter({
        ticket: {
          code: ticket.code,
          projectName: ticket.projectName,
          projectCode: ticket.projectCode,
          payoutKindLabel: REFUND_PAYOUT_KIND_LABELS[ticket.payoutKind],
          original: ticket.original,
          amountText: formatFen(ticket.amount),
          returnedOn: ticket.returnedOn,
          returnReason: ticket.returnReason,
        },
        account,
        remark,
        applicant: ticket.companyName,
        exchange: await users.findExchangeName(),
        day: formatDate(now),
      }),
    );
    const stored = await attachments.putBytes(letter.pdf);
    return {
      stored,
      sha256: sha256(letter.pdf),
      layout: { pageIndex: letter.pageIndex, sealRect: letter.sealRect },
      fileName: `${REPAYOUT_LETTER_TITLE}（第${revisionNo}版）.pdf`,
      actorUserId: actor.userId,
    };
  }

  async function requireCorrectedAccount(
    actor: Actor,
    ticket: repo.TicketItem,
    bankId: number,
  ): Promise<PayeeAccount> {
    const account = await findBankAccount(actor, bankId);
    if (account === undefined) throw refused(MSG.refundTicketBankMissing);
    // the same number however it is grouped (6222 0200 ... or 62220200...)
    const digits = (accountNo: string): string => accountNo.replace(/\D/g, '');
    if (digits(account.accountNo) === digits(ticket.original.accountNo)) {
      throw refused(MSG.refundTicketSameAccount);
    }
    return account;
  }

  /** 重新出金申请: the company names the corrected account; the letter waits for its signature. */
  async function apply(
    actor: Actor,
    id: number,
    input: { version: number; bankId: number; remark: string },
  ): Promise<{ id: number; version: number }> {
    const ticket = await findVisible(actor, id);
    if (ticket.companyId !== actor.companyId) throw notFound();
    if (ticket.state !== 'pending') throw refused(MSG.refundTicketNotPending);
    if (ticket.version !== input.version) throw conflict();
    const account = await requireCorrectedAccount(actor, ticket, input.bankId);
    const letter = await makeLetter(actor, ticket, account, input.remark, 1);
    return db.transaction(async (tx) => {
      await moveTicket(tx, { ...ticket, version: input.version }, 'signing', {
        result: 'applied',
        decider: actor,
        at: clock.now(),
      });
      const file = await recordPdf(tx, actor, ticket, {
        stored: letter.stored,
        fileName: letter.fileName,
        tag: LETTER_TAG,
      });
      const row = await repo.insertApplication(tx, {
        ticketId: ticket.id,
        account,
        remark: input.remark,
        letterId: file.uuid,
        letterSha256: letter.sha256,
        letterLayout: letter.layout,
        appliedBy: actor.operatorId,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'refundTicket.apply',
        result: 'ok',
        target: String(ticket.id),
        detail: { code: ticket.code, applicationId: row.id, accountNo: account.accountNo },
      });
      return { id: row.id, version: row.version };
    });
  }

  /** 重新出金修改: a returned application corrected; a new letter waits for the signature. */
  async function modify(
    actor: Actor,
    applicationId: number,
    input: { version: number; bankId: number; remark: string },
  ): Promise<{ id: number; version: number }> {
    const { ticket, application } = await findOwnApplication(actor, applicationId);
    if (application.state !== 'returned' || ticket.state !== 'returned')
      throw refused(MSG.refundTicketNotReturned);
    if (application.version !== input.version) throw conflict();
    const account = await requireCorrectedAccount(actor, ticket, input.bankId);
    const revisionNo = application.revisionNo + 1;
    const letter = await makeLetter(actor, ticket, account, input.remark, revisionNo);
    return db.transaction(async (tx) => {
      await moveTicket(tx, ticket, 'signing', { result: 'resubmitted', decider: actor, at: clock.now() });
      const file = await recordPdf(tx, actor, ticket, {
        stored: letter.stored,
        fileName: letter.fileName,
        tag: LETTER_TAG,
      });
      const row = await repo.updateApplicationGuarded(tx, application.id, input.version, {
        state: 'signing',
        revisionNo,
        account,
        remark: input.remark,
        letterId: file.uuid,
        letterSha256: letter.sha256,
        letterLayout: letter.layout,
        signedLetterId: null,
        signedAt: null,
        appliedBy: actor.operatorId,
        updatedAt: clock.now(),
      });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'refundTicket.modify',
        result: 'ok',
        target: String(ticket.id),
        detail: { code: ticket.code, applicationId: row.id, revisionNo, accountNo: account.accountNo },
      });
      return { id: row.id, version: row.version };
    });
  }

  async function findSignable(actor: Actor, applicationId: number) {
    const found = await findOwnApplication(actor, applicationId);
    if (found.application.state !== 'signing') throw refused(MSG.refundTicketNotSignable);
    return found;
  }

  /** The application's letter waiting for its signature. */
  function letterOf(application: repo.ApplicationRow): LetterToSign {
    return { id: application.letterId, sha256: application.letterSha256, layout: application.letterLayout };
  }

  /** The sign code sent and checked, bound to the application's current letter. */
  const { sendSignCode, checkSignCode } = letterSigning.codeCallsOf(
    async (actor, applicationId) => (await findSignable(actor, applicationId)).application.letterSha256,
  );

  /** The company e-signs the letter with the code; the exchange then reviews it. */
  async function sign(
    actor: Actor,
    applicationId: number,
    input: { version: number; otp: string },
  ): Promise<{ id: number; version: number }> {
    const { ticket, application } = await findSignable(actor, applicationId);
    if (application.version !== input.version) throw conflict();
    const now = clock.now();
    const stored = await letterSigning.sign(actor, letterOf(application), {
      code: input.otp,
      reason: REPAYOUT_LETTER_TITLE,
      name: ticket.companyName,
      at: now,
    });
    return db.transaction(async (tx) => {
      await moveTicket(tx, ticket, 'reviewing', { result: 'signed', decider: actor, at: now });
      const file = await recordPdf(tx, actor, ticket, {
        stored,
        fileName: `${REPAYOUT_LETTER_TITLE}（已签章）.pdf`,
        tag: SIGNED_LETTER_TAG,
      });
      const row = await repo.updateApplicationGuarded(tx, application.id, input.version, {
        state: 'reviewing',
        signedLetterId: file.uuid,
        signedAt: now,
        reviewReason: null,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'refundTicket.sign',
        result: 'ok',
        target: String(ticket.id),
        detail: { code: ticket.code, applicationId: row.id, signedSha256: stored.sha256 },
      });
      return { id: row.id, version: row.version };
    });
  }

  /** The exchange's review: approved, the ticket closes; returned with a reason, the company corrects it. */
  async function review(
    actor: Actor,
    applicationId: number,
    input: { version: number; result: 'pass' | 'back'; reason: string },
  ): Promise<{ id: number; version: number }> {
    const { ticket, application } = await findApplication(actor, applicationId);
    if (application.state !== 'reviewing') throw refused(MSG.refundTicketNotReviewing);
    if (input.result === 'back' && input.reason.trim() === '') {
      throw refused(MSG.refundTicketReviewReasonRequired);
    }
    const now = clock.now();
    const isPassed = input.result === 'pass';
    return db.transaction(async (tx) => {
      await moveTicket(tx, ticket, isPassed ? 'closed' : 'returned', {
        result: input.result,
        decider: actor,
        at: now,
      });
      const row = await repo.updateApplicationGuarded(tx, application.id, input.version, {
        state: isPassed ? 'approved' : 'returned',
        reviewReason: input.reason.trim() === '' ? null : input.reason.trim(),
        reviewedAt: now,
        reviewedBy: actor.operatorId,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: isPassed ? 'refundTicket.approve' : 'refundTicket.return',
        result: 'ok',
        target: String(ticket.id),
        detail: { code: ticket.code, applicationId: row.id, reason: input.reason },
      });
      return { id: row.id, version: row.version };
    });
  }

  return { list, show, create, apply, modify, sendSignCode, checkSignCode, sign, review };
}
