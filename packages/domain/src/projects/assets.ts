// The asset lists of physical-asset projects (spec 001 section 7, Bulk: "Excel template download and export for
// construction, house, land, inventory, machinery, other, financial, technical, obligee, vehicle"): the ten
// categories of the bulk form, each a list sheet (sheets.ts) with its columns, Chinese labels and rules.
import {
  checkSheetRow,
  SHEET_TEXT_MAX,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
  type SheetRowCheck,
} from './sheets.ts';

export const BULK_ASSET_CATEGORIES = [
  { code: 'construction', label: '在建工程' },
  { code: 'house', label: '房产' },
  { code: 'land', label: '土地' },
  { code: 'inventory', label: '存货' },
  { code: 'machinery', label: '机器设备' },
  { code: 'other', label: '其他' },
  { code: 'financial', label: '金融资产' },
  { code: 'technical', label: '技术资产' },
  { code: 'obligee', label: '债权' },
  { code: 'vehicle', label: '车辆' },
] as const;

export type BulkAssetCategory = (typeof BULK_ASSET_CATEGORIES)[number]['code'];

export const ASSET_NOTE_MAX = 500;

const name = (label: string): SheetColumn => ({
  key: 'name',
  label,
  kind: 'text',
  isRequired: true,
  max: 100,
});
const text = (key: string, label: string, isRequired = false, max = SHEET_TEXT_MAX): SheetColumn => ({
  key,
  label,
  kind: 'text',
  isRequired,
  max,
});
const money = (key: string, label: string, isRequired = false): SheetColumn => ({
  key,
  label: `${label}（元）`,
  kind: 'money',
  isRequired,
});
const decimal = (key: string, label: string, isRequired = false, decimals = 2): SheetColumn => ({
  key,
  label,
  kind: 'decimal',
  isRequired,
  decimals,
});
const date = (key: string, label: string, isRequired = false): SheetColumn => ({
  key,
  label,
  kind: 'date',
  isRequired,
});
const choice = (key: string, label: string, options: readonly string[], isRequired = false): SheetColumn => ({
  key,
  label,
  kind: 'choice',
  isRequired,
  options,
});
const quantity: SheetColumn = { key: 'quantity', label: '数量', kind: 'integer', isRequired: true };
const unit = text('unit', '计量单位', true, 20);
const bookValue = money('bookValue', '账面价值');
const appraisal = money('appraisalValue', '评估值');
const location = text('location', '坐落位置');
const note: SheetColumn = {
  key: 'note',
  label: '备注',
  kind: 'text',
  isRequired: false,
  max: ASSET_NOTE_MAX,
};

export const ASSET_COLUMNS: Readonly<Record<BulkAssetCategory, readonly SheetColumn[]>> = {
  construction: [
    name('工程名称'),
    text('location', '坐落位置', true),
    decimal('buildingArea', '建筑面积（平方米）'),
    text('progress', '工程进度'),
    text('permitNo', '施工许可证号'),
    bookValue,
    appraisal,
    note,
  ],
  house: [
    name('房产名称'),
    text('location', '坐落位置', true),
    text('certificateNo', '不动产权证号'),
    decimal('buildingArea', '建筑面积（平方米）', true),
    choice('usage', '用途', ['住宅', '商业', '办公', '工业', '仓储', '其他']),
    { key: 'builtYear', label: '建成年份', kind: 'integer', isRequired: false, hint: '四位年份，如2008' },
    bookValue,
    appraisal,
    note,
  ],
  land: [
    name('宗地名称'),
    text('location', '坐落位置', true),
    text('certificateNo', '不动产权证号'),
    decimal('landArea', '土地面积（平方米）', true),
    choice('usage', '土地用途', ['住宅用地', '商服用地', '工业用地', '仓储用地', '其他用地']),
    choice('rightType', '使用权类型', ['出让', '划拨', '租赁', '其他']),
    date('expiryDate', '使用权终止日期'),
    bookValue,
    appraisal,
    note,
  ],
  inventory: [
    name('存货名称'),
    text('model', '规格型号'),
    quantity,
    unit,
    text('storage', '存放地点'),
    bookValue,
    appraisal,
    note,
  ],
  machinery: [
    name('设备名称'),
    text('model', '规格型号'),
    text('manufacturer', '生产厂家'),
    quantity,
    unit,
    date('purchaseDate', '购置日期'),
    money('originalValue', '账面原值'),
    money('netValue', '账面净值'),
    appraisal,
    text('storage', '存放地点'),
    note,
  ],
  other: [name('资产名称'), text('model', '规格型号'), quantity, unit, bookValue, appraisal, note],
  financial: [
    name('资产名称'),
    choice('assetType', '资产类型', ['股票', '债券', '基金', '理财产品', '其他'], true),
    text('issuer', '发行主体'),
    decimal('share', '数量或份额', true, 4),
    bookValue,
    appraisal,
    note,
  ],
  technical: [
    name('资产名称'),
    choice('assetType', '类型', ['专利', '商标', '著作权', '专有技术', '其他'], true),
    text('certificateNo', '权利证书号'),
    date('validUntil', '有效期至'),
    bookValue,
    appraisal,
    note,
  ],
  obligee: [
    name('债务人名称'),
    money('principal', '债权本金', true),
    money('interest', '利息'),
    date('dueDate', '到期日'),
    text('security', '担保情况'),
    text('litigation', '诉讼情况'),
    appraisal,
    note,
  ],
  vehicle: [
    name('车辆名称'),
    text('plateNo', '车牌号码', false, 20),
    { key: 'vin', label: '车辆识别代号', kind: 'vin', isRequired: true, hint: '17位，不含字母I、O、Q' },
    date('registerDate', '初次登记日期'),
    decimal('mileage', '行驶里程（公里）', false, 0),
    choice('emission', '排放标准', ['国二', '国三', '国四', '国五', '国六', '其他']),
    bookValue,
    appraisal,
    location,
    note,
  ],
};

/** The label of a category's template sheet and file: 机器设备资产清单. */
export function assetListTitle(categoryLabel: string): string {
  return `${categoryLabel}资产清单`;
}

export function assetCategoryLabel(code: string | undefined): string {
  return BULK_ASSET_CATEGORIES.find((c) => c.code === code)?.label ?? '';
}

/** The asset categories as list sheets: one call group (asset), the category telling them apart; imports add rows. */
export const ASSET_SHEETS: readonly SheetDef[] = BULK_ASSET_CATEGORIES.map((category) => ({
  key: category.code,
  group: 'asset',
  groupTitle: '资产清单',
  title: assetListTitle(category.label),
  columns: ASSET_COLUMNS[category.code],
  importMode: 'append',
}));

/** Checks one row of a category against its columns (checkSheetRow). */
export function checkAssetRow(
  category: BulkAssetCategory,
  cells: Readonly<Record<string, SheetCell>>,
): SheetRowCheck {
  return checkSheetRow(ASSET_COLUMNS[category], cells);
}
