// The refunds of the deposit ledger (保证金退还): the deposits owed back with the day each is due (the rule parameter
// depositRefundWorkdays after the day it became owed), the batches the exchange sends the bank (a file of payment
// instructions, one line per deposit) and the bank's confirmation that closes them. Each registration's step (sent
// back, refunded, failed) is the intentions module's, taken in the batch's transaction, so a batch and its
// registrations never disagree; a deposit out with the bank in one batch cannot go out in another (a unique index).
import {
  fenToYuan,
  formatDate,
  MSG,
  REFUND_BATCH_STATUS_LABELS,
  REFUND_FILE_COLUMNS,
  REFUND_LINE_OUTCOME_LABELS,
  REFUND_PURPOSE,
  refundBatchNo,
  refundDueOn,
  toIsoOffset,
} from '@cqjy/domain';
import type { RefundBatchSummary, RefundDueRow, RefundLine } from '@cqjy/domain/contracts/deposits';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { AuditActor } from '../../../platform/audit.ts';
import { toCsv } from '../../../platform/csv.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { DepositsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The working days of the refund's term as in force on each day a deposit became owed (read once per day). */
function termsOf(deps: DepositsDeps) {
  const cache = new Map<string, Promise<number>>();
  return (day: string): Promise<number> => {
    let term = cache.get(day);
    if (term === undefined) {
      term = deps.dictionaries.ruleValue('depositRefundWorkdays', new Date(`${day}T12:00:00+08:00`));
      cache.set(day, term);
    }
    return term;
  };
}

/** The payee of a refund: the arrival's payer when the bank told of it, else the registered buyer. */
function payeeOf(row: repo.OwedRow): { payeeName: string; payeeAccount: string } {
  const payerName = row.payerName ?? '';
  return { payeeName: payerName === '' ? row.name : payerName, payeeAccount: row.payerAccount ?? '' };
}

/** GET /api/deposit/refund/list: a page of the deposits owed back, the longest owed first, and how many are late. */
export async function listRefundsDue(
  deps: DepositsDeps,
  page: { page: number; size: number },
): Promise<{ list: RefundDueRow[]; total: number; overdue: number }> {
  const today = formatDate(deps.clock.now());
  const term = termsOf(deps);
  const { rows, days } = await repo.listOwed(deps.db, page);
  const dueOf = async (since: string) => refundDueOn(since, await term(since));
  let total = 0;
  let overdue = 0;
  for (const day of days) {
    total += day.value;
    if ((await dueOf(day.since)) < today) overdue += day.value;
  }
  const list = await Promise.all(
    rows.map(async (row): Promise<RefundDueRow> => {
      const dueOn = await dueOf(row.since);
      return {
        registrationId: row.registrationId,
        name: row.name,
        memberName: row.memberName,
        projectId: row.projectId,
        projectName: row.projectName,
        amount: row.amount,
        ...payeeOf(row),
        reference: row.reference,
        since: row.since,
        dueOn,
        isOverdue: dueOn < today,
      };
    }),
  );
  return { list, total, overdue };
}

function toSummary(row: repo.BatchListRow): RefundBatchSummary {
  const { batch } = row;
  return {
    id: batch.id,
    batchNo: batch.batchNo,
    status: batch.status,
    statusLabel: REFUND_BATCH_STATUS_LABELS[batch.status],
    lineCount: batch.lineCount,
    total: batch.total,
    createdByName: row.createdByName,
    createdAt: toIsoOffset(batch.createdAt),
    confirmedByName: row.confirmedByName,
    confirmedAt: batch.confirmedAt === null ? null : toIsoOffset(batch.confirmedAt),
    refunded: row.refunded,
    failed: row.failed,
  };
}

async function summaryOf(deps: DepositsDeps, id: number): Promise<RefundBatchSummary> {
  const row = await repo.findBatch(deps.db, id);
  if (row === undefined) throw notFound();
  return toSummary(row);
}

/**
 * POST /api/deposit/refund/batch: the chosen deposits sent back in one batch, all or none: a registration whose
 * deposit is not owed back (refunded, out with the bank, kept, or no such) refuses the batch by name; two batches
 * racing for one deposit: the second is a conflict.
 */
