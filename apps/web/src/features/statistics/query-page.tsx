// 综合查询 (/index/comprehensiveQuery, GJS_STATISTICS): one search across the projects, tasks and files the company
// sees (the exchange: every company's) by keyword, family, status and date range; a tab per kind with its count,
// a row opening its project (a file: downloaded); 导出 writes every kind's matches to one workbook.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  QUERY_KEYWORD_MAX,
  QUERY_KIND_LABELS,
  QUERY_KINDS,
  type QueryFilters,
  type QueryKind,
  type QueryRow,
} from '@cqjy/domain/statistics';
import { PROJECT_FAMILY_OPTIONS } from '@cqjy/domain/projects/kinds/index';
import { PROJECT_STATUS_LABELS, TASK_STATUS_LABELS } from '@cqjy/domain/workflow/statuses';
import { downloadAttachment } from '../../api/attachments.ts';
import { ListPage, listStateOf } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { exportSearch, searchQuery } from './api.ts';

const PAGE_SIZE = 10;
const DAY_FORMAT = 'YYYY-MM-DD';

type FormValues = {
  keyword?: string;
  family?: string;
  status?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

// the families whose projects exist, as every project-family filter offers them
const FAMILY_OPTIONS = [...PROJECT_FAMILY_OPTIONS];

/** A status means a project's or a task's: both lists are offered, grouped. */
const STATUS_OPTIONS = [
  {
    label: '项目状态',
    options: Object.entries(PROJECT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    label: '任务状态',
    options: Object.entries(TASK_STATUS_LABELS).map(([value, label]) => ({ value, label: `任务${label}` })),
  },
];

/** The form's values as the server's filters: the keyword trimmed, empty ones left out, the range as two days. */
export function toQueryFilters(values: FormValues): QueryFilters {
  const [from, to] = values.range ?? [];
  const filters: QueryFilters = {
    keyword: values.keyword?.trim() || undefined,
    family: values.family || undefined,
    status: values.status || undefined,
    from: from?.format(DAY_FORMAT),
    to: to?.format(DAY_FORMAT),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

type Pages = Record<QueryKind, { page: number; size: number }>;
const FIRST_PAGES: Pages = {
  project: { page: 1, size: PAGE_SIZE },
  task: { page: 1, size: PAGE_SIZE },
  file: { page: 1, size: PAGE_SIZE },
};

export function QueryPage() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<QueryFilters>({});
  const [kind, setKind] = useState<QueryKind>('project');
  const [pages, setPages] = useState<Pages>(FIRST_PAGES);
  const { busy, run } = useBusy<'export'>();
  // every kind is asked at once: each tab shows its count before it is opened
  const results = useQueries({
    queries: QUERY_KINDS.map((each) => searchQuery({ kind: each, ...filters, ...pages[each] })),
  });
  const current = results[QUERY_KINDS.indexOf(kind)];

  const onSearch = (values: FormValues): void => {
    const next = toQueryFilters(values);
    if (next.from !== undefined && next.to !== undefined && next.from > next.to) {
      notify.error(MSG.queryDateRange);
      return;
    }
    setFilters(next);
    setPages(FIRST_PAGES);
  };

  const columns: ListColumn<QueryRow>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: {
        kind: 'input',
        placeholder: '项目名称、编号或文件名',
        maxLength: QUERY_KEYWORD_MAX,
        width: 220,
      },
    },
    { title: '编号', dataIndex: 'code', key: 'code', width: 170 },
    {
      title: '名称',
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (text: string, row) =>
        row.link !== null ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => void navigate(row.link ?? '')}
          >
            {text}
          </Button>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() =>
              void downloadAttachment({ uuid: row.id, fileName: row.title }).catch(() => undefined)
            }
          >
            {text}
          </Button>
        ),
    },
    {
      title: '项目类别',
      dataIndex: 'familyLabel',
      key: 'family',
      width: 130,
      render: (v: string) => v || '—',
      search: { kind: 'select', options: FAMILY_OPTIONS, width: 160 },
    },
    {
      title: kind === 'file' ? '大小' : '状态',
      dataIndex: 'statusLabel',
      key: 'status',
      width: 110,
      search: { kind: 'select', label: '状态', options: STATUS_OPTIONS, width: 150 },
    },
    { title: '所属单位', dataIndex: 'companyName', key: 'company', width: 220, ellipsis: true },
    {
      title: kind === 'file' ? '上传时间' : kind === 'task' ? '创建时间' : '更新时间',
      dataIndex: 'at',
      key: 'at',
      width: 170,
      render: (value: string) => formatDateTime(value),
      search: { kind: 'dateRange', name: 'range', label: '日期范围', isOpenEnded: true, width: 260 },
    },
  ];

  return (
    <ListPage<QueryRow, FormValues>
      title={title}
      columns={columns}
      list={listStateOf(
        pages[kind],
        (update) =>
          setPages((all) => ({
            ...all,
            [kind]: typeof update === 'function' ? update(all[kind]) : update,
          })),
        { data: current?.data, isFetching: current?.isFetching ?? false },
      )}
      onSearch={onSearch}
      toolbarAt="search"
      toolbar={
        <Button loading={busy === 'export'} onClick={() => void run('export', () => exportSearch(filters))}>
          导出
        </Button>
      }
      beforeTable={
        <Tabs
          activeKey={kind}
          onChange={(key) => setKind(key as QueryKind)}
          items={QUERY_KINDS.map((each, index) => ({
            key: each,
            label: `${QUERY_KIND_LABELS[each]}（${results[index]?.data?.total ?? 0}）`,
          }))}
        />
      }
      table={{ rowKey: (row) => `${row.kind}-${row.id}` }}
    />
  );
}
