// One message in full: the whole number (the list masks it), the whole text, the channel, the times, the failure
// and the resends it belongs to, with 重发 when it can be resent.
import { Button, Descriptions, Drawer, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { smsProviderLabel } from '@cqjy/domain/sms';
import type { SmsListItem } from '@cqjy/domain/sms';
import { smsPurposeLabel, smsTemplateName } from '@cqjy/domain/sms-templates';
import { SmsStatusTag } from './sms-status-tag.tsx';

export type SmsDetailDrawerProps = {
  row: SmsListItem | null;
  onClose: () => void;
  onResend: (row: SmsListItem) => void;
  isResending: boolean;
};

const orDash = (value: string | number | null): string | number => value ?? '—';

export function SmsDetailDrawer({ row, onClose, onResend, isResending }: SmsDetailDrawerProps) {
  const items: DescriptionsProps['items'] =
    row === null
      ? []
      : [
          { key: 'id', label: '记录编号', children: row.id },
          { key: 'mobile', label: '手机号', children: row.mobile },
          { key: 'purpose', label: '用途', children: smsPurposeLabel(row.purpose) },
          { key: 'template', label: '模板', children: smsTemplateName(row.template) },
          {
            key: 'content',
            label: '短信内容',
            children: <Typography.Paragraph style={{ margin: 0 }}>{row.content}</Typography.Paragraph>,
          },
          { key: 'status', label: '状态', children: <SmsStatusTag row={row} /> },
          { key: 'error', label: '失败原因', children: orDash(row.error) },
          { key: 'provider', label: '发送通道', children: smsProviderLabel(row.provider) },
          { key: 'createdAt', label: '提交时间', children: formatDateTime(row.createdAt) },
          {
            key: 'sentAt',
            label: '发送成功时间',
            children: row.sentAt === null ? '—' : formatDateTime(row.sentAt),
          },
          { key: 'resentFrom', label: '重发自记录', children: orDash(row.resentFromId) },
          { key: 'resentAs', label: '已重发为记录', children: orDash(row.resentAsId) },
          { key: 'resendCount', label: '重发次数', children: row.resendCount },
        ];
  return (
    <Drawer
      title="短信详情"
      open={row !== null}
      onClose={onClose}
      size={560}
      extra={
        row?.canResend === true ? (
          <Button type="primary" loading={isResending} onClick={() => onResend(row)}>
            重发
          </Button>
        ) : null
      }
    >
      <Descriptions column={1} bordered size="small" items={items} styles={{ label: { width: 130 } }} />
    </Drawer>
  );
}
