// A message's status as a coloured tag; beside it 已重发 on a failed one that was resent, and 第n次重发 on a resend.
import { Space, Tag } from 'antd';
import { SMS_STATUS_LABELS } from '@cqjy/domain/sms';
import type { SmsListItem } from '@cqjy/domain/sms';

const COLORS = { queued: 'processing', sent: 'success', failed: 'error' } as const;

export function SmsStatusTag({ row }: { row: Pick<SmsListItem, 'status' | 'resentAsId' | 'resendCount'> }) {
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[row.status]}>{SMS_STATUS_LABELS[row.status]}</Tag>
      {row.resentAsId !== null && <Tag>已重发</Tag>}
      {row.resendCount > 0 && <Tag color="blue">第{row.resendCount}次重发</Tag>}
    </Space>
  );
}
