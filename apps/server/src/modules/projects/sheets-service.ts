// The list sheets of projects (projects/sheets.ts): the asset lists of the physical-asset families, the shareholder
// structure and the financial data of the equity families. For each sheet of a project's kind: the template, the
// import of a filled-in template (uploaded first as a project file under the assetImport tag, so the upload's own
// checks and progress apply, then previewed and imported), the list, deletion, and the export. Only the owner
// company changes a sheet, and only while the project's form may change; whoever sees the project sees its rows.
import {
  checkSheetRow,
  MSG,
  PROJECT_DATA_CLASS,
  SHEET_IMPORT_TAG,
  xlsxName,
  type PageResult,
  type ProjectSheetRow,
  type SheetDef,
  type SheetImportPreview,
  type SheetImportResult,
  type SheetPreviewRow,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer, AttachmentsService } from '../attachments/service.ts';
import { buildSheetExport, buildSheetTemplate, readSheet, type SheetRow } from './sheet-files.ts';
import * as sheetRows from './repo-sheets.ts';
import { requireKind, type ProjectsService } from './service.ts';

export type ProjectSheetsService = ReturnType<typeof createProjectSheetsService>;

export type SheetImportInput = { projectId: number; category: string; uuid: string };

/** A page of a sheet group's rows, and how many rows the project has of each sheet of the group. */
export type SheetPage = PageResult<ProjectSheetRow> & { counts: Record<string, number> };

/** A spreadsheet answered as a download. */
export type SheetFile = { fileName: string; bytes: Buffer };

/** The sheet of a family's kind with this key; any other key names no sheet (404). */
export function findSheet(family: string, key: string): SheetDef {
  const sheet = requireKind(family).sheets.find((candidate) => candidate.key === key);
  if (sheet === undefined) throw notFound();
  return sheet;
}

/** The keys of the sheets of a call group (every asset category of `asset`; a sheet of its own). */
export function groupKeys(family: string, group: string): string[] {
  return requireKind(family)
    .sheets.filter((sheet) => sheet.group === group)
    .map((sheet) => sheet.key);
}

/** A row of an uploaded sheet checked, as the import preview shows it (registries import the same way). */
export function toPreviewRow(row: SheetRow, sheet: SheetDef): SheetPreviewRow & { isValid: boolean } {
  const check = checkSheetRow(sheet.columns, row.cells);
  const cells = Object.fromEntries(
    Object.entries(row.cells).map(([key, cell]) => [
      key,
      cell instanceof Date
        ? cell.toISOString().slice(0, 10)
        : cell === null || cell === undefined
          ? ''
          : String(cell),
    ]),
  );
  return {
    line: row.line,
    values: check.values,
    cells,
    errors: check.errors,
    isValid: check.errors.length === 0,
  };
}

function toSheetRow(row: sheetRows.ProjectSheetRowDb): ProjectSheetRow {
  return { id: row.id, category: row.category, values: row.values, createdAt: row.createdAt.toISOString() };
}

