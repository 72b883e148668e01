// 竞价规则 on a project's page (POST /api/project/save/auction): the rules the seller set for its project's hall —
// the start, the free and timed periods, the starting price and the increment — which the exchange's 开启网络竞价
// starts from. The seller sets and changes them while the project is a draft or disclosing; the exchange reads them.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Typography } from 'antd';
import { earliestAuctionStart } from '@cqjy/domain/bidding';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import type { ProjectStatus } from '@cqjy/domain/workflow/statuses';
import { auctionRulesQuery } from './api.ts';
import { AuctionRulesDialog } from './bidding-rules-dialog.tsx';

export type AuctionRulesCardProps = {
  projectId: number;
  /** the seller's side may change the rules */
  isSeller: boolean;
  status: ProjectStatus;
  /** the disclosure's last day (ISO): a new session is offered on the day after, at 10:00 */
  disclosureEnd: string | null;
  /** fen; the disclosed starting price */
  listingPrice?: number | undefined;
};

const EDITABLE: readonly ProjectStatus[] = ['draft', 'disclosing'];

/** 10:00 (+08:00) of the first day a hall may start. */
function firstSessionStart(disclosureEnd: string): number {
  return earliestAuctionStart(disclosureEnd).getTime() + 10 * 3_600_000;
}

export function AuctionRulesCard({
  projectId,
  isSeller,
  status,
  disclosureEnd,
  listingPrice,
}: AuctionRulesCardProps) {
  const queryClient = useQueryClient();
  const rules = useQuery(auctionRulesQuery(projectId));
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = isSeller && EDITABLE.includes(status);
  const saved = rules.data ?? null;
  if (rules.isError || (saved === null && !canEdit)) return null;

  return (
    <Card
      title="竞价规则"
      loading={rules.isPending}
      extra={
        canEdit ? (
          <Button onClick={() => setIsEditing(true)}>
            {saved === null ? '设置竞价规则' : '修改竞价规则'}
          </Button>
        ) : null
      }
    >
      {saved === null ? (
        <Typography.Text type="secondary">
          尚未设置竞价规则。设置后，交易所开启网络竞价时将按此设置开始时间、报价周期、起始价与加价幅度。
        </Typography.Text>
      ) : (
        <Descriptions bordered size="small" column={2} data-testid="auction-rules">
          <Descriptions.Item label="开始时间">{formatDateTime(saved.startAt).slice(0, 16)}</Descriptions.Item>
          <Descriptions.Item label="起始价">{formatFen(saved.startingPrice)}元</Descriptions.Item>
          <Descriptions.Item label="自由报价期">{saved.freeSeconds}秒</Descriptions.Item>
          <Descriptions.Item label="限时报价周期">{saved.timedSeconds}秒</Descriptions.Item>
          <Descriptions.Item label="加价幅度">{formatFen(saved.increment)}元</Descriptions.Item>
          <Descriptions.Item label="最后修改">{formatDateTime(saved.updatedAt)}</Descriptions.Item>
        </Descriptions>
      )}
      {isEditing ? (
        <AuctionRulesDialog
          projectId={projectId}
          listingPrice={listingPrice}
          rules={saved}
          firstStart={disclosureEnd === null ? undefined : firstSessionStart(disclosureEnd)}
          onClose={() => setIsEditing(false)}
          onSaved={() => {
            setIsEditing(false);
            void queryClient.invalidateQueries({ queryKey: auctionRulesQuery(projectId).queryKey });
          }}
        />
      ) : null}
    </Card>
  );
}
