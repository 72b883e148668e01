// The accounts module owns project-owner account opening (gate 1, SH-4.5) and the exchange's review of it: the
// registration that opens a company, its first operator and login account in one step and signs the new user
// in; the company application the owner completes and submits (step 2); and the organisation review of
// 机构管理, which approves a complete application (with an optional opinion) or returns it with a reason. The
// company rows belong to the users module; this module keeps the history of every register, submit, return and
// approval with what was submitted and what the reviewer wrote.
//
// This file wires the use cases (use-cases/*.ts) to the module's dependencies; routes and tests see one service.
import { COMPANY_OPENING_DATA_CLASS } from '@cqjy/domain';
import type { CompanyApplicationInput, CompanyExamineInput } from '@cqjy/domain/contracts/accounts';
import type { SessionContext } from '../../platform/auth.ts';
import type { Viewer } from '../attachments/service.ts';
import type { CompanyFilter } from '../users/service.ts';
import type { AccountsDeps, Actor } from './deps.ts';
import { getApplication, saveApplication, submitApplication } from './use-cases/application.ts';
import { checkCompanyStatus, register, type RegisterInput } from './use-cases/registration.ts';
import { examine, listCompanies, showCompany } from './use-cases/review.ts';

export type { Actor } from './deps.ts';
export type { RegisterInput } from './use-cases/registration.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: AccountsDeps) {
  const { config, attachments } = deps;

  // The applicant's company and the exchange's administrators (who see every file) read the licence files.
  const isApplicant = (viewer: Viewer, record: { dataId: string }) =>
    Promise.resolve(String(viewer.companyId) === record.dataId);
  attachments.registerRecordVisibility(COMPANY_OPENING_DATA_CLASS, isApplicant);
  // Only the applicant adds files to its own application.
  attachments.registerRecordWriteRule(COMPANY_OPENING_DATA_CLASS, isApplicant);

  return {
    /** registrations a client IP may attempt per minute, the limit of the SMS sends */
    registrationRateMax: config.otpRateMax,
    checkCompanyStatus: (creditCode: string) => checkCompanyStatus(deps, creditCode),
    register: (input: RegisterInput) => register(deps, input),
    getApplication: (session: SessionContext) => getApplication(deps, session),
    saveApplication: (actor: Actor, input: CompanyApplicationInput) => saveApplication(deps, actor, input),
    submitApplication: (actor: Actor, input: CompanyApplicationInput) =>
      submitApplication(deps, actor, input),
    listCompanies: (query: CompanyFilter) => listCompanies(deps, query),
    showCompany: (viewer: Viewer, id: number) => showCompany(deps, viewer, id),
    examine: (actor: Actor, id: number, input: CompanyExamineInput) => examine(deps, actor, id, input),
  };
}
