// 待退还: the deposits owed back (the registration withdrawn, disqualified or lost once its money arrived), the longest
// owed first, each with the day its term runs from and the day it is due (规则参数 › 保证金退还期限); one past its
// day stands out, and the banner counts them. The exchange picks deposits and 生成退款批次 sends them to the bank in
// one file (下载退款文件 follows at once); the batch's confirmation is on 退款批次.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { RefundDueRow } from '@cqjy/domain/contracts/deposits';
import { REFUND_BATCH_LINES_MAX } from '@cqjy/domain/deposits';
import { formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { moneyColumn } from '../../components/index.ts';
import { ListPage, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { DEPOSITS_KEY, downloadRefundFile, issueRefundBatch, refundsDueQuery } from './api.ts';
import type { PageQuery } from './api.ts';
import { StackedCell } from './stacked-cell.tsx';

export function RefundsDueTab() {
  const queryClient = useQueryClient();
  const { list, result } = useListQuery((query: PageQuery) => refundsDueQuery(query));
  const [picked, setPicked] = useState<RefundDueRow[]>([]);
  const [isIssuing, setIsIssuing] = useState(false);
  const overdue = result.data?.overdue ?? 0;

  const onIssue = async (): Promise<void> => {
    const total = picked.reduce((sum, row) => sum + row.amount, 0);
    const isConfirmed = await notify.confirm({
      title: '生成退款批次',
      content: `将${picked.length}笔保证金（合计${formatFen(total)}元）生成退款批次，提交银行退还？`,
      okText: '生成',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    setIsIssuing(true);
    try {
      const batch = await issueRefundBatch(picked.map((row) => row.registrationId));
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY });
      await downloadRefundFile(batch);
    } catch {
      // the HTTP client has told the user; the choice stays
    } finally {
      setIsIssuing(false);
    }
  };

  const columns: ListColumn<RefundDueRow>[] = [
    { title: '意向受让方', dataIndex: 'name', key: 'name', width: 180, fixed: 'left', ellipsis: true },
    { title: '代理会员', dataIndex: 'memberName', key: 'memberName', width: 160, ellipsis: true },
    { title: '项目', dataIndex: 'projectName', key: 'projectName', ellipsis: true },
    moneyColumn({ key: 'amount', title: '退还金额', fen: (row) => row.amount }),
    {
      title: '收款人 / 账号',
      key: 'payee',
      width: 200,
      render: (_, row) => (
        <StackedCell
          main={row.payeeName}
          sub={row.payeeAccount === '' ? '原路退回（无付款账号）' : row.payeeAccount}
        />
      ),
    },
    { title: '起算日', dataIndex: 'since', key: 'since', width: 104 },
    {
      title: '应退日期',
      key: 'dueOn',
      width: 110,
      render: (_, row) =>
        row.isOverdue ? <Typography.Text type="danger">{row.dueOn}（已逾期）</Typography.Text> : row.dueOn,
    },
  ];

  return (
    <ListPage<RefundDueRow>
      isBare
      banner={
        overdue > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`有${overdue}笔保证金已超过退还期限，请尽快生成退款批次`}
          />
        ) : null
      }
      toolbar={
        <Button
          type="primary"
          disabled={picked.length === 0}
          loading={isIssuing}
          onClick={() => void onIssue()}
        >
          生成退款批次{picked.length > 0 ? `（${picked.length}笔）` : ''}
        </Button>
      }
      columns={columns}
      list={list}
      table={{
        rowKey: 'registrationId',
        rowSelection: {
          selectedRowKeys: picked.map((row) => row.registrationId),
          onChange: (_keys, rows) => setPicked(rows.slice(0, REFUND_BATCH_LINES_MAX)),
          preserveSelectedRowKeys: true,
        },
      }}
    />
  );
}
