// Step 2 of account opening, by the signed-in applicant: the company application, kept as a draft (only what is
// filled in is checked) and submitted for the exchange's review (everything, with a business licence).
import {
  COMPANY_EDITABLE_FIELDS,
  EXAMINE_STATUS,
  IDENTITY,
  isApplicationEditable,
  MSG,
  normalizeRegulator,
  validateCompanyDraft,
  validateCompanySubmission,
  type CompanyApplication,
  type CompanyApplicationFields,
} from '@cqjy/domain';
import type { CompanyApplicationInput } from '@cqjy/domain/contracts/accounts';
import { toAuditActor } from '../../../platform/audit.ts';
import type { SessionContext } from '../../../platform/auth.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { CompanyRow } from '../../users/service.ts';
import { clean, listLicence, toApplication } from '../application-view.ts';
import { recordOf, taskSubject, type AccountsDeps, type Actor } from '../deps.ts';
import * as repo from '../repo.ts';

/** The editable fields of a save or submit, trimmed, with the province and city the regulator needs only. */
function readFields(input: CompanyApplicationInput): CompanyApplicationFields {
  const fields = Object.fromEntries(
    COMPANY_EDITABLE_FIELDS.map((field) => [field, clean(input[field])]),
  ) as CompanyApplicationFields;
  return normalizeRegulator(fields);
}

async function loadOwnCompany({ users }: AccountsDeps, session: SessionContext): Promise<CompanyRow> {
  const company = await users.findCompany(session.companyId);
  // Companies the exchange opened or that never needed the review have no application.
  if (company?.examineStatus === null || company === undefined) throw notFound(MSG.applicationNotFound);
  return company;
}

/** The signed-in applicant's own application; there is no way to name another company's. */
export async function getApplication(
  deps: AccountsDeps,
  session: SessionContext,
): Promise<CompanyApplication> {
  return toApplication(deps, await loadOwnCompany(deps, session), session);
}

async function loadEditable(deps: AccountsDeps, actor: Actor): Promise<CompanyRow> {
  const company = await loadOwnCompany(deps, actor);
  if (!isApplicationEditable(company.examineStatus)) throw refused(MSG.applicationNotEditable);
  return company;
}

/** Keeps a draft (status draft or returned); only what is filled in is checked. */
export async function saveApplication(
  deps: AccountsDeps,
  actor: Actor,
  input: CompanyApplicationInput,
): Promise<CompanyApplication> {
  const { db, audit, users } = deps;
  const company = await loadEditable(deps, actor);
  const fields = readFields(input);
  const problem = validateCompanyDraft(fields);
  if (problem !== null) throw refused(problem.message);
  await db.transaction(async (tx) => {
    // The name is checked present above; the fallback only satisfies the column's type.
    const patch = { ...fields, name: fields.name ?? company.name };
    if (!(await users.updateCompany(tx, company.id, patch, input.version))) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'company.application.save',
      result: 'ok',
      target: String(company.id),
      detail: { fields },
    });
  });
  return getApplication(deps, actor);
}

/**
 * Submits the application for review: every field, the regulator rule and a business licence. The licence
 * files are locked with the submission (a returned applicant adds a corrected one beside them), and the history
 * keeps what was submitted.
 */
export async function submitApplication(
  deps: AccountsDeps,
  actor: Actor,
  input: CompanyApplicationInput,
): Promise<CompanyApplication> {
  const { db, clock, audit, users, attachments, tasks } = deps;
  const company = await loadEditable(deps, actor);
  const fields = readFields(input);
  const licence = await listLicence(deps, actor, company.id);
  const problem = validateCompanySubmission(fields, licence.length);
  if (problem !== null) throw refused(problem.message);
  const snapshot = {
    ...fields,
    creditCode: company.creditCode,
    contactMobile: company.contactMobile,
    businessLicense: licence.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
  };
  await db.transaction(async (tx) => {
    const patch = {
      ...fields,
      name: fields.name ?? company.name,
      examineStatus: EXAMINE_STATUS.submitted,
      examineReason: null,
    };
    if (!(await users.updateCompany(tx, company.id, patch, input.version))) throw conflict();
    await attachments.lockRecord(tx, recordOf(company.id));
    await repo.insertExamination(tx, {
      companyId: company.id,
      action: 'submit',
      reason: null,
      snapshot,
      actorUserId: actor.userId,
      createdAt: clock.now(),
    });
    await tasks.advance(
      tx,
      taskSubject(company.id),
      { result: 'resubmitted', decider: actor, at: clock.now() },
      {
        ...taskSubject(company.id),
        step: 'accountOpeningReview',
        subjectName: patch.name,
        companyId: company.id,
        type: 'Review',
        routeName: 'companyList',
        routeQuery: { tab: 'opening', id: company.id },
        assignee: { identity: IDENTITY.admin },
      },
    );
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'company.application.submit',
      result: 'ok',
      target: String(company.id),
      detail: { snapshot },
    });
  });
  return getApplication(deps, actor);
}
