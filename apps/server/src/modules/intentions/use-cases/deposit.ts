// The deposit's records, the ledger's steps on the registration (the domain's DEPOSIT_LEDGER_STEPS): arrived (by the
// exchange's hand or a bank's notice, with the bank's record), sent back in a refund batch and confirmed (or failed,
// owed back again), paid back by hand, or forfeited (with a bar from the owner's projects). Each step is refused
// from a state it does not start from, so none is taken twice.
import {
  canDepositStep,
  checkDepositReceipt,
  depositStateOf,
  formatDate,
  formatMessage,
  isPastSigning,
  MSG,
  type DepositState,
} from '@cqjy/domain';
import type { AuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { findForExchange } from '../access.ts';
import { writeAudit } from '../audit.ts';
import type { Actor, DepositReceiptInput, IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * The deposit recorded arrived, by the exchange's hand or a bank's notice (`recorder`: whoever the audit names;
 * without a version the current one), with its record: the amount (the one owed, else refused), the day it
 * arrived (not after today) and the bank's reference. Money that arrives for a registration out of the race
 * (withdrawn, disqualified) is owed back at once (depositStateOf).
 */
async function markDepositPaid(
  deps: IntentionsDeps,
  recorder: AuditActor,
  item: repo.IntentionItem,
  input: DepositReceiptInput & { version: number },
  source: 'exchange' | 'bank',
): Promise<{ id: number; version: number }> {
  const { db, clock } = deps;
  if (!canDepositStep('arrive', depositStateOf(item)) || item.depositAmount === null) {
    throw refused(MSG.intentionDepositNotDue);
  }
  const now = clock.now();
  const checked = checkDepositReceipt(input, item.depositAmount, formatDate(now));
  if (checked.message !== null) throw refused(checked.message);
  if (item.version !== input.version) throw conflict();
  const receipt = checked.value;
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, input.version, {
      depositPaidAt: now,
      depositPaidBy: recorder.operatorId,
      depositReceivedAmount: receipt.amount,
      depositArrivedOn: receipt.arrivedOn,
      depositReference: receipt.reference,
      updatedAt: now,
    });
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, recorder, 'intention.deposit', row, {
      amount: receipt.amount,
      arrivedOn: receipt.arrivedOn,
      reference: receipt.reference,
      source,
    });
    return { id: row.id, version: row.version };
  });
}

/** POST /api/intention/deposit/{id}: the exchange records the deposit arrived, with its record. */
export async function recordDeposit(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: DepositReceiptInput & { version: number },
): Promise<{ id: number; version: number }> {
  return markDepositPaid(deps, actor, await findForExchange(deps, actor, id), input, 'exchange');
}

/**
 * A bank's notice that the deposit of registration `id` arrived, with the bank's record (the deposit ledger's
 * matched arrival: no session, the audit names the importing operator if there is one); judged as the exchange's
 * record is. Runs in `executor` (the ledger's transaction, so the arrival and its record commit together). Unknown
 * or unsigned registrations: 404.
 */
export async function recordDepositNotice(
  deps: IntentionsDeps,
  recorder: AuditActor,
  id: number,
  input: DepositReceiptInput & { version?: number | undefined },
  executor: IntentionsDeps['db'] = deps.db,
): Promise<{ id: number; version: number }> {
  const item = await repo.findItem(executor, id);
  if (item === undefined || !isPastSigning(item.status)) throw notFound();
  const version = input.version ?? item.version;
  return markDepositPaid({ ...deps, db: executor }, recorder, item, { ...input, version }, 'bank');
}

/** POST /api/intention/deposit/refund/{id}: the exchange records a deposit paid back. */
export async function recordDepositRefund(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const { db, clock } = deps;
  const item = await findForExchange(deps, actor, id);
  if (!canDepositStep('refundByHand', depositStateOf(item))) throw refused(MSG.intentionDepositNotRefunding);
  if (item.version !== input.version) throw conflict();
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, input.version, {
      depositRefundedAt: now,
      depositRefundedBy: actor.operatorId,
      updatedAt: now,
    });
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'intention.refund', row, { amount: row.depositAmount });
    return { id: row.id, version: row.version };
  });
}

/** The steps the ledger (the deposits module) takes on a registration's deposit, in its own transaction. */
export type LedgerStep =
  | { step: 'issueRefund' }
  | { step: 'confirmRefund' }
  | { step: 'failRefund' }
  | { step: 'forfeit'; reason: string; version: number; barUntil: string | null };

const STEP_AUDIT = {
  issueRefund: 'intention.refundIssued',
  confirmRefund: 'intention.refund',
  failRefund: 'intention.refundFailed',
  forfeit: 'intention.forfeit',
} as const;

/**
 * One ledger step on registration `id` through `executor` (the ledger's transaction: a batch's lines and their
 * registrations commit together): refused from a state the step does not start from (a refund batch naming the
 * registration); a forfeiture from a stale version is a conflict. Unknown or unsigned registrations: 404.
 */
export async function takeLedgerStep(
  deps: IntentionsDeps,
  recorder: AuditActor,
  id: number,
  input: LedgerStep,
  executor: IntentionsDeps['db'],
): Promise<{ id: number; version: number; depositState: DepositState }> {
  const item = await repo.findItem(executor, id);
  if (item === undefined || !isPastSigning(item.status)) throw notFound();
  if (!canDepositStep(input.step, depositStateOf(item))) {
    if (input.step === 'forfeit') throw refused(MSG.depositForfeitNotAllowed);
    if (input.step === 'issueRefund')
      throw refused(formatMessage(MSG.depositRefundNotOwed, { name: item.name }));
    throw conflict();
  }
  const version = input.step === 'forfeit' ? input.version : item.version;
  if (item.version !== version) throw conflict();
  const now = deps.clock.now();
  const patch =
    input.step === 'issueRefund'
      ? { depositRefundIssuedAt: now }
      : input.step === 'failRefund'
        ? { depositRefundIssuedAt: null }
        : input.step === 'confirmRefund'
          ? { depositRefundedAt: now, depositRefundedBy: recorder.operatorId }
          : {
              depositForfeitedAt: now,
              depositForfeitedBy: recorder.operatorId,
              depositForfeitReason: input.reason,
            };
  const row = await repo.updateGuarded(executor, item.id, version, { ...patch, updatedAt: now });
  if (row === undefined) throw conflict();
  const detail: Record<string, unknown> = { amount: row.depositAmount };
  if (input.step === 'forfeit') {
    detail['reason'] = input.reason;
    detail['barUntil'] = input.barUntil;
    if (input.barUntil !== null) {
      await repo.insertBar(executor, {
        ownerCompanyId: item.projectCompanyId,
        certNo: item.certNo,
        name: item.name,
        until: input.barUntil,
        registrationId: item.id,
        reason: input.reason,
      });
    }
  }
  await writeAudit(deps, executor, recorder, STEP_AUDIT[input.step], row, detail);
  return { id: row.id, version: row.version, depositState: depositStateOf(row) };
}
