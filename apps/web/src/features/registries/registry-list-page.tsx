// The list page of every registry (企业客户, 自然人客户 ...; the exchange's 企业客户管理 ...), drawn from its
// definition: a keyword over the search fields and a select per filter field; 新增, 导入 (the import page), 导出 and
// 下载模板; the list columns (personal numbers masked by the server), the owner company for the exchange, and
// 查看, with 编辑 and 删除 (after a confirm, with the row's version) for the company's own rows. 10 rows a page.
// Where rows start projects, the project each went into; where several start one (我的资产), the rows are chosen
// with check boxes and 发起项目 starts it. The export streams: its progress shows the bytes received.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Progress, Result, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatBytes, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { showSheetValue } from '@cqjy/domain/projects/sheets';
import { fieldOf } from '@cqjy/domain/registries/kit';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { startFamilies } from '@cqjy/domain/registries/starts';
import { notify } from '../../lib/notify.ts';
import { fitColumns, pagedTableProps, SearchActions, SELECTION_WIDTH } from '../../components/index.ts';
import { cutText, isNumberColumn, sheetColumnWidth } from '../projects/index.ts';
import { deleteRegistryRow, downloadRegistryTemplate, exportRegistry, registryListQuery } from './api.ts';
import type { RegistryQuery } from './api.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { registryPath, useRegistryPage } from './use-registry.ts';
import type { RegistryPage } from './use-registry.ts';
import { StartedLink, StartProjectButton } from './start-project.tsx';

const PAGE_SIZE = 10;
/** 查看 编辑 删除 side by side */
const ACTIONS_WIDTH = 144;
/** The least the first column (the record's name), 所在项目 and 所属单位 get: they share what the others leave. */
const TEXT_MIN_WIDTH = 130;

type Filters = { keyword?: string } & Record<string, string | undefined>;

/** The keyword's placeholder: the labels of the fields it searches (企业名称、统一社会信用代码或联系人). */
export function keywordPlaceholder(def: RegistryDef): string {
  const labels = def.searchFields.map((key) => fieldOf(def, key)?.label ?? key);
  const last = labels.pop();
  return labels.length === 0 ? (last ?? '') : `${labels.join('、')}或${last ?? ''}`;
}

export function RegistryListPage() {
  const page = useRegistryPage();
  if (page === undefined) return <Result status="warning" title={MSG.notFound} />;
  // keyed by the registry: another registry's list starts with its own filters
  return <RegistryList key={page.def.key} page={page} />;
}

