// What a registry's rows start (RegistryDef.start), as pure mappings: 我的资产 a physical-asset project whose asset
// list they become (each asset a row of its category's list), a land parcel a project with the parcel as its land
// list, 我的股权 an equity project of the holding (the company the transferor), 我的商机 a plan or a draft of its
// subject's family. The server stores the draft, its list rows and the link back on each row in one transaction.
import { formatMessage } from '../format.ts';
import { MSG } from '../messages.ts';
import {
  ASSET_COLUMNS,
  assetListTitle,
  BULK_ASSET_CATEGORIES,
  type BulkAssetCategory,
} from '../projects/assets.ts';
import { PROJECT_KINDS, type ProjectFamily } from '../projects/kinds/index.ts';
import type { ProjectFormBase } from '../projects/kinds/fields.ts';
import { PROJECT_NAME_MAX } from '../projects/kinds/common.ts';
import { hasHazardousLot, lotRowOf } from '../projects/lots.ts';
import { formatShare } from '../projects/shares.ts';
import type { SheetValues } from '../projects/sheets.ts';
import { countChars } from '../validation/return-reason.ts';
import type { RegistryDef } from './kit.ts';

/** At most this many rows start one project (a project's asset list is imported 5,000 rows at a time). */
export const REGISTRY_START_MAX = 500;

/**
 * The keys of a row's values the portal writes, never the form: the project or plan the row started. An update
 * keeps them; the list and show pages link to them.
 */
export const REGISTRY_LINK_KEYS = [
  'projectId',
  'projectCode',
  'projectFamily',
  'planId',
  'planCode',
] as const;

/** The values of a row the portal wrote (what it started), to keep on an update. */
export function registryLinkOf(values: SheetValues): SheetValues {
  const link: SheetValues = {};
  for (const key of REGISTRY_LINK_KEYS) {
    const value = values[key];
    if (value !== undefined) link[key] = value;
  }
  return link;
}

/** The families a row may start a project of (none once it started one or became a plan). */
export function startFamilies(def: RegistryDef, values: SheetValues): readonly ProjectFamily[] {
  const start = def.start;
  if (start === undefined || values.projectId !== undefined || values.planId !== undefined) return [];
  const state = start.status === undefined ? undefined : values[start.status.field];
  if (typeof state === 'string' && start.closed?.includes(state) === true) return [];
  return start.familiesOf?.(values) ?? start.families;
}

export function canStartPlan(def: RegistryDef, values: SheetValues): boolean {
  return def.start?.hasPlan?.(values) === true && startFamilies(def, values).length > 0;
}

