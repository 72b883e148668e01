// 重新出金申请 and its correction: the company names the corrected account and the letter waits for its signature.
import { createHash } from 'node:crypto';
import {
  composeRepayoutLetter,
  formatDate,
  formatFen,
  MSG,
  REFUND_PAYOUT_KIND_LABELS,
  REPAYOUT_LETTER_TITLE,
  type PayeeAccount,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { renderLetter } from '../../../platform/pdf/letter.ts';
import type { Actor } from '../../workflow/instances.ts';
import * as repo from '../repo.ts';
import {
  findOwnApplication,
  findVisible,
  moveTicket,
  recordPdf,
  type RefundTicketsContext,
} from '../tickets.ts';

const LETTER_TAG = 'repayoutLetter';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The letter of an application: rendered, stored, recorded on the application. */
async function makeLetter(
  deps: RefundTicketsContext,
  actor: Actor,
  ticket: repo.TicketItem,
  account: PayeeAccount,
  remark: string,
  revisionNo: number,
) {
  const now = deps.clock.now();
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
      exchange: await deps.users.findExchangeName(),
      day: formatDate(now),
    }),
  );
  const stored = await deps.attachments.putBytes(letter.pdf);
  return {
    stored,
    sha256: sha256(letter.pdf),
    layout: { pageIndex: letter.pageIndex, sealRect: letter.sealRect },
    fileName: `${REPAYOUT_LETTER_TITLE}（第${revisionNo}版）.pdf`,
    actorUserId: actor.userId,
  };
}

async function requireCorrectedAccount(
  deps: RefundTicketsContext,
  actor: Actor,
  ticket: repo.TicketItem,
  bankId: number,
): Promise<PayeeAccount> {
  const account = await deps.findBankAccount(actor, bankId);
  if (account === undefined) throw refused(MSG.refundTicketBankMissing);
  // the same number however it is grouped (6222 0200 ... or 62220200...)
  const digits = (accountNo: string): string => accountNo.replace(/\D/g, '');
  if (digits(account.accountNo) === digits(ticket.original.accountNo)) {
    throw refused(MSG.refundTicketSameAccount);
  }
  return account;
}

/** 重新出金申请: the company names the corrected account; the letter waits for its signature. */
export async function applyRepayout(
  deps: RefundTicketsContext,
  actor: Actor,
  id: number,
  input: { version: number; bankId: number; remark: string },
): Promise<{ id: number; version: number }> {
  const { db, audit, clock } = deps;
  const ticket = await findVisible(deps, actor, id);
  if (ticket.companyId !== actor.companyId) throw notFound();
  if (ticket.state !== 'pending') throw refused(MSG.refundTicketNotPending);
  if (ticket.version !== input.version) throw conflict();
  const account = await requireCorrectedAccount(deps, actor, ticket, input.bankId);
  const letter = await makeLetter(deps, actor, ticket, account, input.remark, 1);
  return db.transaction(async (tx) => {
    await moveTicket(deps, tx, { ...ticket, version: input.version }, 'signing', {
      result: 'applied',
      decider: actor,
      at: clock.now(),
    });
    const file = await recordPdf(deps, tx, actor, ticket, {
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
export async function modifyRepayout(
  deps: RefundTicketsContext,
  actor: Actor,
  applicationId: number,
  input: { version: number; bankId: number; remark: string },
): Promise<{ id: number; version: number }> {
  const { db, audit, clock } = deps;
  const { ticket, application } = await findOwnApplication(deps, actor, applicationId);
  if (application.state !== 'returned' || ticket.state !== 'returned')
    throw refused(MSG.refundTicketNotReturned);
  if (application.version !== input.version) throw conflict();
  const account = await requireCorrectedAccount(deps, actor, ticket, input.bankId);
  const revisionNo = application.revisionNo + 1;
  const letter = await makeLetter(deps, actor, ticket, account, input.remark, revisionNo);
  return db.transaction(async (tx) => {
    await moveTicket(deps, tx, ticket, 'signing', { result: 'resubmitted', decider: actor, at: clock.now() });
    const file = await recordPdf(deps, tx, actor, ticket, {
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
