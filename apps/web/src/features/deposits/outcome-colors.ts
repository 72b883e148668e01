// The tags' colours of the ledger's states: what matched or closed is calm, what waits for the exchange stands out.
import type { DepositArrivalOutcome, RefundBatchStatus, RefundLineOutcome } from '@cqjy/domain/deposits';

export const OUTCOME_COLORS: Record<DepositArrivalOutcome, string> = {
  matched: 'green',
  unmatched: 'red',
  short: 'orange',
  over: 'gold',
  late: 'volcano',
};

export const BATCH_COLORS: Record<RefundBatchStatus, string> = { issued: 'processing', confirmed: 'green' };

export const LINE_COLORS: Record<RefundLineOutcome, string> = {
  issued: 'processing',
  refunded: 'green',
  failed: 'red',
};