export async function issueRefundBatch(
  deps: DepositsDeps,
  actor: AuditActor,
  input: { registrationIds: number[] },
): Promise<RefundBatchSummary> {
  const ids = [...new Set(input.registrationIds)];
  const now = deps.clock.now();
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const owed = await repo.lockOwed(tx, ids);
      for (const registrationId of ids) {
        // takeLedgerStep refuses the one not owed back by name (or 404 for none such)
        await deps.intentions.takeLedgerStep(actor, registrationId, { step: 'issueRefund' }, tx);
      }
      const batchId = await repo.nextBatchId(tx);
      const batch = await repo.insertBatch(
        tx,
        {
          id: batchId,
          batchNo: refundBatchNo(now, batchId),
          lineCount: owed.length,
          total: owed.reduce((sum, row) => sum + row.amount, 0),
          createdBy: actor.operatorId,
          createdAt: now,
        },
        owed.map((row) => ({
          registrationId: row.registrationId,
          amount: row.amount,
          ...payeeOf(row),
          reference: row.reference,
        })),
      );
      await deps.audit.append(tx, {
        ...actor,
        action: 'deposit.refundBatch',
        result: 'ok',
        target: batch.batchNo,
        detail: { lineCount: batch.lineCount, total: batch.total, registrationIds: ids },
      });
      return batch.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  return summaryOf(deps, id);
}

/** GET /api/deposit/refund/batch/list: a page of the batches, newest first. */
export async function listRefundBatches(deps: DepositsDeps, query: Parameters<typeof repo.listBatches>[1]) {
  const { rows, total } = await repo.listBatches(deps.db, query);
  return { list: rows.map(toSummary), total };
}

async function linesOf(deps: DepositsDeps, batchId: number): Promise<RefundLine[]> {
  const rows = await repo.listLines(deps.db, batchId);
  return rows.map(({ line, name, projectName }, index) => ({
    id: line.id,
    line: index + 1,
    registrationId: line.registrationId,
    name,
    projectName,
    amount: line.amount,
    payeeName: line.payeeName,
    payeeAccount: line.payeeAccount,
    reference: line.reference,
    outcome: line.outcome,
    outcomeLabel: REFUND_LINE_OUTCOME_LABELS[line.outcome],
  }));
}

/** GET /api/deposit/refund/batch/{id}: a batch with its lines. */
export async function showRefundBatch(deps: DepositsDeps, id: number) {
  const summary = await summaryOf(deps, id);
  return { ...summary, lines: await linesOf(deps, id) };
}

/** GET /api/deposit/refund/batch/{id}/file: the batch's payment instructions as the bank's import reads them. */
export async function refundBatchFile(
  deps: DepositsDeps,
  id: number,
): Promise<{ fileName: string; content: Buffer }> {
  const summary = await summaryOf(deps, id);
  const lines = await linesOf(deps, id);
  const columns = REFUND_FILE_COLUMNS;
  const records = lines.map((line) => ({
    [columns.batchNo]: summary.batchNo,
    [columns.line]: line.line,
    [columns.payeeName]: line.payeeName,
    [columns.payeeAccount]: line.payeeAccount,
    [columns.amount]: fenToYuan(line.amount),
    [columns.reference]: line.reference,
    [columns.purpose]: REFUND_PURPOSE,
  }));
  return { fileName: `保证金退款-${summary.batchNo}.csv`, content: Buffer.from(toCsv(records), 'utf8') };
}

/**
 * POST /api/deposit/refund/batch/{id}/confirm: the bank's confirmation entered once: every line refunded but the
 * registrations it could not pay (owed back again). A second confirmation, or one racing it, is refused.
 */
export async function confirmRefundBatch(
  deps: DepositsDeps,
  actor: AuditActor,
  id: number,
  input: { failedIds: number[] },
): Promise<RefundBatchSummary> {
  const summary = await summaryOf(deps, id);
  if (summary.status !== 'issued') throw refused(MSG.depositRefundBatchClosed);
  const lines = await linesOf(deps, id);
  const inBatch = new Set(lines.map((line) => line.registrationId));
  const failed = [...new Set(input.failedIds)];
  if (failed.some((registrationId) => !inBatch.has(registrationId)))
    throw refused(MSG.depositRefundFailedUnknown);
  const refunded = [...inBatch].filter((registrationId) => !failed.includes(registrationId));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // a confirmation racing this one closed it a moment ago: the same answer as a second one later
    if (!(await repo.closeBatch(tx, id, { confirmedBy: actor.operatorId, confirmedAt: now }))) {
      throw refused(MSG.depositRefundBatchClosed);
    }
    for (const registrationId of refunded) {
      await deps.intentions.takeLedgerStep(actor, registrationId, { step: 'confirmRefund' }, tx);
    }
    for (const registrationId of failed) {
      await deps.intentions.takeLedgerStep(actor, registrationId, { step: 'failRefund' }, tx);
    }
    await repo.setLineOutcome(tx, id, refunded, 'refunded');
    await repo.setLineOutcome(tx, id, failed, 'failed');
    await deps.audit.append(tx, {
      ...actor,
      action: 'deposit.refundConfirm',
      result: 'ok',
      target: summary.batchNo,
      detail: { refunded: refunded.length, failed },
    });
  });
  return summaryOf(deps, id);
}
