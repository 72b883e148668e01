// The lots of small-lot projects (小宗实物): the low-value goods a member disposes of for their owners — idle
// equipment, scrap, materials, stock, office goods. One set of columns serves the agent's ledger (台账, the
// registry `ledgerSmall`, where each lot waits until it is listed) and the project's lot list (标的清单, the sheet
// `lot` a ledger's lots become when they start a project), so a lot reads the same in both. Money is integer fen.
import { textColumn as text, type SheetColumn, type SheetDef, type SheetValues } from './sheets.ts';

export const SMALL_LOT_CATEGORIES = [
  '闲置设备',
  '废旧物资',
  '原材料',
  '库存商品',
  '办公用品',
  '其他',
] as const;

/** How the lot looks to a buyer at the viewing (看样). */
export const SMALL_LOT_CONDITIONS = ['全新', '良好', '一般', '较差', '报废'] as const;

/** The columns of a lot, in the order of the template: the ledger's and the project list's. */
export const SMALL_LOT_COLUMNS: readonly SheetColumn[] = [
  text('name', '标的名称', 100, true),
  { key: 'category', label: '标的类别', kind: 'choice', isRequired: true, options: SMALL_LOT_CATEGORIES },
  text('model', '规格型号', 100),
  { key: 'quantity', label: '数量', kind: 'decimal', isRequired: true, decimals: 4 },
  text('unit', '计量单位', 20, true),
  { key: 'condition', label: '成色', kind: 'choice', isRequired: false, options: SMALL_LOT_CONDITIONS },
  text('location', '存放地点', 200, true),
  {
    key: 'appraisedValue',
    label: '评估值（元）',
    kind: 'money',
    isRequired: false,
    hint: '评估或估价的金额',
  },
  { key: 'startingPrice', label: '起始价（元）', kind: 'money', isRequired: true },
  // 《国家危险废物名录》: a hazardous lot goes only to a buyer holding the licence the project names; its code says so
  {
    key: 'wasteCode',
    label: '危险废物代码',
    kind: 'text',
    isRequired: false,
    max: 20,
    hint: '属于《国家危险废物名录》所列废物的，填写废物代码（如900-249-08）；否则留空',
  },
  text('note', '备注', 500),
];

/** The lot list of a small-lot project: one sheet, imports add rows. */
export const SMALL_LOT_SHEET: SheetDef = {
  key: 'lot',
  group: 'lot',
  groupTitle: '标的清单',
  title: '小宗实物标的清单',
  columns: SMALL_LOT_COLUMNS,
  importMode: 'append',
};

/** A ledger lot's values as a row of the project's lot list: the lot's own columns, nothing of the ledger's. */
export function lotRowOf(values: SheetValues): SheetValues {
  const row: SheetValues = {};
  for (const column of SMALL_LOT_COLUMNS) {
    const value = values[column.key];
    if (value !== undefined) row[column.key] = value;
  }
  return row;
}

/** Whether any of the lots is hazardous waste, by its code (the project then names the buyer's licence). */
export function hasHazardousLot(rows: readonly SheetValues[]): boolean {
  return rows.some((values) => typeof values.wasteCode === 'string' && values.wasteCode.trim() !== '');
}
