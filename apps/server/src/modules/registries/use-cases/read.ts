// The reads: a page of the caller's rows (every company's for the exchange), and one row.
import { maskRegistryValues, type RegistryDef, type RegistryRow } from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { isExchange, scopeOf } from '../access.ts';
import type { RegistriesDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { toRow } from '../rows.ts';

/** The list: keyword, choice filters, paging; personal numbers masked. */
export async function listRegistryRows(
  { db }: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
  query: { keyword?: string | undefined; filters: Record<string, string>; page: number; size: number },
): Promise<{ list: RegistryRow[]; total: number; isTotalCapped: boolean }> {
  // only the definition's filters, on values one of its options
  const filters = Object.fromEntries(
    Object.entries(query.filters).filter(
      ([key, value]) =>
        def.filters.includes(key) && def.fields.find((field) => field.key === key)?.options?.includes(value),
    ),
  );
  const page = await repo.listRows(db, { ...query, filters, registry: def.key, scope: scopeOf(viewer) });
  return {
    total: page.total,
    isTotalCapped: page.isTotalCapped,
    list: page.list.map((row) => ({
      ...toRow(def, row, viewer),
      values: maskRegistryValues(def, row.values),
    })),
  };
}

export async function showRegistryRow(
  { db }: RegistriesDeps,
  viewer: Viewer,
  def: RegistryDef,
  id: number,
): Promise<RegistryRow> {
  const row = await repo.findRow(db, def.key, id);
  if (row === undefined || (row.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
  return toRow(def, row, viewer);
}
