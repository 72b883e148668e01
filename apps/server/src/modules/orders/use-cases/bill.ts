// What the workflow engine's approvals do to a project's order (registerApprovalEffect, wired in app.ts).
import { formatDate, ORDER_CODE, yearSerialCode } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import type { ApprovedAction } from '../../workflow/instances.ts';
import type { OrderDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The contract's deal: its price (fen) and its day (the signing day, else the approval's). */
function dealOf(approved: ApprovedAction): { amount: number; day: string } | undefined {
  const price = approved.form.dealPrice;
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) return undefined;
  const signed = approved.form.signDate;
  const day = typeof signed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(signed) ? signed : '';
  return { amount: price, day: day === '' ? formatDate(approved.approvedAt) : day };
}

/**
 * The engine's approval of a contract: the project's order made, or remade from the corrected contract while
 * it is unpaid (a paid or deducted order keeps what it was paid for).
 */
export async function billContract(deps: OrderDeps, tx: Db, approved: ApprovedAction): Promise<void> {
  const { audit, clock, serviceFee } = deps;
  const deal = dealOf(approved);
  if (deal === undefined) return;
  const quote = await serviceFee(tx, approved.family, deal.amount, deal.day);
  const billed = {
    dealAmount: deal.amount,
    dealDate: deal.day,
    fee: quote.fee,
    feeLines: quote.lines,
    scheduleFrom: quote.scheduleFrom,
  };
  const existing = await repo.findByProject(tx, approved.projectId);
  if (existing !== undefined) {
    if (existing.payState !== 'unpaid') return;
    const row = await repo.updateGuarded(tx, existing.id, existing.version, billed);
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      action: 'order.rebill',
      result: 'ok',
      target: String(row.id),
      companyId: approved.companyId,
      detail: { projectId: approved.projectId, fee: quote.fee, dealAmount: deal.amount },
    });
    return;
  }
  const inserted = await repo.insertOrder(tx, {
    // a placeholder until the id is known; replaced below in the same transaction
    code: `order-${crypto.randomUUID()}`,
    companyId: approved.companyId,
    projectId: approved.projectId,
    family: approved.family,
    ...billed,
  });
  const row = await repo.setCode(tx, inserted.id, yearSerialCode(ORDER_CODE, clock.now(), inserted.id));
  if (row === undefined) throw conflict();
  await audit.append(tx, {
    action: 'order.create',
    result: 'ok',
    target: String(row.id),
    companyId: approved.companyId,
    detail: { code: row.code, projectId: approved.projectId, fee: quote.fee, dealAmount: deal.amount },
  });
}

/** The engine's approval of a price deduction: the fee was taken from the price paid out. */
export async function markDeducted(deps: OrderDeps, tx: Db, approved: ApprovedAction): Promise<void> {
  const { audit } = deps;
  const existing = await repo.findByProject(tx, approved.projectId);
  if (existing?.payState !== 'unpaid') return;
  const row = await repo.updateGuarded(tx, existing.id, existing.version, {
    payState: 'deducted',
    paidAt: approved.approvedAt,
  });
  if (row === undefined) throw conflict();
  await audit.append(tx, {
    action: 'order.deduct',
    result: 'ok',
    target: String(row.id),
    companyId: approved.companyId,
    detail: { projectId: approved.projectId },
  });
}
