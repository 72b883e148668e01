// 代理意向方 (/index/intentionPro, the member's menu item): two tabs. 意向登记 lists the member's registrations of
// buyers on the transfer projects (bulk, coll, the equity families, unified), searched by keyword and status on the
// server; 代理意向登记 opens the form; a row's project opens the registration where the member goes on with it (a
// draft or a returned one in its form, any other on its family's view), and 查看 always opens the view.
// 增资投资方 is the investor registrations on the capital increases, as the investors feature lists them. The tab
// is in the address (?tab=cap), so coming back to the page finds the tab that was left.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { IntentionListQuery } from '@cqjy/domain/contracts/intentions';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { INTENTION_STATUS_LABELS } from '@cqjy/domain/intentions';
import type { IntentionStatus, IntentionView } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { familyLabel } from '@cqjy/domain/workflow/families';
import { applySearch, fitColumns, moneyColumn, MONEY_WIDTH, SearchActions } from '../../components/index.ts';
import { InvestorRegistrations } from '../investors/index.ts';
import { intentionsQuery } from './api.ts';
import {
  DepositStateTag,
  intentionEditPath,
  intentionOpenPath,
  IntentionStatusTag,
  intentionViewPath,
  isEditable,
  newIntentionPath,
} from './shared.tsx';

const TABS = ['intention', 'cap'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

export function IntentionProPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'intention';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'intention' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'intention', label: '意向登记', children: <IntentionList /> },
          { key: 'cap', label: '增资投资方', children: <InvestorRegistrations /> },
        ]}
      />
    </Card>
  );
}

type Filters = { keyword?: string; status?: IntentionStatus };

const STATUS_OPTIONS = Object.entries(INTENTION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/** The member's intention registrations. */
export function IntentionList() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<IntentionListQuery>({});
  const list = useQuery(intentionsQuery(query));

  const onSearch = (values: Filters): void => {
    const next = { keyword: values.keyword?.trim() || undefined, status: values.status };
    applySearch(query, next, setQuery, () => list.refetch());
  };

  const columns: TableColumnsType<IntentionView> = [
    // The project and the buyer take what the other columns leave; together they fit the card of a 1,366 and a
    // 1,440 px screen (登记时间 from 1,600 px), so 操作 covers nothing.
    {
      key: 'project',
      title: '项目',
      fixed: 'left',
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <>
          <Typography.Link
            title={row.projectName}
            style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            onClick={() => void navigate(intentionOpenPath(row))}
          >
            {row.projectName}
          </Typography.Link>
          {secondary(row.projectCode)}
        </>
      ),
    },
    { key: 'family', title: '项目类型', width: 100, render: (_, row) => familyLabel(row.family) },
    {
      key: 'buyer',
      title: '意向受让方',
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <>
          <div
            title={row.name}
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.name}
          </div>
          {secondary(row.kindLabel)}
        </>
      ),
    },
    {
      key: 'cert',
      title: '证件号码',
      width: 170,
      // as the server sends it: a person's masked, an organisation's whole
      render: (_, row) => (
        <>
          <div>{row.certNo}</div>
          {secondary(row.certTypeLabel)}
        </>
      ),
    },
    moneyColumn({ key: 'amount', title: '拟受让价格', fen: (row) => row.amount }),
    {
      key: 'deposit',
      title: '保证金（元）',
      width: MONEY_WIDTH,
      align: 'right',
      render: (_, row) => (
        <Space orientation="vertical" size={0} align="end">
          <span>{row.depositAmount === null ? '—' : formatFen(row.depositAmount)}</span>
          <DepositStateTag intention={row} />
        </Space>
      ),
    },
    { key: 'status', title: '状态', width: 104, render: (_, row) => <IntentionStatusTag intention={row} /> },
    {
      key: 'createdAt',
      title: '登记时间',
      width: 150,
      responsive: ['xxl'],
      render: (_, row) => formatDateTime(row.createdAt),
    },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(intentionViewPath(row.family, row.id))}
          >
            查看
          </Button>
          {isEditable(row.status) && (
            <Button type="link" size="small" onClick={() => void navigate(intentionEditPath(row.id))}>
              编辑
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Form<Filters> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="项目名称、编号或意向受让方" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            aria-label="状态"
            allowClear
            placeholder="全部"
            options={STATUS_OPTIONS}
            style={{ width: 160 }}
          />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => void navigate(newIntentionPath())}>
          代理意向登记
        </Button>
      </Space>
      <Table<IntentionView>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        {...fitColumns(columns)}
        locale={{ emptyText: MSG.intentionsEmpty }}
        pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 条`, hideOnSinglePage: false }}
      />
    </>
  );
}
