// The agent's ledger of small lots (台账 · 小宗实物, the agent menu's ledgerSmall; spec 000 sections 2, 4 and 6): the
// lots a member keeps for the owners it disposes for, each with its owner (委托方) and where it stands — 在库 in
// the ledger, 挂牌中 once ticked lots started a small-lot project (their rows become its lot list), 已成交 when the
// project found its buyer, 已交割 when the buyer took delivery. The portal moves a lot along; the agent edits the
// lot's facts. The ledger menu needs the small-lot project permission (index 4) besides the code.
import type { SheetColumn } from '../projects/sheets.ts';
import { SMALL_LOT_COLUMNS } from '../projects/lots.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

/** Where a lot stands, in the order it gets there. */
export const LEDGER_STATUSES = ['在库', '挂牌中', '已成交', '已交割'] as const;

export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** The ledgers of the portal by the family whose projects draw on them (GET /api/project/ledger/type/by/project). */
export const LEDGER_TYPES = [
  { type: 'small', family: 'small', title: '小宗实物', route: 'ledgerSmall' },
] as const;

const principal: SheetColumn = {
  key: 'principalName',
  label: '委托方',
  kind: 'text',
  isRequired: true,
  max: 100,
};

export const SMALL_LEDGER_REGISTRY: RegistryDef = {
  key: 'ledgerSmall',
  title: '小宗实物台账',
  itemName: '标的',
  routes: REGISTRY_ROUTES.ledgerSmall,
  permission: 'GJS_PROJECT_SMALL_LEDGER_LT',
  apiBase: '/api/project/ledger',
  fields: [
    principal,
    ...SMALL_LOT_COLUMNS,
    {
      key: 'status',
      label: '台账状态',
      kind: 'choice',
      isRequired: true,
      options: LEDGER_STATUSES,
      hint: '新入账的标的填“在库”；发起项目、成交和交割后由系统更新',
    },
  ],
  nameField: 'name',
  listColumns: [
    'name',
    'principalName',
    'category',
    'quantity',
    'unit',
    'startingPrice',
    'status',
    'location',
  ],
  searchFields: ['name', 'principalName', 'model', 'location'],
  filters: ['category', 'status'],
  isLedger: true,
  // ticked lots start one small-lot project: their rows become its lot list
  start: {
    families: ['small'],
    isMany: true,
    status: { field: 'status', value: '挂牌中' },
    closed: ['已成交', '已交割'],
  },
};