function RegistryList({ page }: { page: RegistryPage }) {
  const { def, isExchange, isOwn } = page;
  const title = usePageTitle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<RegistryQuery>({ page: 1, size: PAGE_SIZE });
  const [busy, setBusy] = useState<'export' | 'template' | number | null>(null);
  /** the export's bytes received so far (streamed: its size is not known ahead) */
  const [exported, setExported] = useState(0);
  /** the rows chosen to start one project together (我的资产) */
  const [selected, setSelected] = useState<RegistryRow[]>([]);
  const list = useQuery(registryListQuery(def, query));
  const canSelect = !isExchange && def.start?.isMany === true;

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
  };

  const onSearch = (values: Filters): void => {
    const filters: Record<string, string> = {};
    for (const key of def.filters) {
      const chosen = values[key];
      if (chosen !== undefined && chosen !== '') filters[key] = chosen;
    }
    setQuery((current) => ({
      page: 1,
      size: current.size,
      keyword: values.keyword?.trim() || undefined,
      filters: Object.keys(filters).length === 0 ? undefined : filters,
    }));
    refresh();
  };

  const download = async (kind: 'export' | 'template'): Promise<void> => {
    setBusy(kind);
    setExported(0);
    try {
      await (kind === 'export' ? exportRegistry(def, setExported) : downloadRegistryTemplate(def));
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async (row: RegistryRow): Promise<void> => {
    const name = String(row.values[def.nameField] ?? '');
    const isConfirmed = await notify.confirm({
      title: `删除${def.itemName}`,
      content: formatMessage(MSG.registriesDeleteConfirm, { item: def.itemName, name }),
      okText: '删除',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setBusy(row.id);
    try {
      await deleteRegistryRow(def, row);
      refresh();
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const fieldColumns: TableColumnsType<RegistryRow> = def.listColumns.flatMap((key, index) => {
    const field = fieldOf(def, key);
    if (field === undefined) return [];
    return [
      {
        key,
        title: field.label,
        // the name takes what the other columns leave (with 所在项目): 我的资产 fits a 1,440 px screen's card
        ...(index === 0 ? {} : { width: sheetColumnWidth(field) }),
        // amounts and quantities right-aligned, as every table of the portal has them
        align: isNumberColumn(field) ? ('right' as const) : undefined,
        fixed: index === 0 ? ('left' as const) : undefined,
        ellipsis: { showTitle: false },
        render: (_: unknown, row: RegistryRow) => cutText(showSheetValue(field, row.values[key])),
      },
    ];
  });
  const columns: TableColumnsType<RegistryRow> = [
    ...fieldColumns,
    ...(def.start === undefined
      ? []
      : [
          {
            key: 'started',
            title: '所在项目',
            render: (_: unknown, row: RegistryRow) => <StartedLink row={row} />,
          },
        ]),
    ...(isExchange
      ? [
          {
            key: 'companyName',
            title: '所属单位',
            ellipsis: { showTitle: false },
            render: (_: unknown, row: RegistryRow) => cutText(row.companyName),
          },
        ]
      : []),
    {
      key: 'actions',
      title: '操作',
      width: ACTIONS_WIDTH,
      fixed: 'right',
      render: (_: unknown, row: RegistryRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(registryPath(def, 'show', row.id))}>
            查看
          </Button>
          {isOwn(row) && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(registryPath(def, 'edit', row.id))}
              >
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                danger
                loading={busy === row.id}
                onClick={() => void onDelete(row)}
              >
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {/* the heading is the title of the page's tab and menu entry (资产管理 for the exchange) */}
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      <Form<Filters> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder={keywordPlaceholder(def)} style={{ width: 280 }} />
        </Form.Item>
        {def.filters.map((key) => {
          const field = fieldOf(def, key);
          if (field === undefined) return null;
          return (
            <Form.Item key={key} name={key} label={field.label}>
              <Select
                allowClear
                placeholder="全部"
                options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
                style={{ width: 160 }}
              />
            </Form.Item>
          );
        })}
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Form>
      <Space wrap style={{ marginBottom: 16 }}>
        {!isExchange && (
          <>
            <Button type="primary" onClick={() => void navigate(registryPath(def, 'add'))}>
              新增{def.itemName}
            </Button>
            {def.routes.import === undefined ? null : (
              <Button onClick={() => void navigate(registryPath(def, 'import'))}>导入</Button>
            )}
          </>
        )}
        <Button loading={busy === 'export'} onClick={() => void download('export')}>
          导出
        </Button>
        {/* the template serves the import: none where the registry has no import page */}
        {!isExchange && def.routes.import !== undefined && (
          <Button loading={busy === 'template'} onClick={() => void download('template')}>
            下载模板
          </Button>
        )}
        {canSelect && (
          <StartProjectButton def={def} rows={selected} isPrimary onStarted={() => setSelected([])} />
        )}
        {busy === 'export' && (
          <Space size={8} aria-label="导出进度">
            <Progress type="line" percent={100} status="active" showInfo={false} style={{ width: 160 }} />
            <span>{`正在导出，已接收${formatBytes(exported)}`}</span>
          </Space>
        )}
      </Space>
      <Table<RegistryRow>
        rowKey="id"
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                // a row that started a project is not chosen again
                getCheckboxProps: (row) => ({ disabled: startFamilies(def, row.values).length === 0 }),
                onChange: (_keys, rows) => setSelected(rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
        {...fitColumns(columns, {
          textMinWidth: TEXT_MIN_WIDTH,
          extra: canSelect ? SELECTION_WIDTH : 0,
        })}
      />
    </Card>
  );
}
