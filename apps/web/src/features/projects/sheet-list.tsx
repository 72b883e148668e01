// A list sheet of a project (projects/sheets.ts) in a card: the 资产清单 of bulk and coll with one tab per asset
// category, or one sheet of its own (股权结构, 财务数据); the table, and the template, import and export. The owner
// edits the rows while the project's form may change (导入, 删除); everyone who sees the project may export them.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tabs } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { sheetLabel } from '@cqjy/domain/projects/sheets';
import type { ProjectSheetRow, SheetDef } from '@cqjy/domain/projects/sheets';
import { notify } from '../../lib/notify.ts';
import { sheetTableColumns } from './sheet-columns.tsx';
import { SheetImportDialog } from './sheet-import-dialog.tsx';
import { deleteSheetRows, downloadSheet, sheetRowsQuery } from './api.ts';

const PAGE_SIZE = 10;

export type SheetListProps = {
  family: ProjectFamily;
  projectId: number;
  /** the card's title: 资产清单, 股权结构 ... */
  title: string;
  /** the sheets the card shows, a tab each when there are several */
  sheets: readonly SheetDef[];
  /** the sheet the card opens on (the project's own asset category) */
  initialKey?: string | undefined;
  isEditable: boolean;
};

export function SheetList(props: SheetListProps) {
  const { sheets, initialKey } = props;
  const [key, setKey] = useState(initialKey);
  // the chosen sheet, else the first (for an asset list with no category yet, 机器设备 as the form suggests)
  const sheet =
    sheets.find((each) => each.key === key) ?? sheets.find((each) => each.key === 'machinery') ?? sheets[0];
  if (sheet === undefined) return null;
  return <SheetCard {...props} sheet={sheet} onSheetChange={setKey} />;
}

function SheetCard({
  family,
  projectId,
  title,
  sheets,
  sheet,
  isEditable,
  onSheetChange,
}: SheetListProps & { sheet: SheetDef; onSheetChange: (key: string) => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [isImporting, setIsImporting] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const rows = useQuery(sheetRowsQuery(family, sheet, { projectId, page, size: PAGE_SIZE }));

  const refresh = (): void => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['projects', 'sheets', family] });
  };

  const onDelete = async (): Promise<void> => {
    if (selected.length === 0) {
      notify.warning(MSG.assetsSelectFirst);
      return;
    }
    setIsDeleting(true);
    try {
      await deleteSheetRows(family, sheet, projectId, selected);
      refresh();
    } catch {
      // shown by the client
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Card
      title={title}
      extra={
        <Space>
          <Button onClick={() => void downloadSheet(family, sheet)}>下载模板</Button>
          {isEditable && (
            <Button type="primary" onClick={() => setIsImporting(true)}>
              导入
            </Button>
          )}
          <Button
            disabled={(rows.data?.total ?? 0) === 0}
            onClick={() => void downloadSheet(family, sheet, projectId)}
          >
            导出
          </Button>
          {isEditable && (
            <Popconfirm
              title="确定删除所选行吗？"
              onConfirm={() => void onDelete()}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0} loading={isDeleting}>
                删除所选
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {sheets.length > 1 && (
        <Tabs
          activeKey={sheet.key}
          onChange={(next) => {
            onSheetChange(next);
            setPage(1);
            setSelected([]);
          }}
          items={sheets.map((each) => ({ key: each.key, label: sheetLabel(each) }))}
        />
      )}
      <Table<ProjectSheetRow>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        columns={sheetTableColumns<ProjectSheetRow>(sheet.columns)}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={
          isEditable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
      />
      {isEditable && (
        <SheetImportDialog
          family={family}
          projectId={projectId}
          sheet={sheet}
          isOpen={isImporting}
          onClose={() => setIsImporting(false)}
          onImported={refresh}
        />
      )}
    </Card>
  );
}
