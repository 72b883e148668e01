// The list page of every registry (企业客户, 自然人客户 ...; the exchange's 企业客户管理 ...), drawn from its
// definition: a keyword over the search fields and a select per filter field; 新增, 导入 (the import page), 导出 and
// 下载模板; the list columns (personal numbers masked by the server), the owner company for the exchange, and
// 查看, with 编辑 and 删除 (after a confirm, with the row's version) for the company's own rows. 10 rows a page.
// Where rows start projects, the project each went into; where several start one (我的资产), the rows are chosen
// with check boxes and 发起项目 starts it. The export streams: its progress shows the bytes received.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Progress, Result, Space } from 'antd';
import { formatBytes, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { startFamilies } from '@cqjy/domain/registries/starts';
import { notify } from '../../lib/notify.ts';
import { SELECTION_WIDTH } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import { deleteRegistryRow, downloadRegistryTemplate, exportRegistry, registryListQuery } from './api.ts';
import type { RegistryQuery } from './api.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { registryColumns } from './registry-columns.tsx';
import { registryPath, useRegistryPage } from './use-registry.ts';
import type { RegistryPage } from './use-registry.ts';
import { StartProjectButton } from './start-project.tsx';

export { keywordPlaceholder } from './registry-columns.tsx';

/** 查看 编辑 删除 side by side */
const ACTIONS_WIDTH = 144;
/** The least the first column (the record's name), 所在项目 and 所属单位 get: they share what the others leave. */
const TEXT_MIN_WIDTH = 130;

type Filters = { keyword?: string } & Record<string, string | undefined>;

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
  const { search, list } = useListQuery((query: RegistryQuery) => registryListQuery(def, query), {
    invalidates: ['registries', def.key],
  });
  const [busy, setBusy] = useState<'export' | 'template' | number | null>(null);
  /** the export's bytes received so far (streamed: its size is not known ahead) */
  const [exported, setExported] = useState(0);
  /** the rows chosen to start one project together (我的资产) */
  const [selected, setSelected] = useState<RegistryRow[]>([]);
  const canSelect = !isExchange && def.start?.isMany === true;

  const onSearch = (values: Filters): void => {
    const filters: Record<string, string> = {};
    for (const key of def.filters) {
      const chosen = values[key];
      if (chosen !== undefined && chosen !== '') filters[key] = chosen;
    }
    search({
      keyword: values.keyword?.trim() || undefined,
      filters: Object.keys(filters).length === 0 ? undefined : filters,
    });
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
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const toolbar = (
    <>
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
    </>
  );

  return (
    <ListPage<RegistryRow, Filters>
      // the heading is the title of the page's tab and menu entry (资产管理 for the exchange)
      title={title}
      columns={registryColumns(def, isExchange)}
      list={list}
      onSearch={onSearch}
      toolbar={toolbar}
      actions={{
        width: ACTIONS_WIDTH,
        render: (row) => (
          <>
            <RowAction onClick={() => void navigate(registryPath(def, 'show', row.id))}>查看</RowAction>
            {isOwn(row) && (
              <>
                <RowAction onClick={() => void navigate(registryPath(def, 'edit', row.id))}>编辑</RowAction>
                <RowAction danger loading={busy === row.id} onClick={() => void onDelete(row)}>
                  删除
                </RowAction>
              </>
            )}
          </>
        ),
      }}
      fit={{ textMinWidth: TEXT_MIN_WIDTH, extra: canSelect ? SELECTION_WIDTH : 0 }}
      table={{
        rowSelection: canSelect
          ? {
              selectedRowKeys: selected.map((row) => row.id),
              // a row that started a project is not chosen again
              getCheckboxProps: (row) => ({ disabled: startFamilies(def, row.values).length === 0 }),
              onChange: (_keys, rows) => setSelected(rows),
              preserveSelectedRowKeys: true,
            }
          : undefined,
      }}
    />
  );
}
