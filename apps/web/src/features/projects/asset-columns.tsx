// The table columns of an asset category, from the domain's column definitions: money shown in yuan with
// separators, everything else as stored. The list and the import preview share them.
import type { TableColumnsType } from 'antd';
import { ASSET_COLUMNS, showAssetValue } from '@cqjy/domain/projects/assets';
import type { AssetColumn, AssetValues } from '@cqjy/domain/projects/assets';
import type { BulkAssetCategory } from '@cqjy/domain/projects/bulk';

function widthOf(column: AssetColumn): number {
  if (column.key === 'name') return 180;
  if (column.key === 'note' || column.key === 'location') return 200;
  return column.kind === 'money' ? 140 : 120;
}

/** Columns over rows that carry their values under `values`. */
export function assetTableColumns<T extends { values: AssetValues }>(
  category: BulkAssetCategory,
): TableColumnsType<T> {
  return ASSET_COLUMNS[category].map((column) => ({
    key: column.key,
    title: column.label,
    width: widthOf(column),
    align:
      column.kind === 'money' || column.kind === 'decimal' || column.kind === 'integer' ? 'right' : 'left',
    ellipsis: true,
    render: (_: unknown, row: T) => showAssetValue(column, row.values[column.key]),
  }));
}