export function createProjectSheetsService(
  deps: Pick<PlatformDeps, 'db'> & {
    attachments: AttachmentsService;
    audit: AuditService;
    projects: ProjectsService;
  },
) {
  const { db, attachments, audit, projects } = deps;

  async function template(family: string, key: string): Promise<SheetFile> {
    const sheet = findSheet(family, key);
    return { fileName: xlsxName(`${sheet.title}模板`), bytes: await buildSheetTemplate(sheet) };
  }

  /** Reads the uploaded template of an editable project and checks every row, and the rows together. */
  async function readImport(actor: Actor, family: string, input: SheetImportInput) {
    const sheet = findSheet(family, input.category);
    const project = await projects.findEditable(actor, input.projectId, family);
    const files = await attachments.listRelated(actor, {
      dataClass: PROJECT_DATA_CLASS,
      dataId: String(project.id),
    });
    const file = files.find((item) => item.uuid === input.uuid && item.tag === SHEET_IMPORT_TAG);
    if (file === undefined) throw notFound();
    if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw refused(MSG.assetsFileInvalid);
    const download = await attachments.openDownload(actor, file.uuid, false);
    const rows = (await readSheet(download.stream, sheet)).map((row) => toPreviewRow(row, sheet));
    const problems = sheet.checkSheet?.(rows.filter((row) => row.isValid).map((row) => row.values)) ?? [];
    return { sheet, project, rows, problems };
  }

  /** The rows of the sheet, checked; nothing is stored. */
  async function previewImport(
    actor: Actor,
    family: string,
    input: SheetImportInput,
  ): Promise<SheetImportPreview> {
    const { rows, problems } = await readImport(actor, family, input);
    const valid = rows.filter((row) => row.isValid).length;
    return {
      category: input.category,
      total: rows.length,
      valid,
      invalid: rows.length - valid,
      rows: rows.map(({ isValid: _isValid, ...row }) => row),
      problems,
    };
  }

  /**
   * Stores the sheet's valid rows (added to the list, or replacing it, as the sheet says); rows with errors are
   * skipped and counted. Rows that break the sheet's rule together (shares above 100%) store nothing.
   */
  async function importRows(
    actor: Actor,
    family: string,
    input: SheetImportInput,
  ): Promise<SheetImportResult> {
    const { sheet, project, rows, problems } = await readImport(actor, family, input);
    if (problems[0] !== undefined) throw refused(problems[0]);
    const valid = rows.filter((row) => row.isValid);
    if (valid.length === 0) throw refused(MSG.assetsNothingValid);
    const result = { imported: valid.length, skipped: rows.length - valid.length };
    await db.transaction(async (tx) => {
      if (sheet.importMode === 'replace') await sheetRows.clearSheet(tx, project.id, sheet.key);
      await sheetRows.insertSheetRows(
        tx,
        valid.map((row) => ({
          projectId: project.id,
          companyId: project.companyId,
          category: sheet.key,
          values: row.values,
          createdBy: actor.userId,
        })),
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.sheet.import',
        result: 'ok',
        target: String(project.id),
        detail: { category: sheet.key, mode: sheet.importMode, file: input.uuid, ...result },
      });
    });
    return result;
  }

  /**
   * A page of the project's rows of a call group, or of one of its sheets, with the number of rows of every sheet
   * of the group (0 included): the asset list shows a tab only for the categories that have rows.
   */
  async function list(
    viewer: Viewer,
    family: string,
    group: string,
    query: { projectId: number; category?: string | undefined; page: number; size: number },
  ): Promise<SheetPage> {
    const keys = groupKeys(family, group);
    if (query.category !== undefined && !keys.includes(query.category)) throw notFound();
    const project = await projects.findVisible(viewer, query.projectId);
    if (project.family !== family) throw notFound();
    const page = await sheetRows.listSheetRows(db, {
      projectId: project.id,
      categories: query.category === undefined ? keys : [query.category],
      counted: keys,
      page: query.page,
      size: query.size,
    });
    return {
      total: page.total,
      list: page.list.map(toSheetRow),
      counts: Object.fromEntries(keys.map((key) => [key, page.counts.get(key) ?? 0])),
    };
  }

  async function remove(
    actor: Actor,
    family: string,
    group: string,
    input: { projectId: number; ids: readonly number[] },
  ): Promise<{ deleted: number }> {
    const keys = groupKeys(family, group);
    const project = await projects.findEditable(actor, input.projectId, family);
    if (input.ids.length === 0) throw refused(MSG.assetsSelectFirst);
    return db.transaction(async (tx) => {
      const deleted = await sheetRows.deleteSheetRows(tx, {
        projectId: project.id,
        categories: keys,
        ids: input.ids,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.sheet.delete',
        result: 'ok',
        target: String(project.id),
        detail: { group, ids: deleted },
      });
      return { deleted: deleted.length };
    });
  }

  async function exportSheet(
    viewer: Viewer,
    family: string,
    projectId: number,
    key: string,
  ): Promise<SheetFile> {
    const sheet = findSheet(family, key);
    const project = await projects.findVisible(viewer, projectId);
    if (project.family !== family) throw notFound();
    const rows = await sheetRows.listAllSheetRows(db, project.id, sheet.key);
    return {
      fileName: xlsxName(`${project.code}${sheet.title}`),
      bytes: await buildSheetExport(
        sheet,
        rows.map((row) => row.values),
      ),
    };
  }

  return { template, previewImport, importRows, list, remove, exportSheet };
}
