// The exchange's reconciliation list: the arrivals newest first, each with the registration and project it paid for,
// and how many of each outcome there are (what waits for the exchange: unmatched, short, over, late).
import { DEPOSIT_ARRIVAL_OUTCOME_LABELS, toIsoOffset } from '@cqjy/domain';
import type { DepositArrivalRow } from '@cqjy/domain/contracts/deposits';
import type { DepositsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** GET /api/deposit/list: a page of the arrivals with the reconciliation's counts. */
export async function listArrivals(deps: DepositsDeps, query: repo.ArrivalListQuery) {
  const [{ rows, total }, counts] = await Promise.all([
    repo.listArrivals(deps.db, query),
    repo.countOutcomes(deps.db),
  ]);
  const list: DepositArrivalRow[] = rows.map(({ arrival, registrationName, projectName, depositAmount }) => ({
    id: arrival.id,
    serial: arrival.serial,
    source: arrival.source,
    account: arrival.account,
    amount: arrival.amount,
    arrivedAt: toIsoOffset(arrival.arrivedAt),
    payerName: arrival.payerName,
    payerAccount: arrival.payerAccount,
    outcome: arrival.outcome,
    outcomeLabel: DEPOSIT_ARRIVAL_OUTCOME_LABELS[arrival.outcome],
    registrationId: arrival.registrationId,
    registrationName,
    projectName,
    depositAmount: depositAmount ?? null,
    createdAt: toIsoOffset(arrival.createdAt),
  }));
  return { list, total, counts };
}
