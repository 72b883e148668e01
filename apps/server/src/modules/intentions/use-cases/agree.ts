import { agreementRefusal, isIntentionFamily, MSG, type DealResult } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import { isExchange } from '../access.ts';
import type { Actor, IntentionsDeps } from '../deps.ts';
import { listQualified, readDealFacts, settleDeal } from '../settle.ts';
import { listingPriceOf } from '../view.ts';

/**
 * POST /api/intention/agreement/{projectId}: the exchange confirms the deal with the project's one qualified
 * buyer at the listing price (协议转让), once the registrations closed with the disclosure and no deposit is
 * awaited (agreementRefusal, judged with the project's row locked): the registration won (its deposit applied to
 * the price), the deal kept in the project's details, from which its contract starts, the project 待签约 and the
 * confirmation in its process log. Two or more qualified buyers bid instead.
 */
export async function confirmAgreement(
  deps: IntentionsDeps,
  actor: Actor,
  projectId: number,
): Promise<DealResult> {
  const { db, audit, clock, notifications, projects, processLog } = deps;
  if (!isExchange(actor)) throw notFound();
  const found = await projects.findById(projectId);
  if (found === undefined || !isIntentionFamily(found.family)) throw notFound();
  const price = listingPriceOf(found);
  if (price === null) throw refused(MSG.intentionAgreementNoPrice);
  const now = clock.now();
  const logActor = { userId: actor.userId, ...(await processLog.describeActor(actor)) };
  return db.transaction(async (tx) => {
    await projects.lockStatus(tx, projectId, 'update');
    const project = await projects.findById(projectId, tx);
    if (project === undefined) throw notFound();
    const refusal = agreementRefusal(await readDealFacts(tx, project), now);
    if (refusal !== null) throw refused(refusal);
    const [only] = await listQualified(tx, projectId);
    if (only === undefined) throw refused(MSG.intentionAgreementNotOne);
    const settled = await settleDeal(
      tx,
      projectId,
      only.id,
      { source: 'agreement', dealPrice: price, decidedAt: now },
      { notifications, projects, processLog, audit, at: now, actor: toAuditActor(actor), logActor },
    );
    return settled.dealResult;
  });
}
