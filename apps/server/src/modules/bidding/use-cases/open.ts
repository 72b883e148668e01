import {
  bidderNo as bidderNoOf,
  biddingGenesisLine,
  biddingRefusal,
  dutchRefusal,
  MSG,
  sandboxSchedule,
  type BiddingOpenForm,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import { readDealFacts } from '../../intentions/settle.ts';
import type { Actor, HallDeps } from '../deps.ts';
import { isExchange, publish, sha256 } from '../hall.ts';
import * as repo from '../repo.ts';

/**
 * 开启网络竞价: the exchange opens the project's hall in the mode it chose, judged by biddingRefusal with the
 * project's row locked (two openings queue); its bidders are the qualified registrations, one per member. The
 * owner's reserve price (its saved rules) goes with it, unseen until the close. A sealed or Dutch session has one
 * window (the free period) and no countdown after it; a Dutch one's ask must stay above nothing to its end.
 */
export async function openHall(
  deps: HallDeps,
  actor: Actor,
  form: BiddingOpenForm,
): Promise<{ id: number; version: number }> {
  const { db, clock, audit, config, dictionaries } = deps;
  // only the exchange opens a hall: to anyone else there is nothing here to open
  if (!isExchange(actor)) throw notFound();
  const now = clock.now();
  // a test or training run may speed the hall's clock up; production never does, whatever the parameter says
  const sandboxSpeed = config.isProduction ? 1 : await dictionaries.ruleValue('sandboxSpeed', now);
  const { startAt, freeSeconds, timedSeconds } = sandboxSchedule(form, now, sandboxSpeed);
  const freeEndAt = new Date(startAt.getTime() + freeSeconds * 1000);
  // a sealed or Dutch session has its one window; only a dynamic one a countdown after it
  const endsAt = form.mode === 'dynamic' ? new Date(freeEndAt.getTime() + timedSeconds * 1000) : freeEndAt;
  const dutch = form.mode === 'dutch' ? dutchRefusal({ ...form, freeSeconds, timedSeconds }) : null;
  if (dutch !== null) throw refused(dutch);
  if (endsAt.getTime() <= now.getTime()) throw refused(MSG.biddingStartInvalid);
  const row = await db.transaction(async (tx) => {
    const project = await repo.lockProject(tx, form.projectId);
    if (project === undefined) throw notFound();
    const refusal = biddingRefusal(await readDealFacts(tx, project), now);
    if (refusal !== null) throw refused(refusal);
    const qualified = await repo.listQualified(tx, project.id);
    const reservePrice = (await repo.findRules(tx, project.id))?.reservePrice ?? null;
    if (reservePrice !== null && reservePrice < form.startingPrice)
      throw refused(MSG.auctionReserveBelowStart);
    const inserted = await repo.insertHall(tx, {
      projectId: project.id,
      startAt,
      freeEndAt,
      endsAt,
      timedSeconds,
      sandboxSpeed,
      // the cap means something only where the countdown restarts
      restartsMax: form.mode === 'dynamic' ? form.restartsMax : null,
      mode: form.mode,
      startingPrice: form.startingPrice,
      increment: form.increment,
      reservePrice,
      // the genesis link names the hall's id, known once the row exists
      lastHash: '',
      openedBy: actor.operatorId,
      createdAt: now,
      updatedAt: now,
    });
    const genesis = sha256(
      biddingGenesisLine({
        biddingId: inserted.id,
        projectId: project.id,
        startingPrice: form.startingPrice,
      }),
    );
    await repo.setGenesis(tx, inserted.id, genesis);
    await repo.insertBidders(
      tx,
      qualified.map((registration, index) => ({
        biddingId: inserted.id,
        registrationId: registration.id,
        companyId: registration.companyId,
        bidderNo: bidderNoOf(index),
        kind: registration.kind,
        name: registration.name,
      })),
    );
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'bidding.open',
      result: 'ok',
      target: String(inserted.id),
      detail: {
        projectId: project.id,
        projectName: project.name,
        startAt: startAt.toISOString(),
        mode: form.mode,
        hasReserve: reservePrice !== null,
        freeSeconds,
        timedSeconds,
        sandboxSpeed,
        restartsMax: form.mode === 'dynamic' ? form.restartsMax : null,
        startingPrice: form.startingPrice,
        increment: form.increment,
        bidders: qualified.map((registration, index) => ({
          registrationId: registration.id,
          bidderNo: bidderNoOf(index),
        })),
        genesisHash: genesis,
      },
    });
    return inserted;
  });
  await publish(deps, row);
  return { id: row.id, version: row.version };
}
