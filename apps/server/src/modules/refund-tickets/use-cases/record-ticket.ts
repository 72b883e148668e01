// The exchange records a payout the bank returned as a ticket of the payee's company.
import { formatDate, MSG, REFUND_TICKET_CODE, yearSerialCode } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../workflow/instances.ts';
import * as repo from '../repo.ts';
import { taskFor, type RefundTicketsContext } from '../tickets.ts';

/** The exchange records an approved payout the bank returned. */
export async function recordTicket(
  deps: RefundTicketsContext,
  actor: Actor,
  input: { instanceId: number; returnReason: string; returnedOn: string },
): Promise<{ id: number; code: string }> {
  const { db, audit, clock, tasks } = deps;
  if (input.returnedOn > formatDate(clock.now())) throw refused(MSG.refundTicketReturnedOnInvalid);
  const payout = await deps.findPayout(db, input.instanceId);
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
