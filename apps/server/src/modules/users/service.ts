// The users module owns companies, users, operators and roles. It answers who a signed-in operator is
// (userinfo), what they may do (permissions), the account facts sign-in needs and the 国家出资企业 a credit code
// belongs to; it keeps the operator's welcome-prompt flag and secondary role.
//
// Each job is one use case (use-cases/: sign-in, operator-context, exchange, settings, accounts, records,
// state-funded); the permission codes they share sit in codes.ts; this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { UsersDeps, UsersParts } from './deps.ts';
import { createAccount, setPasswordHash } from './use-cases/accounts.ts';
import { findExchangeCompanyId, findExchangeName } from './use-cases/exchange.ts';
import {
  findDefaultOperatorContext,
  findOperator,
  findOperatorContext,
  getPermissions,
  getSessionUser,
  listBusinessPermissions,
  listCompanyRoleCodes,
} from './use-cases/operator-context.ts';
import {
  findCompany,
  findCompanyByCreditCode,
  findCompanyByName,
  findUser,
  findUserByUsername,
  hasAnyUser,
  listCompanies,
  listCompanyOperators,
  listOperatorIds,
  listUsersByMobile,
  updateCompany,
  updateOperator,
  updateUser,
} from './use-cases/records.ts';
import { cancelPrompt, setSecondaryRole } from './use-cases/settings.ts';
import { findStateEnterpriseOf } from './use-cases/state-funded.ts';
import {
  clearLoginFailures,
  findLoginAccount,
  findLoginAccountByMobile,
  recordLoginFailure,
} from './use-cases/sign-in.ts';

export { effectiveCodes } from './codes.ts';
export type { Actor, LoginAccount, NewAccount, OperatorContext, UsersDeps, UsersParts } from './deps.ts';
export type {
  CompanyFilter,
  CompanyPatch,
  CompanyRow,
  OperatorPatch,
  OperatorRow,
  UserPatch,
  UserRow,
} from './repo.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(parts: UsersParts) {
  const deps: UsersDeps = { ...parts, exchange: { name: undefined, companyId: undefined } };

  /** A use case with the module's deps bound: what the routes, the other modules and sign-in call. */
  const bound = bindDeps(deps);

  return {
    createAccount: bound(createAccount),
    setPasswordHash: bound(setPasswordHash),
    findUser: bound(findUser),
    findUserByUsername: bound(findUserByUsername),
    listUsersByMobile: bound(listUsersByMobile),
    findCompany: bound(findCompany),
    findCompanyByCreditCode: bound(findCompanyByCreditCode),
    findCompanyByName: bound(findCompanyByName),
    findStateEnterpriseOf: bound(findStateEnterpriseOf),
    listCompanies: bound(listCompanies),
    listCompanyOperators: bound(listCompanyOperators),
    listOperatorIds: bound(listOperatorIds),
    findOperator: bound(findOperator),
    updateUser: bound(updateUser),
    updateCompany: bound(updateCompany),
    updateOperator: bound(updateOperator),
    findLoginAccount: bound(findLoginAccount),
    findLoginAccountByMobile: bound(findLoginAccountByMobile),
    findDefaultOperatorContext: bound(findDefaultOperatorContext),
    findOperatorContext: bound(findOperatorContext),
    findExchangeName: bound(findExchangeName),
    findExchangeCompanyId: bound(findExchangeCompanyId),
    getSessionUser: bound(getSessionUser),
    getPermissions: bound(getPermissions),
    listBusinessPermissions: bound(listBusinessPermissions),
    cancelPrompt: bound(cancelPrompt),
    setSecondaryRole: bound(setSecondaryRole),
    hasAnyUser: bound(hasAnyUser),
    recordLoginFailure: bound(recordLoginFailure),
    clearLoginFailures: bound(clearLoginFailures),
    listCompanyRoleCodes: bound(listCompanyRoleCodes),
  };
}
