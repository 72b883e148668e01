// The project's result in the exchange's trading system (交易系统): 同步交易结果 reads it (the owner and the exchange,
// while the project is disclosing, ended or dealt) and the card shows the last answer kept in details.otc. The
// server says when the portal is not connected to a trading system or it cannot be reached.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions } from 'antd';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { OTC_SYNCABLE_STATUSES, OTC_TRADE_STATUS_LABELS } from '@cqjy/domain/projects/otc';
import type { OtcRecord } from '@cqjy/domain/projects/otc';
import type { ProjectView } from '@cqjy/domain/workflow/views';
import { updateProjectFromOtc } from '../../api/projects.ts';

export function canSyncFromOtc(project: Pick<ProjectView, 'status'>, isOwnerOrExchange: boolean): boolean {
  return isOwnerOrExchange && OTC_SYNCABLE_STATUSES.includes(project.status);
}

export function OtcSyncButton({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const [isSyncing, setIsSyncing] = useState(false);
  const onSync = async (): Promise<void> => {
    setIsSyncing(true);
    try {
      await updateProjectFromOtc(projectId);
      void queryClient.invalidateQueries({ queryKey: ['project', projectId] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsSyncing(false);
    }
  };
  return (
    <Button loading={isSyncing} onClick={() => void onSync()}>
      同步交易结果
    </Button>
  );
}

/** The last answer of the trading system, if the project was ever synchronised. */
export function OtcResultCard({ details }: { details: Record<string, unknown> }) {
  const record = details.otc as OtcRecord | undefined;
  if (record === undefined) return null;
  return (
    <Card title="交易系统结果">
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="交易状态">{OTC_TRADE_STATUS_LABELS[record.status]}</Descriptions.Item>
        <Descriptions.Item label="报价次数">{record.bidCount ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="成交价（元）">{formatFen(record.dealPrice) || '—'}</Descriptions.Item>
        <Descriptions.Item label="成交时间">
          {record.dealTime ? formatDateTime(record.dealTime) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="受让方">{record.transferee ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="同步时间">{formatDateTime(record.syncedAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
