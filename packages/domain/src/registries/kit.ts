// The company's own records (spec 000 section 2: 我的资产, 我的股权, 企业客户, 自然人客户, 我的商机, 土地资产管理) as
// configuration: a registry is its fields (sheet columns: their Chinese labels and rules serve the form, the Excel
// template, the import with its preview and the export alike), the columns and filters of its list, the fields a
// keyword searches, the numbers its lists mask, its permission code, its route names and the base of its calls.
// One machinery draws every registry: the server's calls (registries module) and the web's pages read the same
// definition, so a field or a rule is written once.
import { z } from 'zod';
import { maskIdCard } from '../format.ts';
import type { PermissionCode } from '../permissions.ts';
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

export type RegistryKey = 'assets' | 'stockright' | 'customer' | 'personalCustomer' | 'businessOpportunity';

/** How a list shows a stored value that is personal: a mobile or an identity card number, masked. */
export type RegistryMask = 'mobile' | 'idCard';

export type RegistryDef = {
  key: RegistryKey;
  /** the list page's title (企业客户); the exchange's, who sees every company's, is the route table's adminTitle */
  title: string;
  /** what one row is called: 企业客户 (新增企业客户, 删除企业客户) */
  itemName: string;
  /** the spec's route names of the list, form, show and import preview pages (no import where the spec has none) */
  routes: { list: string; add: string; edit: string; show: string; import?: string };
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
    masked[key] = mask === 'mobile' ? maskMobile(value) : maskIdCard(value);
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
