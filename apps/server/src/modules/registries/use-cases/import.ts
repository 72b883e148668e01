// The Excel template, and the import of a filled-in one: its preview (every row checked, nothing stored), then the
// good rows stored, the bad ones skipped and counted.
import {
  registrySheet,
  xlsxName,
  MSG,
  type RegistryDef,
  type SheetImportPreview,
  type SheetImportResult,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Actor, Viewer } from '../../attachments/service.ts';
import { buildSheetTemplate, readSheet } from '../../projects/sheet-files.ts';
import { toPreviewRow } from '../../projects/sheets-service.ts';
import { registryImportRecord } from '../access.ts';
import type { RegistriesDeps, RegistryFile } from '../deps.ts';
import * as repo from '../repo.ts';
import { takenMessage, toWrite, writing } from '../rows.ts';

/** The import template: a column per field, its rule in the instructions. */
export async function registryTemplate(def: RegistryDef): Promise<RegistryFile> {
  return {
    fileName: xlsxName(`${def.title}导入模板`),
    bytes: await buildSheetTemplate(registrySheet(def)),
  };
}

/**
 * The rows of a filled-in template, each checked: its fields, and its unique value against the company's rows
 * and the rows above it in the file.
 */
async function readImport(
  { db, attachments }: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
  uuid: string,
) {
  const sheet = registrySheet(def);
  const files = await attachments.listRelated(viewer, registryImportRecord(def.key, viewer.companyId));
  const file = files.find((item) => item.uuid === uuid);
  if (file === undefined) throw notFound();
  if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw refused(MSG.assetsFileInvalid);
  const download = await attachments.openDownload(viewer, file.uuid, false);
  const rows = (await readSheet(download.stream, sheet)).map((row) => toPreviewRow(row, sheet));
  const key = def.uniqueField;
  if (key !== undefined) {
    const values = rows.flatMap((row) => (row.values[key] === undefined ? [] : [String(row.values[key])]));
    const taken = await repo.findTakenValues(db, def.key, viewer.companyId, values);
    const seen = new Set<string>();
    for (const row of rows) {
      const value = row.values[key];
      if (value === undefined) continue;
      if (taken.has(String(value)) || seen.has(String(value))) {
        row.errors.push(takenMessage(def));
        row.isValid = false;
      }
      seen.add(String(value));
    }
  }
  return rows;
}

export async function previewRegistryImport(
  deps: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
  uuid: string,
): Promise<SheetImportPreview> {
  const rows = await readImport(deps, viewer, def, uuid);
  const valid = rows.filter((row) => row.isValid).length;
  return {
    category: def.key,
    total: rows.length,
    valid,
    invalid: rows.length - valid,
    rows: rows.map(({ isValid: _isValid, ...row }) => row),
    problems: [],
  };
}

export async function importRegistryRows(
  deps: RegistriesDeps,
  actor: Actor,
  def: RegistryDef,
  uuid: string,
): Promise<SheetImportResult> {
  const { db, audit } = deps;
  const rows = await readImport(deps, actor, def, uuid);
  const good = rows.filter((row) => row.isValid);
  return writing(def, () =>
    db.transaction(async (tx) => {
      const stored = await repo.insertRows(
        tx,
        { registry: def.key, companyId: actor.companyId, createdBy: actor.userId },
        good.map((row) => toWrite(def, row.values)),
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.import',
        result: 'ok',
        target: def.key,
        detail: { registry: def.key, imported: stored.length, skipped: rows.length - good.length },
      });
      return { imported: stored.length, skipped: rows.length - good.length };
    }),
  );
}
