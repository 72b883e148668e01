// Who reaches which registry row, shared by the use cases: a row belongs to the company that made it, and another
// company's row answers 404 on every call, as an id that does not exist; the exchange lists and sees every
// company's. And the uploaded templates of a company's imports, which only that company sees and adds.
import { IDENTITY, type RegistryDef } from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import type { RegistriesDeps } from './deps.ts';
import * as repo from './repo.ts';

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;

export function scopeOf(viewer: Viewer): repo.RegistryScope {
  return isExchange(viewer) ? { kind: 'all' } : { kind: 'company', companyId: viewer.companyId };
}

/** The row of the caller's own company; anything else (another company's, the exchange's view) is not found. */
export async function findOwn(
  { db }: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
  id: number,
): Promise<repo.RegistryListItem> {
  const row = await repo.findRow(db, def.key, id);
  if (row === undefined || row.companyId !== viewer.companyId) throw notFound();
  return row;
}

/**
 * A filled-in template is uploaded first, as a file of the company's imports into the registry (dataId
 * `<registry>-<companyId>`, so that only its own company sees and adds such files), then previewed and imported by
 * its uuid: the upload's checks (type by content, size, name) are the attachments module's.
 */
export const REGISTRY_IMPORT_CLASS = 'registryImport';

export const registryImportRecord = (registry: string, companyId: number) => ({
  dataClass: REGISTRY_IMPORT_CLASS,
  dataId: `${registry}-${companyId}`,
});

export const isOwnImportRecord = (viewer: Pick<Viewer, 'companyId'>, dataId: string): boolean =>
  dataId.split('-').at(-1) === String(viewer.companyId);
