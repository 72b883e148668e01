// 代理意向登记 (the domain's intentions.ts): a member registers a buyer it represents on a disclosing project,
// draws the registration letter (the deposit the project asks copied into it), e-signs it with the SMS code bound
// to the letter's hash and so submits it; the project's owner gives its opinion, the exchange confirms the
// qualification once the deposit is recorded paid (its amount, the day it arrived and the bank's reference); either
// may return it with a reason, and the member edits, draws and signs again. The member may withdraw before the
// confirmation; a deposit still unpaid at its deadline disqualifies the registration (the housekeeping's step).
// A member registers one buyer per project, and registrations are taken up to the disclosure's last day. One
// qualified buyer takes the project by agreement, two or more bid for it, once the registrations closed and no
// deposit is awaited (the domain's deal rules; settle.ts reads their facts and ends the deal for either way).
//
// Each transition of a registration is one use case (use-cases/: register, sign, withdraw, review, the deposit's
// records, agree), so whatever must follow a transition is added in one place; the reads are read and transferees
// (the buyer a registration names, and its state-funded background); this file wires them to the deps.
//
// Who sees what: the member its own registrations; the project's owner, the project's agent member and the
// exchange those past signing. Anyone else is answered 404, as for an id that does not exist, and nothing
// changes. Every change is audited in its transaction; a notice is raised in that same transaction.
import { canIntention, INTENTION_DATA_CLASS } from '@cqjy/domain';
import { bindDeps } from '../../platform/use-cases.ts';
import * as repo from './repo.ts';
import { canSee, findRow, isMember } from './access.ts';
import type { IntentionsDeps } from './deps.ts';
import { confirmAgreement } from './use-cases/agree.ts';
import { remindDepositDeadlines } from './use-cases/deposit-deadlines.ts';
import {
  recordDeposit,
  recordDepositNotice,
  recordDepositRefund,
  takeLedgerStep,
} from './use-cases/deposit.ts';
import { listIntentions, listOpenProjects, readDealCourse, showIntention } from './use-cases/read.ts';
import { createIntention, updateIntention } from './use-cases/register.ts';
import { reviewIntention } from './use-cases/review.ts';
import { readStateFunded, showTransferee } from './use-cases/transferees.ts';
import { drawLetter, signCodeCalls, signIntention } from './use-cases/sign.ts';
import { checkMemberReview, checkTransaction, settleTransaction } from './use-cases/transaction.ts';
import { withdrawIntention } from './use-cases/withdraw.ts';

export type {
  Actor,
  DepositDeadlinesReport,
  DepositReceiptInput,
  IntentionInput,
  IntentionListQuery,
  IntentionsDeps,
} from './deps.ts';

export type IntentionsService = ReturnType<typeof createIntentionsService>;

export function createIntentionsService(deps: IntentionsDeps) {
  const { attachments } = deps;

  // A registration's files are seen by whoever sees the registration, and added by its member while it may be
  // edited (a draft, or returned to it); the drawn and signed letters are the server's own.
  attachments.registerRecordVisibility(INTENTION_DATA_CLASS, async (viewer, record) => {
    const item = await findRow(deps, record.dataId);
    return item !== undefined && canSee(viewer, item);
  });
  attachments.registerRecordWriteRule(INTENTION_DATA_CLASS, async (viewer, record) => {
    const item = await findRow(deps, record.dataId);
    return (
      item !== undefined &&
      item.companyId === viewer.companyId &&
      isMember(viewer) &&
      canIntention('edit', item.status)
    );
  });

  /** A use case with the module's deps bound: what the routes and the housekeeping call. */
  const bound = bindDeps(deps);
  const signCodes = signCodeCalls(deps);

  return {
    openProjects: bound(listOpenProjects),
    list: bound(listIntentions),
    show: bound(showIntention),
    showTransferee: bound(showTransferee),
    readStateFunded: bound(readStateFunded),
    create: bound(createIntention),
    update: bound(updateIntention),
    drawLetter: bound(drawLetter),
    sendSignCode: signCodes.sendSignCode,
    checkSignCode: signCodes.checkSignCode,
    sign: bound(signIntention),
    withdraw: bound(withdrawIntention),
    recordDeposit: bound(recordDeposit),
    recordDepositNotice: bound(recordDepositNotice),
    takeLedgerStep: bound(takeLedgerStep),
    /** a registration as the deposit ledger judges an arrival against it, read in `executor` (its transaction) */
    findItem: (id: number, executor: IntentionsDeps['db'] = deps.db) => repo.findItem(executor, id),
    recordRefund: bound(recordDepositRefund),
    review: bound(reviewIntention),
    course: bound(readDealCourse),
    /** the project's winning registration (the buyer whose member signs for the goods), if any */
    findWinner: (projectId: number) => repo.findWinner(deps.db, projectId),
    remindDepositDeadlines: bound(remindDepositDeadlines),
    agree: bound(confirmAgreement),
    /** the unified family's member review and transaction: the buyer they name (engine preconditions) */
    checkMemberReview: bound(checkMemberReview),
    checkTransaction: bound(checkTransaction),
    /** the unified transaction's approval: the agreement with the buyer it names (an approval effect) */
    settleTransaction: bound(settleTransaction),
  };
}
