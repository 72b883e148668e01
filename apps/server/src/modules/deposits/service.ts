// The deposits module (保证金台账): the bank's arrivals, by its signed notice or its statement file, each counted
// once and matched to the registration whose receiving account it was paid into (use-cases/arrivals.ts,
// statement.ts), and the exchange's reconciliation list. This file wires the use cases to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { DepositsDeps } from './deps.ts';
import { receiveNotice } from './use-cases/arrivals.ts';
import { listArrivals } from './use-cases/list.ts';
import { importStatement, previewStatement } from './use-cases/statement.ts';

export type DepositsService = ReturnType<typeof createDepositsService>;

export function createDepositsService(deps: DepositsDeps) {
  const bound = bindDeps(deps);
  return {
    receiveNotice: bound(receiveNotice),
    previewStatement: bound(previewStatement),
    importStatement: bound(importStatement),
    listArrivals: bound(listArrivals),
  };
}
