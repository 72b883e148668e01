// The member's investor registrations on the capital increases of both families (the 增资投资方 tab of 代理意向方,
// /index/intentionPro, whose page the intentions feature builds around it), searched by a keyword and filtered by
// status here (the list is the member's own and short). 登记投资方 opens the form with its project picker; a row
// opens its view (capShow), a draft its form; 批量删除 deletes the ticked drafts after a confirm; 导出Excel saves the
// registrations as the server writes them. A member whose company is no agent has no 代理意向方: the same list is
// a card of its 我的项目.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { INVESTOR_STATUSES } from '@cqjy/domain/projects/investors';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { SearchActions, SELECTION_WIDTH, tableMinWidth } from '../../components/index.ts';
import { deleteInvestors, exportOwnInvestors, ownInvestorsQuery } from './api.ts';
import {
  cutText,
  investorEditPath,
  investorShowPath,
  isOwnDraft,
  newInvestorPath,
  useRegistrationsHome,
  confirmDraftDeletion,
  INVESTOR_COLUMNS,
} from './shared.tsx';

type Filters = { keyword?: string; status?: string };

const STATUS_OPTIONS = INVESTOR_STATUSES.map((entry) => ({ value: entry.code, label: entry.label }));

function matches(row: InvestorView, filters: Filters): boolean {
  const keyword = filters.keyword?.trim() ?? '';
  if (filters.status !== undefined && row.status !== filters.status) return false;
  if (keyword === '') return true;
  return [row.name, row.projectName, row.projectCode].some((text) => text.includes(keyword));
}

type Busy = 'delete' | 'export' | null;

const CREATED_AT_WIDTH = 160;

export function IntentionListPage() {
  return <InvestorRegistrations />;
}

/**
 * The member's registrations: the page of 代理意向方, or (`title`) a card of 我的项目 for a member whose company is
 * no agent and so has no 代理意向方.
 */
export function InvestorRegistrations({ title }: { title?: string }) {
  const navigate = useNavigate();
  const home = useRegistrationsHome();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const companyId = useSession((session) => session.userInfo?.companyId);
  const list = useQuery(ownInvestorsQuery());
  const [filters, setFilters] = useState<Filters>({});
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const { busy, run } = useBusy<NonNullable<Busy>>();
  const rows = (list.data ?? []).filter((row) => matches(row, filters));

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['investors'] });
  };

  const onDelete = async (): Promise<void> => {
    if (!(await confirmDraftDeletion(chosenIds.length))) return;
    await run('delete', async () => {
      await deleteInvestors(chosenIds);
      setChosenIds([]);
      refresh();
    });
  };

  const columns: TableColumnsType<InvestorView> = [
    {
      key: 'project',
      title: '增资项目',
      width: 200,
      fixed: 'left',
      render: (_, row) => (
        <>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {cutText(row.projectName)}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.projectCode}
          </Typography.Text>
        </>
      ),
    },
    INVESTOR_COLUMNS.name,
    INVESTOR_COLUMNS.investorType,
    INVESTOR_COLUMNS.certNo,
    INVESTOR_COLUMNS.amount,
    INVESTOR_COLUMNS.share,
    INVESTOR_COLUMNS.status,
    INVESTOR_COLUMNS.auditReason,
    {
      key: 'createdAt',
      title: '登记时间',
      width: CREATED_AT_WIDTH,
      // on wide screens only: below 1600 px the other columns need the room
      responsive: ['xxl'],
      render: (_, row) => formatDateTime(row.createdAt),
    },
    {
      key: 'actions',
      title: '操作',
      width: 110,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(investorShowPath(row.id, home?.isAgentView === true))}
          >
            查看
          </Button>
          {isOwnDraft(row, companyId) ? (
            <Button type="link" size="small" onClick={() => void navigate(investorEditPath(row.id))}>
              编辑
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={title}>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(values);
          setChosenIds([]);
          refresh();
        }}
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="投资方、项目名称或编号" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 160 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            setFilters({});
            setChosenIds([]);
          }}
        />
      </Form>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" onClick={() => void navigate(newInvestorPath())}>
          登记投资方
        </Button>
        <Button
          danger
          disabled={chosenIds.length === 0}
          loading={busy === 'delete'}
          onClick={() => void onDelete()}
        >
          批量删除
        </Button>
        <Button loading={busy === 'export'} onClick={() => void run('export', exportOwnInvestors)}>
          导出Excel
        </Button>
      </Space>
      <Table<InvestorView>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        // the narrowest before it scrolls: without 登记时间, which shows from 1,600 px
        scroll={{ x: tableMinWidth(columns, { extra: SELECTION_WIDTH }) }}
        locale={{ emptyText: MSG.investorsEmpty }}
        pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 条`, hideOnSinglePage: false }}
        rowSelection={{
          selectedRowKeys: chosenIds,
          onChange: (keys) => setChosenIds(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: !isOwnDraft(row, companyId), name: row.name }),
        }}
      />
    </Card>
  );
}
