// The rule parameters tab: the disclosure periods, the price rules and the deposit's days, a table per group (each
// with the value in force, since when, the next version scheduled and the range the rule allows) and the service-fee
// schedule (its bands per group). 调整 opens the dialog of a new version; each parameter's versions unfold below it,
// a version still to come with 撤销.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { RULE_PARAMETER_GROUPS, RULE_VERSION_STATES } from '@cqjy/domain/rule-parameters';
import type { RuleParameterGroup, RuleParameterView, RuleVersionView } from '@cqjy/domain/rule-parameters';
import { notify } from '../../lib/notify.ts';
import { cancelRule, refreshDictionaries, ruleListQuery } from './api.ts';
import { FeeScheduleTables } from './fee-schedule.tsx';
import { RuleDialog } from './rule-dialog.tsx';
import { scheduleOf, valueText } from './rule-values.ts';

const STATE_COLORS: Record<RuleVersionView['state'], string> = {
  past: 'default',
  current: 'green',
  scheduled: 'blue',
};

function VersionsTable({
  param,
  onCancel,
}: {
  param: RuleParameterView;
  onCancel: (version: RuleVersionView) => void;
}) {
  const isFee = param.kind === 'feeSchedule';
  const columns: TableColumnsType<RuleVersionView> = [
    { title: '生效日期', dataIndex: 'effectiveFrom', key: 'effectiveFrom', width: 110 },
    { title: '值', key: 'value', render: (_, version) => valueText(param, version.value) },
    {
      title: '状态',
      key: 'state',
      width: 80,
      render: (_, version) => (
        <Tag color={STATE_COLORS[version.state]}>{RULE_VERSION_STATES[version.state]}</Tag>
      ),
    },
    {
      title: '调整说明',
      dataIndex: 'note',
      key: 'note',
      ellipsis: true,
      render: (note: string | null) => note ?? '',
    },
    {
      title: '操作人',
      dataIndex: 'createdByName',
      key: 'createdByName',
      width: 110,
      render: (name: string | null) => name ?? '系统',
    },
    {
      title: '保存时间',
      key: 'createdAt',
      width: 160,
      render: (_, version) => formatDateTime(version.createdAt),
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_, version) =>
        version.state === 'scheduled' ? (
          <Button type="link" size="small" danger onClick={() => onCancel(version)}>
            撤销
          </Button>
        ) : null,
    },
  ];
  return (
    <Table<RuleVersionView>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={param.versions}
      locale={{ emptyText: '尚无调整记录，一直使用默认值' }}
      {...(isFee
        ? {
            expandable: {
              expandedRowRender: (version: RuleVersionView) => (
                <FeeScheduleTables schedule={scheduleOf(version.value)} />
              ),
            },
          }
        : {})}
    />
  );
}

function sinceText(param: RuleParameterView): string {
  return param.current.effectiveFrom === null ? '默认值' : `${param.current.effectiveFrom}起`;
}

function NextTag({ param }: { param: RuleParameterView }) {
  if (param.next === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tag color="blue">
      {param.kind === 'feeSchedule' ? '' : `${valueText(param, param.next.value)}，`}
      {param.next.effectiveFrom}起
    </Tag>
  );
}

export function RuleParametersTab() {
  const queryClient = useQueryClient();
  const rules = useQuery(ruleListQuery());
  const [adjusting, setAdjusting] = useState<RuleParameterView | null>(null);
  const list = rules.data?.list ?? [];
  // one table per group of plain values, in the groups' order; the fee schedule has its own card
  const sections = (Object.keys(RULE_PARAMETER_GROUPS) as RuleParameterGroup[])
    .map((group) => ({
      group,
      params: list.filter((param) => param.group === group && param.kind !== 'feeSchedule'),
    }))
    .filter((section) => section.params.length > 0);
  const fee = list.find((param) => param.kind === 'feeSchedule');

  const onCancel = async (param: RuleParameterView, version: RuleVersionView): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: `撤销${param.name}的调整`,
      content: formatMessage(MSG.dictRuleCancelConfirm, { day: version.effectiveFrom }),
      okText: '撤销',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    try {
      await cancelRule({ key: param.key, effectiveFrom: version.effectiveFrom });
      refreshDictionaries(queryClient);
    } catch {
      // the HTTP client has told the user
    }
  };

  const columns: TableColumnsType<RuleParameterView> = [
    {
      title: '参数',
      key: 'name',
      render: (_, param) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{param.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {param.description}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '当前值',
      key: 'current',
      width: 110,
      render: (_, param) => valueText(param, param.current.value),
    },
    { title: '生效自', key: 'since', width: 110, render: (_, param) => sinceText(param) },
    { title: '待生效', key: 'next', width: 170, render: (_, param) => <NextTag param={param} /> },
    {
      title: '可设范围',
      key: 'range',
      width: 100,
      render: (_, param) => (param.min === null ? '' : `${param.min}至${param.max ?? ''}`),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, param) => (
        <Button type="link" size="small" onClick={() => setAdjusting(param)}>
          调整
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={MSG.dictRuleVersionsNote} />
      {sections.map(({ group, params }) => (
        <Space key={group} orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {group === 'disclosure' ? '信息披露期（最少工作日数）' : RULE_PARAMETER_GROUPS[group]}
          </Typography.Title>
          <Table<RuleParameterView>
            rowKey="key"
            size="middle"
            loading={rules.isFetching}
            pagination={false}
            columns={columns}
            dataSource={params}
            scroll={{ x: 900 }}
            expandable={{
              expandedRowRender: (param) => (
                <VersionsTable param={param} onCancel={(version) => void onCancel(param, version)} />
              ),
            }}
          />
        </Space>
      ))}
      {fee !== undefined && (
        <Card
          size="small"
          title={fee.name}
          extra={
            <Button type="primary" size="small" onClick={() => setAdjusting(fee)}>
              调整
            </Button>
          }
        >
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{fee.description}</Typography.Text>
            <Space wrap>
              <span>当前标准：{sinceText(fee)}</span>
              <span>待生效：</span>
              <NextTag param={fee} />
            </Space>
            <FeeScheduleTables schedule={scheduleOf(fee.current.value)} />
            <Typography.Text strong>调整记录</Typography.Text>
            <VersionsTable param={fee} onCancel={(version) => void onCancel(fee, version)} />
          </Space>
        </Card>
      )}
      {adjusting !== null && rules.data !== undefined && (
        <RuleDialog
          param={adjusting}
          today={rules.data.today}
          onClose={() => setAdjusting(null)}
          onSaved={() => {
            setAdjusting(null);
            refreshDictionaries(queryClient);
          }}
        />
      )}
    </Space>
  );
}
