// A list sheet of a project (projects/sheets.ts) in a card: the 资产清单 of bulk and coll with one tab per asset
// category, or one sheet of its own (股权结构, 财务数据); the table, and the template, import and export. The owner
// edits the rows while the project's form may change (导入, 删除); everyone who sees the project may export them.
//
// The asset list has ten categories but a project uses one or two, so it shows a tab only for the categories with
// rows (the list call answers every category's count with each page): a read-only view those alone, or the
// project's own category when none has rows; an editable list also the project's own category and the ones added
// with 添加类别, so rows can be imported into them.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Popconfirm, Space, Table, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MSG } from '@cqjy/domain/messages';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { sheetLabel } from '@cqjy/domain/projects/sheets';
import type { ProjectSheetRow, SheetDef } from '@cqjy/domain/projects/sheets';
import { notify } from '../../lib/notify.ts';
import { SELECTION_WIDTH, tableMinWidth } from '../../components/index.ts';
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

/**
 * The sheets that get a tab, in the kind's order: those with rows; on an editable list also `kept` (the project's
 * own category, the ones added, the one open, so a tab does not vanish when its last row is deleted). Never none:
 * with nothing else, `own` with its empty table. Before the counts are known every sheet counts as empty.
 */
export function shownSheets(
  sheets: readonly SheetDef[],
  counts: Readonly<Record<string, number>> | undefined,
  own: SheetDef,
  kept: readonly string[] | null,
): SheetDef[] {
  const shown = sheets.filter(
    (sheet) => (counts?.[sheet.key] ?? 0) > 0 || (kept !== null && kept.includes(sheet.key)),
  );
  return shown.length > 0 ? shown : [own];
}

export function SheetList(props: SheetListProps) {
  const { sheets, initialKey } = props;
  // the project's own category, else 机器设备 as the form suggests for an asset list with no category yet
  const own =
    sheets.find((each) => each.key === initialKey) ??
    sheets.find((each) => each.key === 'machinery') ??
    sheets[0];
  if (own === undefined) return null;
  return <SheetCard {...props} own={own} />;
}

function SheetCard({
  family,
  projectId,
  title,
  sheets,
  own,
  isEditable,
}: SheetListProps & { own: SheetDef }) {
  const queryClient = useQueryClient();
  const [chosenKey, setChosenKey] = useState(own.key);
  const [addedKeys, setAddedKeys] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [isImporting, setIsImporting] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const chosen = sheets.find((each) => each.key === chosenKey) ?? own;
  const rows = useQuery(sheetRowsQuery(family, chosen, { projectId, page, size: PAGE_SIZE }));

  const counts = rows.data?.counts;
  const shown = shownSheets(sheets, counts, own, isEditable ? [own.key, chosen.key, ...addedKeys] : null);
  // A read-only view whose own category is empty while others have rows opens on the first of those: the tab
  // changes during this render, before anything is drawn (the counts stay those of the page just answered).
  const sheet = shown.find((each) => each.key === chosen.key) ?? shown[0] ?? own;
  if (sheet.key !== chosen.key) {
    setChosenKey(sheet.key);
    setPage(1);
  }
  const addable = sheets.filter((each) => !shown.includes(each));
  const columns = sheetTableColumns<ProjectSheetRow>(sheet.columns);

  const openSheet = (key: string): void => {
    setChosenKey(key);
    setPage(1);
    setSelected([]);
  };

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
          onChange={openSheet}
          items={shown.map((each) => ({ key: each.key, label: sheetLabel(each) }))}
          tabBarExtraContent={
            isEditable &&
            addable.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: addable.map((each) => ({ key: each.key, label: sheetLabel(each) })),
                  onClick: ({ key }) => {
                    setAddedKeys((keys) => [...keys, key]);
                    openSheet(key);
                  },
                }}
              >
                <Button type="dashed" size="small" icon={<PlusOutlined />}>
                  添加类别
                </Button>
              </Dropdown>
            )
          }
        />
      )}
      <Table<ProjectSheetRow>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: tableMinWidth(columns, { extra: isEditable ? SELECTION_WIDTH : 0 }) }}
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
