// 我的项目 (项目管理 for the exchange; projects contract, spec 000 section 2): the caller's projects, scoped by the
// server to its company, searched by keyword and family, filtered by status tabs, paged. 新增项目 opens the project
// form; a row opens its family's view, its owner may copy it (families with a project form), edit it while its
// form may change, and delete a draft (after a confirm). 导出 saves the rows of the current page as an .xlsx
// workbook built in the browser. A screen that needs a project links here narrowed to the projects its action can
// start on (the address's families and statuses, projects/list-filter.ts): the list says so above the table and
// asks only for those, until 清除筛选.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Space, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDate, formatDateTime, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { findProjectKind, isProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { isFormEditable } from '@cqjy/domain/projects/kinds/kind';
import {
  isProjectFilterSet,
  isProjectStatus,
  projectListPath,
  readProjectListFilter,
  type ProjectListFilter,
} from '@cqjy/domain/projects/list-filter';
import type { ProjectListRow } from '@cqjy/domain/projects/views';
import { projectEditPath } from '@cqjy/domain/routes';
import { FAMILY_TITLES } from '@cqjy/domain/workflow/families';
import { PROJECT_STATUS, PROJECT_STATUS_LABELS } from '@cqjy/domain/workflow/statuses';
import { notify } from '../../lib/notify.ts';
import {
  applySearch,
  pagedTableProps,
  ProjectFilterFields,
  SearchActions,
} from '../../components/search-form.tsx';
import { fitColumns, moneyColumn } from '../../components/table-columns.tsx';
import { InvestorRegistrations, useRegistrationsHome } from '../investors/index.ts';
import { projectPathOf } from '../workflow/index.ts';
import { copyProject, deleteProject, projectsQuery } from './api.ts';
import type { ProjectQuery } from './api.ts';
import { exportProjects } from './export-xlsx.ts';

const PAGE_SIZE = 10;

/** The tab of every status. */
const ALL_TAB = 'all';

const STATUS_TABS = [
  { key: ALL_TAB, label: '全部' },
  ...Object.entries(PROJECT_STATUS_LABELS).map(([key, label]) => ({ key, label })),
];

type Filters = { keyword?: string; family?: string };

/** A project's view: its family's ({family}ShowProject), or the generic one that finds the family. */
export function projectShowPath(row: Pick<ProjectListRow, 'id' | 'family'>): string {
  return projectPathOf(row, row.id);
}

export { projectEditPath };

/** What the address narrows the list to, in words: 产权转让、私募股权转让；披露中、已成交. */
function describeFilter(filter: ProjectListFilter): string {
  const families = filter.families.map((family) => FAMILY_TITLES[family]).join('、');
  const statuses = filter.statuses.map((status) => PROJECT_STATUS_LABELS[status]).join('、');
  return [families, statuses].filter((part) => part !== '').join('；');
}

