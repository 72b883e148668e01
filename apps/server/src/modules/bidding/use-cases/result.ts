// The signed result: once closed, the hall is drawn as a PDF, signed by the exchange (PAdES) and filed; a close
// whose file was not made (a crash) has it made at the next asking or housekeeping run.
import {
  BIDDING_DATA_CLASS,
  BIDDING_RESULT_TAG,
  biddingGenesisLine,
  composeBiddingResult,
} from '@cqjy/domain';
import { isAppError } from '../../../platform/errors.ts';
import { sealPdf } from '../../signatures/seal-letter.ts';
import type { Signer } from '../../signatures/service.ts';
import type { HallDeps } from '../deps.ts';
import { SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { load, publish, sha256, winnerOf } from '../hall.ts';
import * as repo from '../repo.ts';
import { renderBiddingResultPdf } from '../result-pdf.ts';

/** Thrown inside the result's transaction when another node filed the result first: rolls back this one. */
class ResultTaken extends Error {}

/**
 * The exchange's signer: the credentials of its first enrolled operator (the company's certificate signs). An
 * exchange without them gets them issued here, as an enrolment would, rather than leaving the result unsigned.
 */
async function exchangeSigner(
  deps: HallDeps,
  companyId: number,
): Promise<Signer & { privateKeyPem: string }> {
  const { users, signatures, credentials } = deps;
  const members = await users.listCompanyOperators(companyId);
  const chosen = members.find((member) => member.operator.mainOperatorAuth) ?? members[0];
  if (chosen === undefined) throw new Error('the exchange has no operator to sign with');
  const operatorId = chosen.operator.id;
  let signer: Signer | undefined;
  try {
    signer = await signatures.loadSigner(companyId, operatorId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const facts = await credentials.findSignerFacts(operatorId);
    if (facts === undefined) throw new Error('the exchange operator has no signer facts');
    await credentials.ensureCredentials(facts, {
      actor: { ...SYSTEM_ACTOR, companyId },
      action: 'signature.enrol.exchange',
      isRefreshing: false,
    });
    signer = await signatures.loadSigner(companyId, operatorId);
  }
  if (signer.privateKeyPem === null) throw new Error('the exchange key is not held here');
  return { ...signer, privateKeyPem: signer.privateKeyPem };
}

async function makeResult(deps: HallDeps, id: number): Promise<string | null> {
  const { db, clock, audit, users, attachments } = deps;
  const loaded = await load(db, id);
  if (loaded === undefined || loaded.item.closedAt === null) return null;
  if (loaded.item.resultFileId !== null) return loaded.item.resultFileId;
  const { item, bidders, bids } = loaded;
  const exchangeId = await users.findExchangeCompanyId();
  if (exchangeId === null) throw new Error('no exchange company to sign the result');
  const exchangeName = await users.findExchangeName();
  const winner = winnerOf(item, bidders);
  const closedAt: Date = loaded.item.closedAt;
  const genesisHash = sha256(
    biddingGenesisLine({ biddingId: id, projectId: item.projectId, startingPrice: item.startingPrice }),
  );
  const rendered = await renderBiddingResultPdf(
    composeBiddingResult({
      projectName: item.projectName,
      projectCode: item.projectCode,
      exchange: exchangeName,
      mode: item.mode,
      reservePrice: item.reservePrice,
      highestPrice: winner === undefined ? item.currentPrice : null,
      startAt: item.startAt,
      freeEndAt: item.freeEndAt,
      timedSeconds: item.timedSeconds,
      startingPrice: item.startingPrice,
      increment: item.increment,
      closedAt,
      winner:
        winner === undefined || item.currentPrice === null
          ? null
          : { name: winner.name, bidderNo: winner.bidderNo, price: item.currentPrice },
      bidderCount: bidders.length,
      bids,
      genesisHash,
      finalHash: item.lastHash,
    }),
  );
  const signer = await exchangeSigner(deps, exchangeId);
  const signed = await sealPdf(signer, {
    pdf: rendered.pdf,
    layout: rendered,
    reason: '网络竞价结果',
    name: exchangeName,
    at: clock.now(),
  });
  const stored = await attachments.putBytes(signed);
  try {
    const row = await db.transaction(async (tx) => {
      const file = await attachments.recordPdf(tx, {
        stored,
        fileName: `网络竞价结果（${item.projectCode}）.pdf`,
        tag: BIDDING_RESULT_TAG,
        record: { dataClass: BIDDING_DATA_CLASS, dataId: String(id) },
        companyId: exchangeId,
        createdBy: null,
      });
      const updated = await repo.updateHall(
        tx,
        id,
        { resultFileId: file.uuid, updatedAt: clock.now() },
        { isResultMissing: true },
      );
      if (updated === undefined) throw new ResultTaken();
      await audit.append(tx, {
        ...SYSTEM_ACTOR,
        companyId: exchangeId,
        action: 'bidding.result',
        result: 'ok',
        target: String(id),
        detail: { fileId: file.uuid, sha256: stored.sha256, lastHash: item.lastHash },
      });
      return updated;
    });
    await publish(deps, row);
    return row.resultFileId;
  } catch (error) {
    // another node filed it first: theirs stands (these bytes, unreferenced, go with the purge)
    if (error instanceof ResultTaken) return (await repo.findItem(db, id))?.resultFileId ?? null;
    throw error;
  }
}

/** The closed hall's signed result, made once per node at a time. */
export function ensureResult(deps: HallDeps, id: number): Promise<string | null> {
  const { node } = deps;
  let making = node.resultsMaking.get(id);
  if (making === undefined) {
    making = makeResult(deps, id).finally(() => node.resultsMaking.delete(id));
    node.resultsMaking.set(id, making);
  }
  return making;
}
