// The deposits module (保证金台账): the bank's arrivals, by its signed notice or its statement file, each counted
// once and matched to the registration whose receiving account it was paid into (use-cases/arrivals.ts,
// statement.ts), and the exchange's reconciliation list; the refunds owed, their batches for the bank and its
// confirmation (refunds.ts); a deposit's forfeiture (forfeit.ts). This file wires the use cases to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { DepositsDeps } from './deps.ts';
import { receiveNotice } from './use-cases/arrivals.ts';
import { forfeitDeposit } from './use-cases/forfeit.ts';
import { listArrivals } from './use-cases/list.ts';
import {
  confirmRefundBatch,
  issueRefundBatch,
  listRefundBatches,
  listRefundsDue,
  refundBatchFile,
  showRefundBatch,
} from './use-cases/refunds.ts';
import { importStatement, previewStatement } from './use-cases/statement.ts';

export type DepositsService = ReturnType<typeof createDepositsService>;

export function createDepositsService(deps: DepositsDeps) {
  const bound = bindDeps(deps);
  return {
    receiveNotice: bound(receiveNotice),
    previewStatement: bound(previewStatement),
    importStatement: bound(importStatement),
    listArrivals: bound(listArrivals),
    listRefundsDue: bound(listRefundsDue),
    issueRefundBatch: bound(issueRefundBatch),
    listRefundBatches: bound(listRefundBatches),
    showRefundBatch: bound(showRefundBatch),
    refundBatchFile: bound(refundBatchFile),
    confirmRefundBatch: bound(confirmRefundBatch),
    forfeitDeposit: bound(forfeitDeposit),
  };
}
