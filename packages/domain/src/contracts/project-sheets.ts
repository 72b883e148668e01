// The list-sheet calls of every project kind with sheets (spec 001 section 7: bulk's "Excel template download and
// export for construction, house, land, inventory, machinery, other, financial, technical, obligee, vehicle"; the
// stock calls' "structures and financial Excel templates"): a sheet group's import preview, import, list and delete,
// by family and group (`asset` for the ten asset categories of bulk and coll, told apart by the category;
// `structures` and `financials` for the equity kinds). The template and the export answer a file, not the envelope:
// only their paths' params are here. Changes only on an editable project of the caller's own company; all need
// GJS_PROJECT_LT (or _ADMIN).
import { z } from 'zod';
import { defineCall, zPage, zPathId, zSize } from '../contract.ts';
import { MSG } from '../messages.ts';
import { PROJECT_FAMILIES, PROJECT_KINDS, type ProjectFamily } from '../projects/kinds/index.ts';
import {
  listSheetGroups,
  ZProjectSheetRow,
  ZSheetImportPreview,
  ZSheetImportResult,
  type SheetGroup,
} from '../projects/sheets.ts';
import { zProjectBodyId } from './projects.ts';

const zUuid = z.string({ error: MSG.badRequest }).uuid(MSG.badRequest);

/** GET /api/project/{family}/template/{category}: the sheet's template (.xlsx). */
export const ZSheetTemplatePath = z.object({ category: z.string().max(32) });

/** GET /api/project/{family}/export/{category}/{id}: the project's rows of that sheet (.xlsx). */
export const ZSheetExportPath = z.object({ category: z.string().max(32), id: zPathId });

function groupCallsOf(
  family: ProjectFamily,
  { group, title }: SheetGroup,
  [first, ...rest]: readonly [string, ...string[]],
) {
  const base = `/api/project/${family}/${group}` as const;
  const zKey = z.enum([first, ...rest], { error: MSG.projectsAssetCategoryRequired });
  // a group of one sheet names it already; a group of several needs the category
  const zGroupCategory = rest.length === 0 ? zKey.default(first) : zKey;
  const ZImportBody = z.object({ projectId: zProjectBodyId, category: zGroupCategory, uuid: zUuid });
  return {
    /** POST .../import/preview {projectId, category?, uuid}: the uploaded template's rows, checked, nothing stored */
    previewImport: defineCall({
      method: 'POST',
      path: `${base}/import/preview`,
      tag: 'project',
      summary: `${title}导入预览`,
      body: ZImportBody,
      answer: ZSheetImportPreview,
    }),
    /** POST .../import {projectId, category?, uuid} -> {imported, skipped} */
    importRows: defineCall({
      method: 'POST',
      path: `${base}/import`,
      tag: 'project',
      summary: `导入${title}（跳过有误的行）`,
      body: ZImportBody,
      answer: ZSheetImportResult,
    }),
    /**
     * POST .../list {projectId, category?, page, size} -> {list, total, counts}: a page of the rows, and the rows of
     * every sheet of the group by key (0 included), so the asset list's tabs are known from the page it loads
     */
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      tag: 'project',
      summary: `项目${title}`,
      body: z.object({ projectId: zProjectBodyId, category: zKey.optional(), page: zPage, size: zSize }),
      answer: z.object({
        list: z.array(ZProjectSheetRow),
        total: z.number(),
        counts: z.record(z.string(), z.number()),
      }),
    }),
    /** POST .../delete {projectId, ids} -> {deleted} */
    remove: defineCall({
      method: 'POST',
      path: `${base}/delete`,
      tag: 'project',
      summary: `删除${title}中的行`,
      body: z.object({
        projectId: zProjectBodyId,
        ids: z.array(zProjectBodyId, { error: MSG.badRequest }).max(1000, MSG.badRequest),
      }),
      answer: z.object({ deleted: z.number() }),
    }),
  };
}

export type SheetGroupCalls = ReturnType<typeof groupCallsOf>;

/** A page of a sheet's rows, with how many rows the project has of every sheet of its group. */
export type SheetPage = z.output<SheetGroupCalls['list']['answer']>;

/** The sheet groups' calls of every kind with sheets, by family and group, in the kind's order. */
export const PROJECT_SHEET_CALLS: Partial<Record<ProjectFamily, Record<string, SheetGroupCalls>>> =
  Object.fromEntries(
    PROJECT_FAMILIES.filter((family) => PROJECT_KINDS[family].sheets.length > 0).map((family) => [
      family,
      Object.fromEntries(
        listSheetGroups(PROJECT_KINDS[family].sheets).flatMap((group) => {
          const [first, ...rest] = group.sheets.map((sheet) => sheet.key);
          return first === undefined ? [] : [[group.group, groupCallsOf(family, group, [first, ...rest])]];
        }),
      ),
    ]),
  );

/** The calls of a family's sheet group (a group the kind does not have has none). */
export function sheetGroupCalls(family: ProjectFamily, group: string): SheetGroupCalls {
  const calls = PROJECT_SHEET_CALLS[family]?.[group];
  if (calls === undefined) throw new Error(`${family}/${group}: no such sheet group`);
  return calls;
}
