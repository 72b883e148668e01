// 保证金台账 (/index/deposit, GJS_PROJECT_LT_ADMIN): the exchange's deposit ledger, one tab each for 到账记录 (every
// transfer the bank told of, with the reconciliation's counts and the statement import), 待退还 (the deposits owed
// back, by when, picked into a refund batch) and 退款批次 (each batch's file for the bank and its confirmation). A tab
// is mounted when opened, so each list is asked for only when looked at.
import { Card, Tabs } from 'antd';
import { usePageTitle } from '../../lib/route-handle.ts';
import { ArrivalsTab } from './arrivals-tab.tsx';
import { RefundBatchesTab } from './refund-batches-tab.tsx';
import { RefundsDueTab } from './refunds-due-tab.tsx';

export function DepositLedgerPage() {
  const title = usePageTitle();
  return (
    <Card title={title}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'arrivals', label: '到账记录', children: <ArrivalsTab /> },
          { key: 'due', label: '待退还', children: <RefundsDueTab /> },
          { key: 'batches', label: '退款批次', children: <RefundBatchesTab /> },
        ]}
      />
    </Card>
  );
}
