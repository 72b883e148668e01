// The users', companies' and operators' rows as the other modules read and change them. A change is made in the
// caller's transaction; the caller writes the audit row.
import type { Db } from '../../../db/client.ts';
import type { UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export function findUser({ db }: UsersDeps, userId: number) {
  return repo.findUserById(db, userId);
}

export function findUserByUsername({ db }: UsersDeps, username: string) {
  return repo.findUserByUsername(db, username);
}

export function listUsersByMobile({ db }: UsersDeps, mobile: string) {
  return repo.listUsersByMobile(db, mobile);
}

/** `tx`: the caller's transaction, to read inside it */
export function findCompany({ db }: UsersDeps, companyId: number, tx: Db = db) {
  return repo.findCompanyById(tx, companyId);
}

export function findCompanyByCreditCode({ db }: UsersDeps, creditCode: string) {
  return repo.findCompanyByCreditCode(db, creditCode);
}

export function findCompanyByName({ db }: UsersDeps, name: string, identityType: number, tx: Db = db) {
  return repo.findCompanyByName(tx, name, identityType);
}

export function listCompanies({ db }: UsersDeps, filter: repo.CompanyFilter) {
  return repo.listCompanies(db, filter);
}

export function listCompanyOperators({ db }: UsersDeps, companyId: number) {
  return repo.listCompanyOperators(db, companyId);
}

export function listOperatorIds(_deps: UsersDeps, tx: Db, userId: number) {
  return repo.listOperatorIds(tx, userId);
}

export async function hasAnyUser({ db }: UsersDeps): Promise<boolean> {
  return (await repo.countUsers(db)) > 0;
}

/** Changes in the caller's transaction; the caller writes the audit row. */
export function updateUser(_deps: UsersDeps, tx: Db, userId: number, patch: repo.UserPatch) {
  return repo.updateUser(tx, userId, patch);
}

/** false when `expectedVersion` is given and the company changed since (status 409 for the caller). */
export function updateCompany(
  _deps: UsersDeps,
  tx: Db,
  companyId: number,
  patch: repo.CompanyPatch,
  expectedVersion?: number,
) {
  return repo.updateCompany(tx, companyId, patch, expectedVersion);
}

export function updateOperator(_deps: UsersDeps, tx: Db, operatorId: number, patch: repo.OperatorPatch) {
  return repo.updateOperator(tx, operatorId, patch);
}
