// The calls of a registry (registries/kit.ts), under its definition's base (/api/customer ...): the list (the
// caller's company's rows, every company's for the exchange, personal numbers masked), a row, save, update with
// the version, delete with the version, the template and the export as .xlsx, and the import of a filled template
// uploaded first as a file (preview, then import). Values travel as typed (money in yuan), choices as their option
// text; the server checks them as an imported row's cells and keeps fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallAnswer } from '@cqjy/domain/contract';
import { registryCalls, type RegistryCalls, type RegistryListQuery } from '@cqjy/domain/contracts/registries';
import { xlsxName } from '@cqjy/domain/format';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { SheetImportPreview, SheetImportResult, SheetValues } from '@cqjy/domain/projects/sheets';
import type { RegistryDef } from '@cqjy/domain/registries/kit';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';

export type RegistryQuery = RegistryListQuery & { page: number; size: number };

export type Versioned = CallAnswer<RegistryCalls['save']>;

/** The upload's record of a registry's imports: one per company. */
export const REGISTRY_IMPORT_CLASS = 'registryImport';
export const REGISTRY_IMPORT_TAG = 'registryImport';
export const registryImportDataId = (def: RegistryDef, companyId: number): string =>
  `${def.key}-${companyId}`;

export const registryListQuery = (def: RegistryDef, query: RegistryQuery) =>
  queryOptions({
    queryKey: ['registries', def.key, 'list', query] as const,
    queryFn: () => fetchData(registryCalls(def).list, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const registryRowQuery = (def: RegistryDef, id: number) =>
  queryOptions({
    queryKey: ['registries', def.key, 'row', id] as const,
    queryFn: () => fetchData(registryCalls(def).show, { params: { id } }),
    staleTime: 0,
  });

export function saveRegistryRow(def: RegistryDef, values: SheetValues): Promise<Versioned> {
  return fetchData(registryCalls(def).save, { body: { values } }, { showSuccess: true });
}

export function updateRegistryRow(def: RegistryDef, row: Versioned, values: SheetValues): Promise<Versioned> {
  return fetchData(
    registryCalls(def).update,
    { params: { id: row.id }, body: { version: row.version, values } },
    { showSuccess: true },
  );
}

export async function deleteRegistryRow(def: RegistryDef, row: Versioned): Promise<void> {
  await fetchData(
    registryCalls(def).remove,
    { params: { id: row.id }, body: { version: row.version } },
    { showSuccess: true },
  );
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

export function previewRegistryImport(def: RegistryDef, uuid: string): Promise<SheetImportPreview> {
  return fetchData(registryCalls(def).previewImport, { body: { uuid } });
}

export function importRegistryRows(def: RegistryDef, uuid: string): Promise<SheetImportResult> {
  return fetchData(registryCalls(def).importRows, { body: { uuid } });
}

export type StartedProject = CallAnswer<RegistryCalls['startProject']>;

/** A draft project of `family` started from the rows (their versions as read): POST {base}/project. */
export function startRegistryProject(
  def: RegistryDef,
  family: ProjectFamily,
  rows: readonly Versioned[],
): Promise<StartedProject> {
  const body = { family, rows: rows.map(({ id, version }) => ({ id, version })) };
  return fetchData(registryCalls(def).startProject, { body }, { showSuccess: true });
}

/** A plan started from the row: POST {base}/plan. */
export function startRegistryPlan(
  def: RegistryDef,
  row: Versioned,
): Promise<CallAnswer<RegistryCalls['startPlan']>> {
  const body = { rows: [{ id: row.id, version: row.version }] };
  return fetchData(registryCalls(def).startPlan, { body }, { showSuccess: true });
}
