// What the company holds and may bring to the exchange: its assets (我的资产, by the physical-asset categories of
// the bulk projects, with book and appraised values and where each stands) and its equity holdings (我的股权: the
// invested enterprise, its credit code, the share and the contribution). Money is typed in yuan and kept in fen,
// shares as percentages kept in millionths.
import { BULK_ASSET_CATEGORIES } from '../projects/assets.ts';
import { textColumn as text } from '../projects/sheets.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

/** Where an asset stands: in the company's books, listed in a project, or disposed of. */
export const ASSET_STATUSES = ['在库', '挂牌中', '已处置'] as const;

export const ASSET_REGISTRY: RegistryDef = {
  key: 'assets',
  title: '我的资产',
  itemName: '资产',
  routes: REGISTRY_ROUTES.assets,
  permission: 'GJS_ASSETS_LT',
  apiBase: '/api/assets',
  fields: [
    text('name', '资产名称', 100, true),
    {
      key: 'category',
      label: '资产类别',
      kind: 'choice',
      isRequired: true,
      options: BULK_ASSET_CATEGORIES.map((category) => category.label),
    },
    text('model', '规格型号', 100),
    { key: 'quantity', label: '数量', kind: 'decimal', isRequired: true, decimals: 4 },
    text('unit', '计量单位', 20, true),
    { key: 'bookValue', label: '账面价值（元）', kind: 'money', isRequired: false },
    { key: 'appraisedValue', label: '评估价值（元）', kind: 'money', isRequired: false },
    text('location', '存放地点', 200),
    // what some categories' asset lists require: a house's or a parcel's area, its certificate, a vehicle's VIN
    { key: 'area', label: '面积（平方米）', kind: 'decimal', isRequired: false, decimals: 2 },
    text('certificateNo', '权证编号', 100),
    { key: 'vin', label: '车辆识别代号', kind: 'vin', isRequired: false, hint: '17位，不含字母I、O、Q' },
    { key: 'status', label: '资产状态', kind: 'choice', isRequired: true, options: ASSET_STATUSES },
    text('note', '备注', 500),
  ],
  nameField: 'name',
  listColumns: ['name', 'category', 'quantity', 'unit', 'bookValue', 'appraisedValue', 'status', 'location'],
  searchFields: ['name', 'model', 'location', 'certificateNo'],
  filters: ['category', 'status'],
  // several assets start one project: their rows become its asset list
  start: {
    families: ['bulk', 'coll'],
    isMany: true,
    status: { field: 'status', value: '挂牌中' },
    closed: ['已处置'],
  },
};

export const STOCK_RIGHT_REGISTRY: RegistryDef = {
  key: 'stockright',
  title: '我的股权',
  itemName: '股权',
  routes: REGISTRY_ROUTES.stockright,
  permission: 'GJS_STOCK_LT',
  apiBase: '/api/stockright',
  fields: [
    text('enterpriseName', '被投资企业名称', 100, true),
    { key: 'creditCode', label: '统一社会信用代码', kind: 'creditCode', isRequired: true },
    { key: 'share', label: '持股比例（%）', kind: 'share', isRequired: true },
    { key: 'contribution', label: '认缴出资额（元）', kind: 'money', isRequired: true },
    { key: 'bookValue', label: '账面价值（元）', kind: 'money', isRequired: false },
    { key: 'investedOn', label: '投资日期', kind: 'date', isRequired: false },
    text('region', '所在地区', 50),
    text('note', '备注', 500),
  ],
  nameField: 'enterpriseName',
  uniqueField: 'creditCode',
  listColumns: ['enterpriseName', 'creditCode', 'share', 'contribution', 'bookValue', 'investedOn'],
  searchFields: ['enterpriseName', 'creditCode'],
  filters: [],
  start: { families: ['stock', 'privateStock'] },
};
