// The asset lists of physical-asset projects (bulk and coll): the template of each category, the import of a
// filled-in template (uploaded first as a project file under the assetImport tag, so the upload's own checks and
// progress apply, then previewed and imported), the list, deletion, and the export. Only the owner company
// changes a list, and only while the project is an editable draft; whoever sees the project sees its list.
import {
  ASSET_IMPORT_TAG,
  assetCategoryLabel,
  assetListTitle,
  checkAssetRow,
  MSG,
  PROJECT_DATA_CLASS,
  xlsxName,
  type AssetImportPreview,
  type AssetImportResult,
  type AssetPreviewRow,
  type BulkAssetCategory,
  type PageResult,
  type ProjectAssetRow,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import { buildAssetExport, buildAssetTemplate, readAssetSheet, type SheetRow } from './asset-sheets.ts';
import * as repo from './repo.ts';
import type { ProjectsService } from './service.ts';

export type ProjectAssetsService = ReturnType<typeof createProjectAssetsService>;

export type AssetImportInput = { projectId: number; category: BulkAssetCategory; uuid: string };

/** A spreadsheet answered as a download. */
export type SheetFile = { fileName: string; bytes: Buffer };

function toPreviewRow(row: SheetRow, category: BulkAssetCategory): AssetPreviewRow & { isValid: boolean } {
  const check = checkAssetRow(category, row.cells);
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

function toAssetRow(row: repo.ProjectAssetRowDb): ProjectAssetRow {
  return { id: row.id, category: row.category, values: row.values, createdAt: row.createdAt.toISOString() };
}

export function createProjectAssetsService(
  deps: Pick<ModuleDeps, 'db' | 'attachments' | 'audit'> & { projects: ProjectsService },
) {
  const { db, attachments, audit, projects } = deps;

  async function template(category: BulkAssetCategory): Promise<SheetFile> {
    const label = assetCategoryLabel(category);
    return {
      fileName: xlsxName(`${assetListTitle(label)}模板`),
      bytes: await buildAssetTemplate(category, label),
    };
  }

  /** Reads the uploaded template of an editable project and checks every row. */
  async function readImport(actor: Actor, family: string, input: AssetImportInput) {
    const project = await projects.findEditable(actor, input.projectId, family);
    const files = await attachments.listRelated(actor, {
      dataClass: PROJECT_DATA_CLASS,
      dataId: String(project.id),
    });
    const file = files.find((item) => item.uuid === input.uuid && item.tag === ASSET_IMPORT_TAG);
    if (file === undefined) throw notFound();
    if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw refused(MSG.assetsFileInvalid);
    const download = await attachments.openDownload(actor, file.uuid, false);
    const rows = await readAssetSheet(download.stream, input.category, assetCategoryLabel(input.category));
    return { project, rows: rows.map((row) => toPreviewRow(row, input.category)) };
  }

  /** The rows of the sheet, checked; nothing is stored. */
  async function previewImport(
    actor: Actor,
    family: string,
    input: AssetImportInput,
  ): Promise<AssetImportPreview> {
    const { rows } = await readImport(actor, family, input);
    const valid = rows.filter((row) => row.isValid).length;
    return {
      category: input.category,
      total: rows.length,
      valid,
      invalid: rows.length - valid,
      rows: rows.map(({ isValid: _isValid, ...row }) => row),
    };
  }

  /** Adds the sheet's valid rows to the project's list; rows with errors are skipped and counted. */
  async function importAssets(
    actor: Actor,
    family: string,
    input: AssetImportInput,
  ): Promise<AssetImportResult> {
    const { project, rows } = await readImport(actor, family, input);
    const valid = rows.filter((row) => row.isValid);
    if (valid.length === 0) throw refused(MSG.assetsNothingValid);
    const result = { imported: valid.length, skipped: rows.length - valid.length };
    await db.transaction(async (tx) => {
      await repo.insertAssets(
        tx,
        valid.map((row) => ({
          projectId: project.id,
          companyId: project.companyId,
          category: input.category,
          values: row.values,
          createdBy: actor.userId,
        })),
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.assets.import',
        result: 'ok',
        target: String(project.id),
        detail: { category: input.category, file: input.uuid, ...result },
      });
    });
    return result;
  }

  async function list(
    viewer: Viewer,
    family: string,
    query: { projectId: number; category?: BulkAssetCategory | undefined; page: number; size: number },
  ): Promise<PageResult<ProjectAssetRow>> {
    const project = await projects.findVisible(viewer, query.projectId);
    if (project.family !== family) throw notFound();
    const page = await repo.listAssets(db, { ...query, projectId: project.id });
    return { total: page.total, list: page.list.map(toAssetRow) };
  }

  async function remove(
    actor: Actor,
    family: string,
    input: { projectId: number; ids: readonly number[] },
  ): Promise<{ deleted: number }> {
    const project = await projects.findEditable(actor, input.projectId, family);
    if (input.ids.length === 0) throw refused(MSG.assetsSelectFirst);
    return db.transaction(async (tx) => {
      const deleted = await repo.deleteAssets(tx, project.id, input.ids);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.assets.delete',
        result: 'ok',
        target: String(project.id),
        detail: { ids: deleted },
      });
      return { deleted: deleted.length };
    });
  }

  async function exportSheet(
    viewer: Viewer,
    family: string,
    projectId: number,
    category: BulkAssetCategory,
  ): Promise<SheetFile> {
    const project = await projects.findVisible(viewer, projectId);
    if (project.family !== family) throw notFound();
    const rows = await repo.listAllAssets(db, project.id, category);
    const label = assetCategoryLabel(category);
    return {
      fileName: xlsxName(`${project.code}${assetListTitle(label)}`),
      bytes: await buildAssetExport(
        category,
        label,
        rows.map((row) => row.values),
      ),
    };
  }

  return { template, previewImport, importAssets, list, remove, exportSheet };
}
