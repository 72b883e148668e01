// The export: the caller's rows in the template's layout, streamed.
import {
  maskRegistryValues,
  registrySheet,
  xlsxName,
  type RegistryDef,
  type SheetValues,
} from '@cqjy/domain';
import { PassThrough } from 'node:stream';
import type { Viewer } from '../../attachments/service.ts';
import { streamSheetExport } from '../../projects/sheet-files.ts';
import { scopeOf } from '../access.ts';
import type { RegistriesDeps, RegistryExport } from '../deps.ts';
import * as repo from '../repo.ts';

/** Rows an export reads at a time. */
const EXPORT_PAGE = 1000;

/** The caller's rows, oldest first, a page at a time: its own company's whole, another's masked. */
async function* exportValues(
  { db }: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
): AsyncGenerator<SheetValues> {
  const scope = scopeOf(viewer);
  for (let after = 0; ;) {
    const page = await repo.listPage(db, def.key, scope, after, EXPORT_PAGE);
    for (const row of page) {
      yield row.companyId === viewer.companyId ? row.values : maskRegistryValues(def, row.values);
    }
    const last = page.at(-1);
    if (last === undefined || page.length < EXPORT_PAGE) return;
    after = last.id;
  }
}

/**
 * The caller's rows (every company's for the exchange) in the template's layout, as a stream of the workbook:
 * read a page at a time (by id, each page after the last id of the one before) and written a row at a time, so
 * neither the rows nor the file are ever whole in memory. A failure once the answer has started destroys the
 * stream, which cuts the download off.
 */
export function exportRegistryRows(deps: RegistriesDeps, viewer: Viewer, def: RegistryDef): RegistryExport {
  const body = new PassThrough();
  streamSheetExport(registrySheet(def), exportValues(deps, viewer, def), body).catch((error: unknown) => {
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: xlsxName(def.title), body };
}
