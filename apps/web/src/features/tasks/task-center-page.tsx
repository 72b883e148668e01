// The task centre (spec 000 menus 待办任务, 已办任务, 我发起的; 我的待办 and 我的已办 of assessment institutions):
// the caller's tasks of one kind, filtered by keyword and project family, paged, with the three lists' counts in
// the tab titles. Opening an open task checks first that it is still open for the caller (BF-7.3): a task handled
// meanwhile says so and the list is reloaded; an open one goes to its screen with ?id=<instance>&taskId=.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Table, Tabs, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { API_STATUS } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { TaskListKind } from '@cqjy/domain/workflow/statuses';
import type { TaskRow } from '@cqjy/domain/workflow/views';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import {
  applySearch,
  pagedTableProps,
  ProjectFilterFields,
  SearchActions,
} from '../../components/search-form.tsx';
import { fitColumns } from '../../components/table-columns.tsx';
import { taskCountsQuery, tasksQuery, validateTaskStatus } from './api.ts';
import type { TaskQuery } from './api.ts';

const PAGE_SIZE = 10;

/** A name cut with an ellipsis to its column, whole in a tooltip. */
const cutText = (text: string) => (
  <Tooltip title={text} placement="topLeft">
    <span>{text}</span>
  </Tooltip>
);

const MAIN_TABS: { kind: TaskListKind; label: string }[] = [
  { kind: 'todo', label: '待办任务' },
  { kind: 'done', label: '已办任务' },
  { kind: 'launch', label: '我发起的' },
];

/** The lists whose rows are open tasks: opening one checks it first. */
const OPEN_KINDS: ReadonlySet<TaskListKind> = new Set(['todo', 'todoEstimate']);

type Filters = { keyword?: string; family?: string };

export function TaskCenterPage({ kind }: { kind: TaskListKind }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<TaskQuery>({ page: 1, size: PAGE_SIZE });
  const [openingId, setOpeningId] = useState<number | null>(null);
  const list = useQuery(tasksQuery(kind, query));
  const isMain = MAIN_TABS.some((tab) => tab.kind === kind);
  const counts = useQuery({ ...taskCountsQuery(), enabled: isMain });
  const isOpenKind = OPEN_KINDS.has(kind);
  // 我的待办 / 我的已办 (评估待办 / 评估已办 for admins): the heading is the title of the page's tab and menu entry.
  const title = usePageTitle();

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['tasks'] });
  };

  // 查询 always asks the server again, even with the same filters: tasks arrive while the page is open.
  const onSearch = (values: Filters): void => {
    const next: TaskQuery = {
      page: 1,
      size: query.size,
      keyword: values.keyword?.trim() || undefined,
      family: values.family || undefined,
    };
    applySearch(query, next, setQuery, () => list.refetch());
  };

  const onOpen = async (row: TaskRow): Promise<void> => {
    if (!isOpenKind) {
      void navigate(row.path);
      return;
    }
    setOpeningId(row.id);
    try {
      const answer = await validateTaskStatus(row.id);
      if (answer.status === API_STATUS.ok) {
        void navigate(row.path);
        return;
      }
      if (answer.status === API_STATUS.conflict) notify.warning(answer.msg || MSG.conflict);
      else notify.error(answer.msg || MSG.commError);
      refresh();
    } catch {
      // the HTTP client has told the user
    } finally {
      setOpeningId(null);
    }
  };

  const columns: TableColumnsType<TaskRow> = [
    {
      title: '项目/事项名称',
      dataIndex: 'projectName',
      key: 'projectName',
      fixed: 'left',
      ellipsis: { showTitle: false },
      render: cutText,
    },
    { title: '项目编号', dataIndex: 'projectCode', key: 'projectCode', width: 170 },
    { title: '业务类型', dataIndex: 'actionTitle', key: 'actionTitle', width: 120 },
    {
      title: '任务类型',
      key: 'type',
      width: 110,
      render: (_value, row) => <Tag>{row.typeLabel}</Tag>,
    },
    {
      title: '申请单位',
      dataIndex: 'applicantCompany',
      key: 'applicantCompany',
      ellipsis: { showTitle: false },
      render: cutText,
    },
    {
      title: isOpenKind ? '到达时间' : '创建时间',
      key: 'createdAt',
      width: 170,
      render: (_value, row) => formatDateTime(row.createdAt),
    },
    ...(isOpenKind
      ? []
      : [
          {
            title: '办结时间',
            key: 'doneAt',
            width: 170,
            render: (_value: unknown, row: TaskRow) => (row.doneAt ? formatDateTime(row.doneAt) : ''),
          },
        ]),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, row) => (
        <Button type="link" size="small" loading={openingId === row.id} onClick={() => void onOpen(row)}>
          {isOpenKind ? '办理' : '查看'}
        </Button>
      ),
    },
  ];

  const tabLabel = (tab: (typeof MAIN_TABS)[number]): string => {
    const count = counts.data?.[tab.kind as 'todo' | 'done' | 'launch'];
    return count === undefined ? tab.label : `${tab.label}（${count}）`;
  };

  return (
    <Card>
      {isMain ? (
        <Tabs
          activeKey={kind}
          onChange={(key) => void navigate(`/index/${key}`)}
          items={MAIN_TABS.map((tab) => ({ key: tab.kind, label: tabLabel(tab) }))}
        />
      ) : (
        <h3 style={{ marginTop: 0 }}>{title}</h3>
      )}
      <Form<Filters> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16 }}>
        <ProjectFilterFields />
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Form>
      <Table<TaskRow>
        rowKey="id"
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
        {...fitColumns(columns)}
      />
    </Card>
  );
}
