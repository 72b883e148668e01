// The exchange's review of a signed application.
import { MSG } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../workflow/instances.ts';
import * as repo from '../repo.ts';
import { findApplication, moveTicket, type RefundTicketsContext } from '../tickets.ts';

/** The exchange's review: approved, the ticket closes; returned with a reason, the company corrects it. */
export async function reviewApplication(
  deps: RefundTicketsContext,
  actor: Actor,
  applicationId: number,
  input: { version: number; result: 'pass' | 'back'; reason: string },
): Promise<{ id: number; version: number }> {
  const { db, audit, clock } = deps;
  const { ticket, application } = await findApplication(deps, actor, applicationId);
  if (application.state !== 'reviewing') throw refused(MSG.refundTicketNotReviewing);
  if (input.result === 'back' && input.reason.trim() === '') {
    throw refused(MSG.refundTicketReviewReasonRequired);
  }
  const now = clock.now();
  const isPassed = input.result === 'pass';
  return db.transaction(async (tx) => {
    await moveTicket(deps, tx, ticket, isPassed ? 'closed' : 'returned', {
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
