// The payouts the engine approved, as another module reads them (退票信息 records a returned one): a price payout
// (价款划转) or a deposit refund (退款出金), with the amount and the account it was paid to.
import type { PayeeAccount, RefundPayoutKind } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

export type ApprovedPayout = {
  companyId: number;
  projectId: number;
  kind: RefundPayoutKind;
  /** fen */
  amount: number;
  account: PayeeAccount;
};

const PAYOUT_ACTIONS: Readonly<Record<string, RefundPayoutKind>> = {
  price: 'price',
  refundCashout: 'refundCashout',
};

/** The approved payout of instance `id`; undefined for anything else. */
export async function findApprovedPayout(db: Db, id: number): Promise<ApprovedPayout | undefined> {
  const row = await repo.findInstance(db, id);
  const kind = row === undefined ? undefined : PAYOUT_ACTIONS[row.action];
  if (row === undefined || kind === undefined || row.status !== 'approved') return undefined;
  const form: Readonly<Record<string, unknown>> = row.form;
  const text = (key: string): string => {
    const value = form[key];
    return typeof value === 'string' ? value : '';
  };
  const amount = form.payoutAmount;
  return {
    companyId: row.companyId,
    projectId: row.projectId,
    kind,
    amount: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : 0,
    account: {
      accountName: text('payeeName'),
      bankName: text('payeeBank'),
      branchName: '',
      accountNo: text('payeeAccount'),
    },
  };
}
