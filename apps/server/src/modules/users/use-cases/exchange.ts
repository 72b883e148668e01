// The exchange's own company (identity 999): its name and id, looked up once per service and kept
// (deps.exchange). The exchange's name changes rarely, if ever: one look-up per process serves every letter and
// announcement.
import { IDENTITY, MSG } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The exchange's name (its company of identity 999), as letters are addressed and announcements signed. */
export async function findExchangeName({ db, exchange }: UsersDeps): Promise<string> {
  if (exchange.name === undefined) {
    const page = await repo.listCompanies(db, { identityType: IDENTITY.admin, page: 1, size: 1 });
    exchange.name = page.list[0]?.name;
  }
  return exchange.name ?? MSG.exchangeFallbackName;
}

/** The exchange's company (identity 999); null before one is registered. `tx`: the caller's transaction. */
export async function findExchangeCompanyId(
  { db, exchange }: UsersDeps,
  tx: Db = db,
): Promise<number | null> {
  if (exchange.companyId === undefined || exchange.companyId === null) {
    const page = await repo.listCompanies(tx, { identityType: IDENTITY.admin, page: 1, size: 1 });
    exchange.companyId = page.list[0]?.id ?? null;
  }
  return exchange.companyId;
}
