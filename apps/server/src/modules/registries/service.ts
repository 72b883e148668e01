// The registries kit (the domain's registries/): one service for every registry of the company's own records —
// list (keyword, choice filters, paging; the company's own rows, every company's for the exchange), create, update,
// show, delete, the Excel template, the import with its preview (every row checked, nothing stored; then the good
// rows stored, the bad ones skipped and counted) and the export. A registry's rows belong to the company that
// made them: another company's row answers 404 on every call, as an id that does not exist. Every change is audited.
//
// Each job is one use case (use-cases/: read, save, remove, import, export); who reaches which row is access.ts,
// the row as shown and written rows.ts; this file wires them to the deps.
import type { Viewer } from '../attachments/service.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import { isOwnImportRecord, REGISTRY_IMPORT_CLASS } from './access.ts';
import type { RegistriesDeps } from './deps.ts';
import { exportRegistryRows } from './use-cases/export.ts';
import { importRegistryRows, previewRegistryImport, registryTemplate } from './use-cases/import.ts';
import { listRegistryRows, showRegistryRow } from './use-cases/read.ts';
import { removeRegistryRow } from './use-cases/remove.ts';
import { createRegistryRow, updateRegistryRow } from './use-cases/save.ts';

export { REGISTRY_IMPORT_CLASS, registryImportRecord } from './access.ts';
export type { RegistriesDeps, RegistryExport, RegistryFile } from './deps.ts';

export type RegistriesService = ReturnType<typeof createRegistriesService>;

export function createRegistriesService(deps: RegistriesDeps) {
  const { attachments } = deps;
  const ownImportsOnly = (viewer: Viewer, record: { dataId: string }): Promise<boolean> =>
    Promise.resolve(isOwnImportRecord(viewer, record.dataId));
  attachments.registerRecordVisibility(REGISTRY_IMPORT_CLASS, ownImportsOnly);
  attachments.registerRecordWriteRule(REGISTRY_IMPORT_CLASS, ownImportsOnly);

  /** A use case with the module's deps bound: what the routes call. */
  const bound = bindDeps(deps);

  return {
    list: bound(listRegistryRows),
    show: bound(showRegistryRow),
    create: bound(createRegistryRow),
    update: bound(updateRegistryRow),
    remove: bound(removeRegistryRow),
    template: registryTemplate,
    previewImport: bound(previewRegistryImport),
    importRows: bound(importRegistryRows),
    exportRows: bound(exportRegistryRows),
  };
}
