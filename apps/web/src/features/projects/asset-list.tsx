// 资产清单 of a physical-asset project (bulk, coll): one tab per asset category, the category's table, and its
// template, import and export. The owner edits the list while the project is an editable draft (导入, 删除);
// everyone who sees the project may export it.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tabs } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { BULK_ASSET_CATEGORIES } from '@cqjy/domain/projects/bulk';
import type { BulkAssetCategory, PhysicalFamily } from '@cqjy/domain/projects/bulk';
import type { ProjectAssetRow } from '@cqjy/domain/projects/assets';
import { notify } from '../../api/notify.ts';
import { assetTableColumns } from './asset-columns.tsx';
import { AssetImportDialog } from './asset-import-dialog.tsx';
import { assetsQuery, deleteAssets, downloadAssetSheet } from './api.ts';

const PAGE_SIZE = 10;

export type AssetListProps = {
  family: PhysicalFamily;
  projectId: number;
  /** the category the list opens on: the project's own asset category */
  initialCategory?: BulkAssetCategory | undefined;
  isEditable: boolean;
};

export function AssetList({ family, projectId, initialCategory, isEditable }: AssetListProps) {
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<BulkAssetCategory>(initialCategory ?? 'machinery');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [isImporting, setIsImporting] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const query = { projectId, category, page, size: PAGE_SIZE };
  const assets = useQuery(assetsQuery(family, query));

  const refresh = (): void => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['projects', 'assets', family] });
  };

  const onDelete = async (): Promise<void> => {
    if (selected.length === 0) {
      notify.warning(MSG.assetsSelectFirst);
      return;
    }
    setIsDeleting(true);
    try {
      await deleteAssets(family, projectId, selected);
      refresh();
    } catch {
      // shown by the client
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Card
      title="资产清单"
      extra={
        <Space>
          <Button onClick={() => void downloadAssetSheet(family, category)}>下载模板</Button>
          {isEditable && (
            <Button type="primary" onClick={() => setIsImporting(true)}>
              导入
            </Button>
          )}
          <Button
            disabled={(assets.data?.total ?? 0) === 0}
            onClick={() => void downloadAssetSheet(family, category, projectId)}
          >
            导出
          </Button>
          {isEditable && (
            <Popconfirm
              title="确定删除所选资产吗？"
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
      <Tabs
        activeKey={category}
        onChange={(key) => {
          setCategory(key as BulkAssetCategory);
          setPage(1);
          setSelected([]);
        }}
        items={BULK_ASSET_CATEGORIES.map((c) => ({ key: c.code, label: c.label }))}
      />
      <Table<ProjectAssetRow>
        rowKey="id"
        size="small"
        loading={assets.isFetching}
        columns={assetTableColumns<ProjectAssetRow>(category)}
        dataSource={assets.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={
          isEditable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: assets.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
      />
      {isEditable && (
        <AssetImportDialog
          family={family}
          projectId={projectId}
          category={category}
          isOpen={isImporting}
          onClose={() => setIsImporting(false)}
          onImported={refresh}
        />
      )}
    </Card>
  );
}
