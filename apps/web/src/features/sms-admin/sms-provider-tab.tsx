// 服务状态: the channel the messages go through (the log channel, or the HTTP gateway with its address but never
// its token), whether a carrier is behind it, what it did in the last 24 hours, and its newest failure.
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Descriptions, Row, Space, Statistic, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { smsProviderLabel } from '@cqjy/domain/sms';
import type { SmsProviderState } from '@cqjy/domain/sms';
import { smsProviderQuery } from './api.ts';

function describe(state: SmsProviderState): DescriptionsProps['items'] {
  return [
    {
      key: 'name',
      label: '发送通道',
      children: (
        <Space>
          {smsProviderLabel(state.name)}
          <Typography.Text type="secondary">{state.name}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'configured',
      label: '接入状态',
      children: state.isConfigured ? (
        <Badge status="success" text="已接入短信网关" />
      ) : (
        <Badge status="warning" text="未接入短信运营商" />
      ),
    },
    { key: 'endpoint', label: '网关地址', children: state.endpoint ?? '—' },
    {
      key: 'lastError',
      label: '最近一次失败',
      children:
        state.lastError === null ? (
          '无'
        ) : (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="danger">{state.lastError.error}</Typography.Text>
            <Typography.Text type="secondary">
              {formatDateTime(state.lastError.at)}（记录编号 {state.lastError.smsId}）
            </Typography.Text>
          </Space>
        ),
    },
    { key: 'checkedAt', label: '统计时间', children: formatDateTime(state.checkedAt) },
  ];
}

export function SmsProviderTab() {
  const provider = useQuery(smsProviderQuery());
  const state = provider.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {state?.isConfigured === false && (
        <Alert type="warning" showIcon title={MSG.smsProviderNotConfigured} />
      )}
      <Row gutter={16}>
        {(
          [
            ['sent', '已发送', '#389e0d'],
            ['failed', '发送失败', '#cf1322'],
            ['queued', '待发送', undefined],
          ] as const
        ).map(([key, title, color]) => (
          <Col key={key} xs={24} sm={8}>
            <Card size="small" loading={state === undefined}>
              <Statistic
                title={`近${state?.windowHours ?? 24}小时${title}`}
                value={state?.counts[key] ?? 0}
                suffix="条"
                styles={{ content: color === undefined ? {} : { color } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={state === undefined ? [] : describe(state)}
        styles={{ label: { width: 140 } }}
        extra={
          <Button loading={provider.isFetching} onClick={() => void provider.refetch()}>
            刷新
          </Button>
        }
        title="短信通道"
      />
    </Space>
  );
}
