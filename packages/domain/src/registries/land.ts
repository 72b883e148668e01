// 土地资产管理 (/landManage, the land identity's page): the land parcels a land-reserve body holds — parcel number,
// location and region, area, use, right type, certificate, values and where each stands — from which a land
// project starts (a physical-asset project whose asset list is the parcel, under the land category). The spec names
// only the list's route; its form, show and import pages are top-level pages beside it (routes.ts), as the land
// identity works outside the portal until it enters it.
import { ASSET_COLUMNS } from '../projects/assets.ts';
import { textColumn as text } from '../projects/sheets.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

/** The land list's own choices (用途, 使用权类型), so a parcel's values are the project's. */
const landOptions = (key: string): readonly string[] =>
  ASSET_COLUMNS.land.find((column) => column.key === key)?.options ?? [];

export const LAND_STATUSES = ['储备中', '挂牌中', '已出让'] as const;

export const LAND_REGISTRY: RegistryDef = {
  key: 'land',
  title: '土地资产管理',
  itemName: '地块',
  routes: REGISTRY_ROUTES.land,
  permission: 'GJS_ASSETS_LT',
  apiBase: '/api/land',
  fields: [
    text('parcelNo', '宗地编号', 50, true),
    text('name', '宗地名称', 100, true),
    text('region', '所在区域', 50, true),
    text('location', '坐落位置', 200, true),
    { key: 'area', label: '土地面积（平方米）', kind: 'decimal', isRequired: true, decimals: 2 },
    { key: 'usage', label: '土地用途', kind: 'choice', isRequired: true, options: landOptions('usage') },
    {
      key: 'rightType',
      label: '使用权类型',
      kind: 'choice',
      isRequired: true,
      options: landOptions('rightType'),
    },
    text('certificateNo', '不动产权证号', 100),
    { key: 'expiryDate', label: '使用权终止日期', kind: 'date', isRequired: false },
    { key: 'bookValue', label: '账面价值（元）', kind: 'money', isRequired: false },
    { key: 'appraisedValue', label: '评估价值（元）', kind: 'money', isRequired: false },
    { key: 'status', label: '地块状态', kind: 'choice', isRequired: true, options: LAND_STATUSES },
    text('note', '备注', 500),
  ],
  nameField: 'name',
  uniqueField: 'parcelNo',
  listColumns: ['parcelNo', 'name', 'region', 'area', 'usage', 'rightType', 'status'],
  searchFields: ['parcelNo', 'name', 'region', 'location', 'certificateNo'],
  filters: ['usage', 'status'],
  start: { families: ['bulk'], status: { field: 'status', value: '挂牌中' }, closed: ['已出让'] },
};