export function ProjectListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<ProjectQuery>({ page: 1, size: PAGE_SIZE });
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  // Read from the address on every render: the tab of 我的项目 may already be open when a screen links here.
  const preset = readProjectListFilter(params);
  const isPreset = isProjectFilterSet(preset);
  const list = useQuery(
    projectsQuery(
      isPreset ? { ...query, families: [...preset.families], statuses: [...preset.statuses] } : query,
    ),
  );
  const rows = list.data?.list ?? [];
  // a member without 代理意向方 lists the investors it registered for its customers here
  const registrations = useRegistrationsHome();

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
  };

  // 查询 always asks the server again, even with the same filters: others change projects meanwhile.
  const onSearch = (values: Filters): void => {
    const next: ProjectQuery = {
      page: 1,
      size: query.size,
      status: query.status,
      keyword: values.keyword?.trim() || undefined,
      family: values.family || undefined,
    };
    applySearch(query, next, setQuery, () => list.refetch());
  };

  const onStatusChange = (key: string): void => {
    // the tabs are the statuses, and 全部
    setQuery((current) => ({ ...current, page: 1, status: isProjectStatus(key) ? key : undefined }));
  };

  const onDelete = async (row: ProjectListRow): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: MSG.projectDeleteTitle,
      content: MSG.projectDeleteConfirm,
      okText: '删除',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setDeletingId(row.id);
    try {
      await deleteProject(row.id);
      notify.success(MSG.projectDeleted);
      refresh();
    } catch {
      // the HTTP client has told the user
    } finally {
      setDeletingId(null);
    }
  };

  /** 复制: a new draft with the project's form and list sheets, opened for editing. */
  const onCopy = async (row: ProjectListRow): Promise<void> => {
    if (!isProjectFamily(row.family)) return;
    setCopyingId(row.id);
    try {
      const copy = await copyProject(row.family, row.id);
      refresh();
      void navigate(projectEditPath({ id: copy.id, family: row.family }));
    } catch {
      // the HTTP client has told the user
    } finally {
      setCopyingId(null);
    }
  };

  const onExport = async (): Promise<void> => {
    if (rows.length === 0) {
      notify.warning(MSG.projectExportEmpty);
      return;
    }
    setIsExporting(true);
    try {
      await exportProjects(rows);
    } catch {
      notify.error(MSG.projectExportFailed);
    } finally {
      setIsExporting(false);
    }
  };

  const columns: TableColumnsType<ProjectListRow> = [
    { title: '项目编号', key: 'code', width: 150, dataIndex: 'code', fixed: 'left' },
    // The name and the owner take the width the other columns leave, and wrap rather than being cut: they are what
    // people scan the list for. Together the columns fit the card of a 1,366 and a 1,440 px screen.
    { title: '项目名称', dataIndex: 'name', key: 'name' },
    // 私募股权转让 on one line
    { title: '项目类别', dataIndex: 'familyLabel', key: 'family', width: 110 },
    {
      title: '项目状态',
      key: 'status',
      // 已终止披露 in its tag on one line
      width: 104,
      render: (_value, row) => <Tag>{row.statusLabel}</Tag>,
    },
    moneyColumn({ key: 'listingPrice', title: '挂牌价', fen: (row) => row.listingPrice }),
    {
      title: '披露截止日',
      key: 'disclosureEnd',
      width: 110,
      render: (_value, row) => (row.disclosureEnd ? formatDate(row.disclosureEnd) : ''),
    },
    { title: '转让方', dataIndex: 'companyName', key: 'companyName' },
    {
      title: '更新时间',
      key: 'updatedAt',
      width: 170,
      // on wide screens only: below 1600 px it would leave the name and the owner too little room
      responsive: ['xxl'],
      render: (_value, row) => formatDateTime(row.updatedAt),
    },
    {
      title: '操作',
      key: 'actions',
      // 查看 复制 编辑 删除 of a draft side by side: four small link buttons of 42 px and the cell's padding
      width: 190,
      fixed: 'right',
      render: (_value, row) => {
        const isDraft = row.isOwn && row.status === PROJECT_STATUS.draft;
        const kind = findProjectKind(row.family);
        const isEditable = row.isOwn && kind !== undefined && isFormEditable(kind, row.status);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void navigate(projectShowPath(row))}>
              查看
            </Button>
            {row.isOwn && kind !== undefined && (
              <Button
                type="link"
                size="small"
                loading={copyingId === row.id}
                onClick={() => void onCopy(row)}
              >
                复制
              </Button>
            )}
            {isEditable && (
              <Button type="link" size="small" onClick={() => void navigate(projectEditPath(row))}>
                编辑
              </Button>
            )}
            {isDraft && (
              <Button
                type="link"
                size="small"
                danger
                loading={deletingId === row.id}
                onClick={() => void onDelete(row)}
              >
                删除
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        {isPreset ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={formatMessage(MSG.projectListNarrowed, { filter: describeFilter(preset) })}
            action={
              <Button size="small" onClick={() => void navigate(projectListPath(), { replace: true })}>
                清除筛选
              </Button>
            }
          />
        ) : null}
        <Form<Filters> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16 }}>
          <ProjectFilterFields />
          <SearchActions
            onReset={() => {
              form.resetFields();
              onSearch({});
            }}
          />
        </Form>
        <Tabs
          activeKey={query.status ?? ALL_TAB}
          onChange={onStatusChange}
          items={STATUS_TABS}
          tabBarExtraContent={
            <Space>
              <Button type="primary" onClick={() => void navigate('/index/addproject')}>
                新增项目
              </Button>
              <Button loading={isExporting} onClick={() => void onExport()}>
                导出
              </Button>
            </Space>
          }
        />
        <Table<ProjectListRow>
          rowKey="id"
          dataSource={rows}
          {...pagedTableProps(query, setQuery, list)}
          {...fitColumns(columns)}
        />
      </Card>
      {registrations !== null && !registrations.isAgentView ? (
        <InvestorRegistrations title="投资方登记" />
      ) : null}
    </Space>
  );
}
