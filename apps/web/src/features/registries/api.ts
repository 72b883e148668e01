// The calls of a registry (registries/kit.ts), under its definition's base (/api/customer ...): the list (the
// caller's company's rows, every company's for the exchange, personal numbers masked), a row, save, update with
// the version, delete with the version, the template and the export as .xlsx, and the import of a filled template
// uploaded first as a file (preview, then import). Values travel as typed (money in yuan), choices as their option
// text; the server checks them as an imported row's cells and keeps fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import { xlsxName } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { SheetImportPreview, SheetImportResult, SheetValues } from '@cqjy/domain/projects/sheets';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { saveBlob } from '../../api/attachments.ts';
import { http, unwrap } from '../../lib/http.ts';

export type RegistryQuery = {
  page: number;
  size: number;
  keyword?: string;
  /** by choice field key: the option chosen */
  filters?: Record<string, string>;
};

export type Versioned = { id: number; version: number };

/** The upload's record of a registry's imports: one per company. */
export const REGISTRY_IMPORT_CLASS = 'registryImport';
export const REGISTRY_IMPORT_TAG = 'registryImport';
export const registryImportDataId = (def: RegistryDef, companyId: number): string =>
  `${def.key}-${companyId}`;

export const registryListQuery = (def: RegistryDef, query: RegistryQuery) =>
  queryOptions({
    queryKey: ['registries', def.key, 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<RegistryRow>>>(`${def.apiBase}/list`, query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const registryRowQuery = (def: RegistryDef, id: number) =>
  queryOptions({
    queryKey: ['registries', def.key, 'row', id] as const,
    queryFn: async () => {
      const row = unwrap(await http.get<Envelope<RegistryRow | null>>(`${def.apiBase}/${id}`));
      // an answer without a row is a row that is not there
      if (row === null) throw new Error(MSG.notFound);
      return row;
    },
    staleTime: 0,
  });

export async function saveRegistryRow(def: RegistryDef, values: SheetValues): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`${def.apiBase}/save`, { values }), {
    showSuccess: true,
  });
}

export async function updateRegistryRow(
  def: RegistryDef,
  row: Versioned,
  values: SheetValues,
): Promise<Versioned> {
  const body = { version: row.version, values };
  return unwrap(await http.post<Envelope<Versioned>>(`${def.apiBase}/update/${row.id}`, body), {
    showSuccess: true,
  });
}

export async function deleteRegistryRow(def: RegistryDef, row: Versioned): Promise<void> {
  const body = { version: row.version };
  unwrap(await http.post<Envelope<unknown>>(`${def.apiBase}/delete/${row.id}`, body), { showSuccess: true });
}

export async function downloadRegistryTemplate(def: RegistryDef): Promise<void> {
  saveBlob(await http.download(`${def.apiBase}/template`), xlsxName(`${def.title}模板`));
}

/** The export, streamed by the server: `onProgress` hears the bytes as they come (the size is not known ahead). */
export async function exportRegistry(
  def: RegistryDef,
  onProgress?: (received: number) => void,
): Promise<void> {
  const blob = await http.download(`${def.apiBase}/export`, undefined, {
    ...(onProgress === undefined ? {} : { onProgress: (received: number) => onProgress(received) }),
  });
  saveBlob(blob, xlsxName(def.title));
}

export async function previewRegistryImport(def: RegistryDef, uuid: string): Promise<SheetImportPreview> {
  return unwrap(await http.post<Envelope<SheetImportPreview>>(`${def.apiBase}/import/preview`, { uuid }));
}

export async function importRegistryRows(def: RegistryDef, uuid: string): Promise<SheetImportResult> {
  return unwrap(await http.post<Envelope<SheetImportResult>>(`${def.apiBase}/import`, { uuid }));
}

export type StartedProject = { id: number; family: string; code: string };

/** A draft project of `family` started from the rows (their versions as read): POST {base}/project. */
export async function startRegistryProject(
  def: RegistryDef,
  family: string,
  rows: readonly Versioned[],
): Promise<StartedProject> {
  const body = { family, rows: rows.map(({ id, version }) => ({ id, version })) };
  return unwrap(await http.post<Envelope<StartedProject>>(`${def.apiBase}/project`, body), {
    showSuccess: true,
  });
}

/** A plan started from the row: POST {base}/plan. */
export async function startRegistryPlan(
  def: RegistryDef,
  row: Versioned,
): Promise<{ id: number; code: string }> {
  const body = { rows: [{ id: row.id, version: row.version }] };
  return unwrap(await http.post<Envelope<{ id: number; code: string }>>(`${def.apiBase}/plan`, body), {
    showSuccess: true,
  });
}
