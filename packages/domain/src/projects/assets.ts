// The asset lists of physical-asset projects (spec 001 section 7, Bulk: "Excel template download and export for
// construction, house, land, inventory, machinery, other, financial, technical, obligee, vehicle"): the columns of
// each category with their Chinese labels and rules, and the check of one row as a person typed it into the
// template. Server (import, template, export) and web (the list and its preview) read the same definitions, so a
// column or a rule is written once. Money is integer fen; quantities and areas keep the decimals they were typed
// with, as text, so nothing is rounded.
import { formatFen, formatMessage, formatThousands, parseYuanToFen } from '../format.ts';
import { fillIn, MSG } from '../messages.ts';
import { countChars } from '../validation/return-reason.ts';
import type { BulkAssetCategory } from './bulk.ts';

/**
 * text: free text (max characters); integer: a whole number >= 0; decimal: a number >= 0 with at most `decimals`
 * decimals (kept as text); money: yuan with at most two decimals (stored as fen); date: a calendar day; choice:
 * one of `options`; vin: a vehicle identification number (GB 16735: 17 characters without I, O and Q).
 */
export type AssetColumnKind = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'choice' | 'vin';

export type AssetColumn = {
  key: string;
  label: string;
  kind: AssetColumnKind;
  isRequired: boolean;
  /** text: the most characters */
  max?: number;
  decimals?: number;
  options?: readonly string[];
  /** what the template's instructions say beyond the rule itself */
  hint?: string;
};

/** A checked row: text, whole numbers, fen, or 'YYYY-MM-DD'. Empty optional cells are left out. */
export type AssetValues = Record<string, string | number>;

export type AssetRowCheck = { values: AssetValues; errors: string[] };

/** The tag a filled-in template is uploaded under, as a file of its project, before it is imported. */
export const ASSET_IMPORT_TAG = 'assetImport';

/** The most data rows one import takes; a larger list is split into several files. */
export const ASSET_IMPORT_MAX_ROWS = 5000;
export const ASSET_TEXT_MAX = 200;
export const ASSET_NOTE_MAX = 500;

const name = (label: string): AssetColumn => ({
  key: 'name',
  label,
  kind: 'text',
  isRequired: true,
  max: 100,
});
const text = (key: string, label: string, isRequired = false, max = ASSET_TEXT_MAX): AssetColumn => ({
  key,
  label,
  kind: 'text',
  isRequired,
  max,
});
const money = (key: string, label: string, isRequired = false): AssetColumn => ({
  key,
  label: `${label}（元）`,
  kind: 'money',
  isRequired,
});
const decimal = (key: string, label: string, isRequired = false, decimals = 2): AssetColumn => ({
  key,
  label,
  kind: 'decimal',
  isRequired,
  decimals,
});
const date = (key: string, label: string, isRequired = false): AssetColumn => ({
  key,
  label,
  kind: 'date',
  isRequired,
});
const choice = (key: string, label: string, options: readonly string[], isRequired = false): AssetColumn => ({
  key,
  label,
  kind: 'choice',
  isRequired,
  options,
});
const quantity: AssetColumn = { key: 'quantity', label: '数量', kind: 'integer', isRequired: true };
const unit = text('unit', '计量单位', true, 20);
const bookValue = money('bookValue', '账面价值');
const appraisal = money('appraisalValue', '评估值');
const location = text('location', '坐落位置');
const note: AssetColumn = {
  key: 'note',
  label: '备注',
  kind: 'text',
  isRequired: false,
  max: ASSET_NOTE_MAX,
};

