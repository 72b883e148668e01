// The deposit's records: arrived (by the exchange's hand or a bank's notice, with the bank's record) and paid back.
import { checkDepositReceipt, depositStateOf, formatDate, isPastSigning, MSG } from '@cqjy/domain';
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
  if (depositStateOf(item) !== 'unpaid' || item.depositAmount === null) {
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
  if (depositStateOf(item) !== 'refunding') throw refused(MSG.intentionDepositNotRefunding);
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
