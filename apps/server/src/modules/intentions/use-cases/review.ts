import {
  checkIntentionReason,
  depositStateOf,
  intentionReviewNotice,
  isPastSigning,
  MSG,
  type IntentionReviewResult,
  type IntentionStatus,
} from '@cqjy/domain';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { familyOf, isExchange } from '../access.ts';
import { writeAudit } from '../audit.ts';
import type { Actor, IntentionsDeps } from '../deps.ts';
import { handOn } from '../hand-on.ts';
import * as repo from '../repo.ts';

/**
 * POST /api/intention/review/{id}: the owner's opinion on a submitted registration (pass: ownerApproved), then
 * the exchange's confirmation of an owner-approved one (pass: qualified, once the deposit is not unpaid); either
 * returns it with a reason. The member is told of a return and of the confirmation.
 */
export async function reviewIntention(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: { version: number; result: IntentionReviewResult; reason?: string | undefined },
): Promise<{ id: number; version: number }> {
  const { db, clock, notifications } = deps;
  const item = await repo.findItem(db, id);
  if (item === undefined || !isPastSigning(item.status)) throw notFound();
  const byExchange = isExchange(actor);
  if (!byExchange && item.projectCompanyId !== actor.companyId) throw notFound();
  // reviewed by someone else since the reviewer was shown it: the task was handled, nothing changes
  if (item.version !== input.version) throw conflict(MSG.workflowTaskHandled);
  const from: IntentionStatus = byExchange ? 'ownerApproved' : 'submitted';
  if (item.status !== from) throw refused(MSG.intentionNotAllowed);
  const reason = (input.reason ?? '').trim();
  const message = checkIntentionReason(input.result, reason);
  if (message !== null) throw refused(message);
  const isPassed = input.result === 'pass';
  if (byExchange && isPassed && depositStateOf(item) === 'unpaid') throw refused(MSG.intentionDepositUnpaid);
  const now = clock.now();
  const status: IntentionStatus = !isPassed ? 'returned' : byExchange ? 'qualified' : 'ownerApproved';
  const patch: repo.IntentionPatch = byExchange
    ? { status, reviewReason: reason, reviewedAt: now, reviewedBy: actor.operatorId, updatedAt: now }
    : {
        status,
        ownerOpinion: reason,
        ownerReviewedAt: now,
        ownerReviewedBy: actor.operatorId,
        // a return's reason is what the member reads
        ...(isPassed ? {} : { reviewReason: reason }),
        updatedAt: now,
      };
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, input.version, patch, [from]);
    if (row === undefined) throw conflict(MSG.workflowTaskHandled);
    await handOn(deps, tx, item, row.status, { result: input.result, decider: actor, at: now });
    // the owner's pass is a step of the review, not its answer: the member hears of returns and the confirmation
    if (!isPassed || byExchange) {
      await notifications.raise(tx, {
        companyId: row.companyId,
        ...intentionReviewNotice({
          id: row.id,
          family: familyOf(item),
          name: row.name,
          projectName: item.projectName,
          isPassed,
          reason,
        }),
        createdAt: now,
      });
    }
    await writeAudit(deps, tx, actor, 'intention.review', row, {
      by: byExchange ? 'exchange' : 'owner',
      result: input.result,
      reason,
    });
    return { id: row.id, version: row.version };
  });
}