export const ASSET_COLUMNS: Readonly<Record<BulkAssetCategory, readonly AssetColumn[]>> = {
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

/** A stored value of an asset column as screens and documents show it: money in yuan with separators, numbers grouped. */
export function showAssetValue(column: AssetColumn, value: string | number | undefined): string {
  if (value === undefined) return '';
  if (column.kind === 'money') return formatFen(value);
  if (column.kind === 'decimal' || column.kind === 'integer') return formatThousands(value);
  return String(value);
}

/** A template header as it is written: required columns carry a leading *. */
export function assetHeader(column: AssetColumn): string {
  return column.isRequired ? `*${column.label}` : column.label;
}

/** A header cell as a person may have typed it back: without the *, spaces and full-width brackets. */
export function normalizeAssetHeader(header: string): string {
  return header
    .replace(/^\s*[*＊]\s*/, '')
    .replace(/\s+/g, '')
    .replaceAll('(', '（')
    .replaceAll(')', '）');
}

/** The rule a column's instructions state, for the template's 填写说明 sheet. */
export function describeAssetColumn(column: AssetColumn): string {
  const rule = ((): string => {
    switch (column.kind) {
      case 'text':
        return `文本，不超过${column.max ?? ASSET_TEXT_MAX}个字`;
      case 'integer':
        return '不小于0的整数';
      case 'decimal':
        return column.decimals === 0 ? '不小于0的整数' : `不小于0的数，最多${column.decimals ?? 2}位小数`;
      case 'money':
        return '金额（元），不小于0，最多两位小数';
      case 'date':
        return '日期，如2024-05-01';
      case 'choice':
        return `填写以下之一：${(column.options ?? []).join('、')}`;
      case 'vin':
        return '17位车辆识别代号';
    }
  })();
  return [column.isRequired ? '必填' : '选填', rule, column.hint].filter(Boolean).join('；');
}

/** A cell as it arrives from a sheet or a form: text, a number, a date, or nothing. */
export type AssetCell = string | number | Date | null | undefined;

const DAY = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

function isBlank(cell: AssetCell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** A sheet's date (a Date at UTC midnight, as spreadsheets store days) or typed text, as 'YYYY-MM-DD'. */
function toDay(cell: AssetCell): string | null {
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  }
  const match = DAY.exec(String(cell).trim());
  if (match === null) return null;
  const [, y = '', m = '', d = ''] = match;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/** A non-negative number with at most `decimals` decimals, as canonical text ('1,200.50' -> '1200.50'). */
function toDecimalText(cell: AssetCell, decimals: number): string | null {
  const textValue = typeof cell === 'number' ? String(cell) : String(cell).trim().replaceAll(',', '');
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(textValue)) return null;
  return textValue.replace(/^0+(?=\d)/, '');
}

/** Checks one cell; answers the stored value, or the message naming what is wrong. */
function checkCell(column: AssetColumn, cell: AssetCell): { value?: string | number; error?: string } {
  if (isBlank(cell)) return column.isRequired ? { error: fillIn(column.label) } : {};
  const { label } = column;
  switch (column.kind) {
    case 'text': {
      const value = String(cell instanceof Date ? cell.toISOString().slice(0, 10) : cell).trim();
      const max = column.max ?? ASSET_TEXT_MAX;
      return countChars(value) > max
        ? { error: formatMessage(MSG.assetsTextTooLong, { label, max }) }
        : { value };
    }
    case 'integer': {
      const value = toDecimalText(cell, 0);
      return value === null || !Number.isSafeInteger(Number(value))
        ? { error: formatMessage(MSG.assetsIntegerInvalid, { label }) }
        : { value: Number(value) };
    }
    case 'decimal': {
      const decimals = column.decimals ?? 2;
      const value = toDecimalText(cell, decimals);
      if (value !== null) return { value };
      return {
        error:
          decimals === 0
            ? formatMessage(MSG.assetsIntegerInvalid, { label })
            : formatMessage(MSG.assetsDecimalInvalid, { label, decimals }),
      };
    }
    case 'money': {
      const fen = parseYuanToFen(typeof cell === 'number' ? String(cell) : String(cell));
      return fen === null || fen < 0
        ? { error: formatMessage(MSG.assetsMoneyInvalid, { label }) }
        : { value: fen };
    }
    case 'date': {
      const value = toDay(cell);
      return value === null ? { error: formatMessage(MSG.assetsDateInvalid, { label }) } : { value };
    }
    case 'choice': {
      const value = String(cell).trim();
      const options = column.options ?? [];
      return options.includes(value)
        ? { value }
        : { error: formatMessage(MSG.assetsChoiceInvalid, { label, options: options.join('、') }) };
    }
    case 'vin': {
      const value = String(cell).trim().toUpperCase();
      return VIN.test(value) ? { value } : { error: MSG.assetsVinInvalid };
    }
  }
}

/**
 * Checks one row of a category against its columns. `cells` is keyed by column key; cells of unknown keys are
 * ignored. Every failing cell is reported, in column order.
 */
export function checkAssetRow(
  category: BulkAssetCategory,
  cells: Readonly<Record<string, AssetCell>>,
): AssetRowCheck {
  const values: AssetValues = {};
  const errors: string[] = [];
  for (const column of ASSET_COLUMNS[category]) {
    const checked = checkCell(column, cells[column.key]);
    if (checked.error !== undefined) errors.push(checked.error);
    else if (checked.value !== undefined) values[column.key] = checked.value;
  }
  return { values, errors };
}

/** Whether every cell of a sheet row is empty (such rows are skipped, as spreadsheets keep formatted blanks). */
export function isBlankAssetRow(cells: Readonly<Record<string, AssetCell>>): boolean {
  return Object.values(cells).every(isBlank);
}

/** One row of the asset list of a project. */
export type ProjectAssetRow = {
  id: number;
  category: BulkAssetCategory;
  values: AssetValues;
  createdAt: string;
};

/** One row of an import preview: its line in the sheet, what was read, and what is wrong with it. */
export type AssetPreviewRow = {
  line: number;
  values: AssetValues;
  cells: Record<string, string>;
  errors: string[];
};

/** POST .../asset/import/preview: the rows of the sheet, checked, nothing stored. */
export type AssetImportPreview = {
  category: BulkAssetCategory;
  total: number;
  valid: number;
  invalid: number;
  rows: AssetPreviewRow[];
};

/** POST .../asset/import: how many rows were stored and how many were skipped for their errors. */
export type AssetImportResult = { imported: number; skipped: number };
