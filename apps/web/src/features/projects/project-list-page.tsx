// 我的项目 (项目管理 for the exchange; projects contract, spec 000 section 2): the caller's projects, scoped by the
// server to its company, searched by keyword and family, filtered by status tabs, paged. 新增项目 opens the project
// form; a row opens its family's view, its owner may copy it (families with a project form), edit it while its
// form may change, and delete a draft (after a confirm). 导出 saves the rows of the current page as an .xlsx
// workbook built in the browser.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Space, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDate, formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { findProjectKind, isProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { isFormEditable } from '@cqjy/domain/projects/kinds/kind';
import type { ProjectListRow } from '@cqjy/domain/projects/views';
import { projectEditPath } from '@cqjy/domain/routes';
import { PROJECT_STATUS, PROJECT_STATUS_LABELS } from '@cqjy/domain/workflow/statuses';
import { notify } from '../../lib/notify.ts';
import { pagedTableProps, ProjectFilterFields, SearchActions } from '../../components/search-form.tsx';
import { InvestorRegistrations, useRegistrationsHome } from '../investors/index.ts';
import { projectPathOf } from '../workflow/index.ts';
import { copyProject, deleteProject, projectsQuery } from './api.ts';
import type { ProjectQuery } from './api.ts';
import { exportProjects } from './export-xlsx.ts';

const PAGE_SIZE = 10;

/**
 * The narrowest the table gets before it scrolls (with 项目编号 and 操作 in place): the fixed widths without 更新时间
 * (shown from 1,600 px) and 200 px each for the name and the owner. It fits the card of a 1,366 px screen.
 */
const TABLE_MIN_WIDTH = 160 + 96 + 96 + 140 + 110 + 190 + 2 * 200;

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

export function ProjectListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<ProjectQuery>({ page: 1, size: PAGE_SIZE });
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const list = useQuery(projectsQuery(query));
  const rows = list.data?.list ?? [];
  // a member without 代理意向方 lists the investors it registered for its customers here
  const registrations = useRegistrationsHome();

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
  };

  // 查询 always asks the server again, even with the same filters: others change projects meanwhile.
  const onSearch = (values: Filters): void => {
    setQuery((current) => ({
      page: 1,
      size: current.size,
      status: current.status,
      keyword: values.keyword?.trim() || undefined,
      family: values.family || undefined,
    }));
    refresh();
  };

  const onStatusChange = (key: string): void => {
    setQuery((current) => ({ ...current, page: 1, status: key === ALL_TAB ? undefined : key }));
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
    { title: '项目编号', key: 'code', width: 160, dataIndex: 'code', fixed: 'left' },
    // The name and the owner take the width the fixed columns leave, and wrap rather than being cut: they are what
    // people scan the list for. (Widths in per cent on top of the fixed ones squeezed 项目类别 to one character.)
    { title: '项目名称', dataIndex: 'name', key: 'name' },
    { title: '项目类别', dataIndex: 'familyLabel', key: 'family', width: 96 },
    {
      title: '项目状态',
      key: 'status',
      width: 96,
      render: (_value, row) => <Tag>{row.statusLabel}</Tag>,
    },
    {
      title: '挂牌价（元）',
      key: 'listingPrice',
      width: 140,
      align: 'right',
      render: (_value, row) => formatFen(row.listingPrice),
    },
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
          columns={columns}
          dataSource={rows}
          {...pagedTableProps(query, setQuery, list)}
          scroll={{ x: TABLE_MIN_WIDTH }}
        />
      </Card>
      {registrations !== null && !registrations.isAgentView ? (
        <InvestorRegistrations title="投资方登记" />
      ) : null}
    </Space>
  );
}
