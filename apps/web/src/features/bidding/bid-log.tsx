// The hall's bid log, newest first. A bid that came in the last few seconds (by the server's clock) is lit, so a
// watcher sees at a glance that the price just moved; the page's ticking clock puts the light out again.
import { Table, Tag } from 'antd';
import type { Bid } from '@cqjy/domain/bidding';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { serverNow } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

export const FRESH_BID_MS = 3000;

export type BidLogProps = {
  hall: LiveHall;
  /** the browser's clock of the page's latest tick */
  nowMs: number;
};

export function BidLog({ hall, nowMs }: BidLogProps) {
  const rows = [...hall.bids].sort((a, b) => b.seq - a.seq);
  const now = serverNow(hall, nowMs);
  const mine = new Set(hall.myBidderNos.map((entry) => entry.bidderNo));
  const isFresh = (bid: Bid): boolean => now - Date.parse(bid.at) < FRESH_BID_MS;

  return (
    <Table<Bid>
      rowKey="seq"
      size="small"
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{
        emptyText:
          hall.mode === 'sealed' && hall.status !== 'closed' && hall.bidCount > 0
            ? '报价密封，报价期满后公布'
            : '尚无报价',
      }}
      rowClassName={(bid) => (isFresh(bid) ? 'bidding-bid-fresh' : '')}
      onRow={(bid) => ({
        style: isFresh(bid) ? { background: '#fff1b8', transition: 'background 0.6s' } : undefined,
      })}
      columns={[
        { key: 'seq', title: '序号', dataIndex: 'seq', width: 80 },
        {
          key: 'bidderNo',
          title: '竞买号',
          width: 200,
          render: (_, bid) => (
            <>
              {bid.bidderNo}
              {mine.has(bid.bidderNo) ? (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  我的
                </Tag>
              ) : null}
              {bid.isProxy ? <Tag style={{ marginInlineStart: 8 }}>代理</Tag> : null}
            </>
          ),
        },
        { key: 'amount', title: '报价（元）', align: 'right', render: (_, bid) => formatFen(bid.amount) },
        { key: 'at', title: '报价时间', width: 200, render: (_, bid) => formatDateTime(bid.at) },
      ]}
    />
  );
}