/** A share as a name says it: 40%, 12.5% (no trailing zeros). */
function shareText(millionths: number): string {
  const text = formatShare(millionths);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A project's name cut to the form's limit. */
function projectName(name: string): string {
  return countChars(name) <= PROJECT_NAME_MAX ? name : [...name].slice(0, PROJECT_NAME_MAX).join('');
}

/** One row of a project's list sheet. */
export type StartedSheetRow = { category: string; values: SheetValues };

export type StartDraft = { form: ProjectFormBase; rows: StartedSheetRow[] };

/** The first place the value of `from` goes in a category's list: the first of `to` that the list has. */
const ASSET_MAPPING: readonly { from: string; to: readonly string[] }[] = [
  { from: 'name', to: ['name'] },
  { from: 'model', to: ['model'] },
  { from: 'quantity', to: ['quantity', 'share'] },
  { from: 'unit', to: ['unit'] },
  { from: 'area', to: ['buildingArea', 'landArea'] },
  { from: 'certificateNo', to: ['certificateNo'] },
  { from: 'vin', to: ['vin'] },
  { from: 'bookValue', to: ['bookValue', 'netValue', 'principal'] },
  { from: 'appraisedValue', to: ['appraisalValue'] },
  { from: 'location', to: ['location', 'storage'] },
  { from: 'note', to: ['note'] },
];

const categoryOfLabel = (label: unknown): BulkAssetCategory | undefined =>
  BULK_ASSET_CATEGORIES.find((category) => category.label === label)?.code;

/**
 * An asset of 我的资产 as a row of its category's asset list, or what keeps it out: a value the list requires
 * that the asset lacks (a house's area), or a quantity the list counts in whole units.
 */
export function assetListRow(
  values: SheetValues,
  itemName = '资产',
): { row: StartedSheetRow; message: null } | { message: string } {
  const category = categoryOfLabel(values.category) ?? 'other';
  const columns = ASSET_COLUMNS[category];
  const out: SheetValues = {};
  for (const { from, to } of ASSET_MAPPING) {
    const value = values[from];
    const column = columns.find(
      (candidate) => to.includes(candidate.key) && out[candidate.key] === undefined,
    );
    if (value === undefined || column === undefined) continue;
    out[column.key] = column.kind === 'integer' ? Number(value) : value;
  }
  // a type the list requires and the register does not keep (金融资产, 技术资产): 其他
  for (const column of columns) {
    if (column.kind === 'choice' && column.isRequired && out[column.key] === undefined) {
      out[column.key] = column.options?.includes('其他') === true ? '其他' : (column.options?.[0] ?? '');
    }
  }
  const list = assetListTitle(BULK_ASSET_CATEGORIES.find((c) => c.code === category)?.label ?? '');
  const fail = (error: string) => ({
    message: formatMessage(MSG.registriesStartRowInvalid, {
      item: itemName,
      name: String(values.name ?? ''),
      list,
      error,
    }),
  });
  for (const column of columns) {
    const value = out[column.key];
    if (column.kind === 'integer' && value !== undefined && !Number.isSafeInteger(value)) {
      return fail(formatMessage(MSG.assetsIntegerInvalid, { label: column.label }));
    }
    if (column.isRequired && value === undefined) return fail(`缺少${column.label}`);
  }
  return { row: { category, values: out }, message: null };
}

/** The sum of a money field over the rows, when every row has it. */
function sumOf(rows: readonly SheetValues[], key: string): number | undefined {
  let sum = 0;
  for (const values of rows) {
    const value = values[key];
    if (typeof value !== 'number') return undefined;
    sum += value;
  }
  return sum;
}

/** The category most of the assets are of (the first of them on a tie): the project's asset category. */
function mainCategory(rows: readonly StartedSheetRow[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { category } of rows) counts.set(category, (counts.get(category) ?? 0) + 1);
  let best: string | undefined;
  for (const [category, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = category;
  return best;
}

/**
 * The form's fields the family keeps (the kind's own parse, as a save does): unknown ones dropped, and a value the
 * form refuses left for the person to fill in rather than refusing the whole draft.
 */
function formOf(family: ProjectFamily, candidate: ProjectFormBase): ProjectFormBase {
  const kind = PROJECT_KINDS[family];
  const whole = kind.parse(candidate);
  if (whole.message === null) return whole.form;
  let form: ProjectFormBase = { name: candidate.name };
  for (const [key, value] of Object.entries(candidate)) {
    const parsed = kind.parse({ ...form, [key]: value });
    if (parsed.message === null) form = parsed.form;
  }
  return form;
}

/**
 * The draft the rows start, of `family`, or the first message of what keeps a row out. `owner` is the company
 * whose rows they are (the transferor of its holding).
 */
export function startDraft(
  def: RegistryDef,
  family: ProjectFamily,
  rows: readonly SheetValues[],
  owner: { name: string; creditCode: string | null },
): StartDraft | { message: string } {
  const first = rows[0];
  if (first === undefined) return { message: formatMessage(MSG.registriesStartNone, { item: def.itemName }) };
  for (const values of rows) {
    if (values.projectId !== undefined || values.planId !== undefined) {
      return {
        message: formatMessage(MSG.registriesStartTaken, {
          item: def.itemName,
          name: String(values[def.nameField] ?? ''),
          code: String(values.projectCode ?? values.planCode ?? ''),
        }),
      };
    }
    if (!startFamilies(def, values).includes(family)) {
      return {
        message: formatMessage(MSG.registriesStartFamily, {
          item: def.itemName,
          name: String(values[def.nameField] ?? ''),
        }),
      };
    }
  }
  switch (def.key) {
    case 'assets': {
      const listed: StartedSheetRow[] = [];
      for (const values of rows) {
        const mapped = assetListRow(values, def.itemName);
        if (mapped.message !== null) return { message: mapped.message };
        listed.push(mapped.row);
      }
      const name = rows.length === 1 ? String(first.name) : `${String(first.name)}等${rows.length}项资产`;
      return {
        form: formOf(family, {
          name: projectName(name),
          assetCategory: mainCategory(listed),
          appraisalPrice: sumOf(rows, 'appraisedValue'),
        }),
        rows: listed,
      };
    }
    case 'ledgerSmall': {
      // one project disposes for one owner: its name is on the letter and the announcement
      const principals = [...new Set(rows.map((values) => String(values.principalName ?? '')))];
      if (principals.length > 1) {
        return { message: formatMessage(MSG.smallLedgerPrincipals, { names: principals.join('、') }) };
      }
      const name = rows.length === 1 ? String(first.name) : `${String(first.name)}等${rows.length}项标的`;
      return {
        form: formOf(family, {
          name: projectName(name),
          principalName: first.principalName,
          disposalMethod: 'auction',
          listingPrice: sumOf(rows, 'startingPrice'),
          appraisalPrice: sumOf(rows, 'appraisedValue'),
          ...(hasHazardousLot(rows) ? { isScrap: true } : {}),
        }),
        rows: rows.map((values) => ({ category: 'lot', values: lotRowOf(values) })),
      };
    }
    case 'land': {
      const values: SheetValues = {
        name: first.name ?? '',
        location: first.location ?? '',
        certificateNo: first.certificateNo ?? '',
        landArea: first.area ?? '',
        usage: first.usage ?? '',
        rightType: first.rightType ?? '',
        expiryDate: first.expiryDate ?? '',
        bookValue: first.bookValue ?? '',
        appraisalValue: first.appraisedValue ?? '',
        note: first.note ?? '',
      };
      const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
      return {
        form: formOf(family, {
          name: projectName(`${String(first.name)}国有建设用地使用权`),
          assetCategory: 'land',
          appraisalPrice: first.appraisedValue,
        }),
        rows: [{ category: 'land', values: kept }],
      };
    }
    case 'stockright': {
      const share = typeof first.share === 'number' ? first.share : undefined;
      return {
        form: formOf(family, {
          name: projectName(
            `${String(first.enterpriseName)}${share === undefined ? '' : `${shareText(share)}%`}股权转让`,
          ),
          targetName: first.enterpriseName,
          targetCreditCode: first.creditCode,
          transferors: [
            {
              name: owner.name,
              ...(owner.creditCode === null ? {} : { creditCode: owner.creditCode }),
              ...(share === undefined ? {} : { heldShare: share }),
            },
          ],
        }),
        rows: [],
      };
    }
    default:
      return {
        form: formOf(family, {
          name: projectName(String(first[def.nameField] ?? '')),
          listingPrice: first.expectedAmount,
          contactName: first.contactName,
          contactMobile: first.contactMobile,
          description: first.followUp,
        }),
        rows: [],
      };
  }
}

/** The plan a lead becomes (我的计划): its name, expected amount and date, contact and follow-up. */
export function planOfRow(values: SheetValues, family: ProjectFamily): Record<string, unknown> {
  return {
    name: projectName(String(values.name ?? '')),
    family,
    listingPrice: values.expectedAmount,
    plannedDate: values.expectedOn,
    contactName: values.contactName,
    contactMobile: values.contactMobile,
    description: values.followUp,
  };
}
