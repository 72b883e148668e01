// The company's own records (spec 000 section 2: 我的资产, 我的股权, 企业客户, 自然人客户, 我的商机, 土地资产管理) as
// configuration: a registry is its fields (sheet columns: their Chinese labels and rules serve the form, the Excel
// template, the import with its preview and the export alike), the columns and filters of its list, the fields a
// keyword searches, the numbers its lists mask, its permission code, its route names and the base of its calls.
// One machinery draws every registry: the server's calls (registries module) and the web's pages read the same
// definition, so a field or a rule is written once.
import { z } from 'zod';
import { maskIdCard } from '../format.ts';
import { normalizeRegulator, validateRegulator } from '../account-opening.ts';
import type { PermissionCode } from '../permissions.ts';
import type { RegistryKey, RegistryRoutes } from './pages.ts';
import type { ProjectFamily } from '../projects/kinds/index.ts';
import { maskMobile } from '../validation/mobile.ts';
import {
  checkSheetRow,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
  type SheetRowCheck,
  type SheetValues,
  zSheetValues,
} from '../projects/sheets.ts';

export type { RegistryKey } from './pages.ts';

/**
 * What a registry's rows start (starts.ts maps them): a project of one of `families` (the person picks one when
 * there are several), or a plan. The row keeps the link to what it started, and `status` is set on it.
 */
export type RegistryStart = {
  families: readonly ProjectFamily[];
  /** the families a particular row may start, where its values narrow them (a lead's subject) */
  familiesOf?: (values: SheetValues) => readonly ProjectFamily[];
  /** several rows start one project together: the assets become its asset list */
  isMany?: boolean;
  /** whether the row may become a plan (我的计划) instead of a project */
  hasPlan?: (values: SheetValues) => boolean;
  /** the choice field set when the row starts something, and its value (an asset becomes 挂牌中) */
  status?: { field: string; value: string };
  /** the values of that field at which a row starts nothing (an asset 已处置, a lead 已关闭) */
  closed?: readonly string[];
};

/** How a list shows a stored value that is personal: a mobile, an identity card or a bank account number, masked. */
export type RegistryMask = 'mobile' | 'idCard' | 'account';

/** A bank account as a list shows it: the first and last four digits (6222 **** 0123). */
export function maskBankAccount(value: string): string {
  return value.length <= 8 ? value : `${value.slice(0, 4)} **** ${value.slice(-4)}`;
}

export type RegistryDef = {
  key: RegistryKey;
  /** the list page's title (企业客户); the exchange's, who sees every company's, is the route table's adminTitle */
  title: string;
  /** what one row is called: 企业客户 (新增企业客户, 删除企业客户) */
  itemName: string;
  /** the spec's route names of the list, form, show and import preview pages (no import where the spec has none) */
  routes: RegistryRoutes;
  permission: PermissionCode;
  /** the base of its calls, in the spec's style (/api/customer) */
  apiBase: string;
  /** the fields in the form's order: the same columns are the template's, the import's and the export's */
  fields: readonly SheetColumn[];
  /** the field that names a row (lists, messages, the audit) */
  nameField: string;
  /** the field whose value appears once per company (a credit code, an identity card number) */
  uniqueField?: string;
  /** the list's columns (field keys), in order */
  listColumns: readonly string[];
  /** the fields a keyword searches */
  searchFields: readonly string[];
  /** the choice fields the list filters by */
  filters: readonly string[];
  masks?: Readonly<Partial<Record<string, RegistryMask>>>;
  /** the regulator fields of enterprise data (spec 000 section 3), with their cascade (SH-5.10), in the form */
  hasRegulator?: boolean;
  /**
   * A 是/否 choice field that marks the company's default row (its default invoice title, its default bank
   * account): saving a row as the default makes the company's other rows not.
   */
  defaultField?: string;
  start?: RegistryStart;
  /** a ledger (台账): its pages and calls need the company's small-lot project permission too (SH-4.14) */
  isLedger?: boolean;
};

/** The registry as a sheet: its template, import and export are a sheet's. */
export function registrySheet(def: RegistryDef): SheetDef {
  return {
    key: def.key,
    group: def.key,
    groupTitle: def.title,
    title: def.title,
    columns: def.fields,
    importMode: 'append',
    // a company's own records arrive in larger files than a project's lists: 20,000 rows an import
    maxRows: 20_000,
  };
}

/** Checks a row as a form or an import row carries it: every failing field's message, in field order. */
export function checkRegistryRow(
  def: RegistryDef,
  cells: Readonly<Record<string, SheetCell>>,
): SheetRowCheck {
  return checkSheetRow(def.fields, cells);
}

export function fieldOf(def: RegistryDef, key: string): SheetColumn | undefined {
  return def.fields.find((field) => field.key === key);
}

/** The values as a list shows them: personal numbers masked (the show page of the owner company has them whole). */
export function maskRegistryValues(def: RegistryDef, values: SheetValues): SheetValues {
  const masked: SheetValues = { ...values };
  for (const [key, mask] of Object.entries(def.masks ?? {})) {
    const value = values[key];
    if (typeof value !== 'string') continue;
    masked[key] =
      mask === 'mobile' ? maskMobile(value) : mask === 'idCard' ? maskIdCard(value) : maskBankAccount(value);
  }
  return masked;
}

/** The text a keyword is searched in: the search fields' values, lower-cased, one per line. */
export function registrySearchText(def: RegistryDef, values: SheetValues): string {
  return def.searchFields
    .map((key) => values[key])
    .filter((value) => value !== undefined)
    .join('\n')
    .toLowerCase();
}

/** The regulator fields of enterprise data (spec 000 section 3), kept in a row's values under the spec's names. */
export const REGULATOR_KEYS = [
  'regulatoryBodies',
  'regulatoryBodiesProvince',
  'regulatoryBodiesCity',
  'stateFundedEnter',
  'stateCreditCode',
] as const;

/**
 * The regulator fields of a form: none when it names no regulator (a customer that is not state-funded), else
 * checked with their cascade (SH-5.10: the province, and the city, the regulator's level needs; the state-funded
 * enterprise and its credit code), the province and city it does not need dropped.
 */
export function checkRegistryRegulator(input: Readonly<Record<string, unknown>>): {
  values: SheetValues;
  message: string | null;
} {
  const text = (key: string): string | null => {
    const value = input[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  if (text('regulatoryBodies') === null) return { values: {}, message: null };
  const regulator = normalizeRegulator(Object.fromEntries(REGULATOR_KEYS.map((key) => [key, text(key)])));
  const problem = validateRegulator(regulator);
  if (problem !== null) return { values: {}, message: problem.message };
  const values: SheetValues = {};
  for (const key of REGULATOR_KEYS) {
    const value = regulator[key];
    if (typeof value === 'string') values[key] = value;
  }
  return { values, message: null };
}

/** One row of a registry as its calls answer it. */
export const ZRegistryRow = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  values: zSheetValues,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type RegistryRow = z.infer<typeof ZRegistryRow>;
