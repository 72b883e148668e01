// Company authentication as the applicant asks for it (SH-6.4). Basic (transferor, land, admin): checked against
// the company's approved account-opening record, authenticated at once. Advanced (member, assessment, disassembly
// when flagged): the business licence goes to the exchange's review (company-auth-review.ts).
import {
  ACCEPTED_EXAMINE_STATUSES,
  COMPANY_AUTH_STATUS,
  companyAuthLevel,
  IDENTITY,
  MSG,
  validateCreditCode,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import { COMPANY_AUTH_DATA_CLASS, loadAccount, type Actor, type IdentityDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export type CompanyAuthInput = {
  companyName: string;
  creditCode: string;
  legalPerson?: string | undefined;
  /** the business licence of an advanced application, uploaded under `createId` */
  licenceUuid?: string | undefined;
  createId?: string | undefined;
};

function isExamineAccepted(status: number | null): boolean {
  return status === null || ACCEPTED_EXAMINE_STATUSES.includes(status);
}

/** The licence the applicant uploaded under the draft id: it must be one of the company's own files there. */
async function assertLicence(
  { attachments }: IdentityDeps,
  actor: Actor,
  input: CompanyAuthInput,
): Promise<{ createId: string }> {
  const { licenceUuid, createId } = input;
  if (licenceUuid === undefined || licenceUuid === '' || createId === undefined || createId === '') {
    throw refused(MSG.licenceRequired);
  }
  const files = await attachments.listRelated(actor, {
    dataClass: COMPANY_AUTH_DATA_CLASS,
    dataId: createId,
  });
  if (!files.some((file) => file.uuid === licenceUuid)) throw refused(MSG.licenceMissing);
  return { createId };
}

/**
 * Company authentication. Basic (transferor, land, admin): the name and code must be those of the company's
 * approved (or review-free) record, and it is authenticated at once. Advanced (member, assessment, disassembly
 * when flagged): the code must be the record's, a business licence is required, and the exchange reviews it.
 */
export async function validateCompany(
  deps: IdentityDeps,
  actor: Actor,
  input: CompanyAuthInput,
): Promise<{ companyAuthStatus: number; message: string }> {
  const { db, clock, audit, users, attachments, tasks } = deps;
  const { company } = await loadAccount(deps, actor);
  const companyName = input.companyName.trim();
  const creditCode = input.creditCode.trim();
  const legalPerson =
    input.legalPerson === undefined || input.legalPerson.trim() === '' ? null : input.legalPerson.trim();
  if (companyName === '') throw refused(MSG.companyNameRequired);
  const codeMessage = validateCreditCode(creditCode);
  if (codeMessage !== null) throw refused(codeMessage);
  const level = companyAuthLevel(actor.identityType, company.advancedAuthFlag);
  if (level === null || company.companyAuthStatus === COMPANY_AUTH_STATUS.authenticated) {
    throw refused(MSG.companyAuthNotNeeded);
  }
  if (company.companyAuthStatus === COMPANY_AUTH_STATUS.underReview)
    throw refused(MSG.companyAuthUnderReview);
  const isMismatch =
    level === 'basic'
      ? companyName !== company.name || creditCode !== company.creditCode
      : company.creditCode !== null && creditCode !== company.creditCode;
  if (level === 'basic' && !isExamineAccepted(company.examineStatus)) throw refused(MSG.companyNotApproved);
  if (isMismatch) {
    await audit.append(db, {
      ...toAuditActor(actor),
      action: 'company.auth',
      result: 'fail',
      target: String(company.id),
      detail: { level, reason: 'mismatch' },
    });
    throw refused(MSG.companyMismatch);
  }
  const licence = level === 'advanced' ? await assertLicence(deps, actor, input) : undefined;
  const status = level === 'basic' ? COMPANY_AUTH_STATUS.authenticated : COMPANY_AUTH_STATUS.underReview;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const request = await repo.insertCompanyAuth(tx, {
      companyId: company.id,
      operatorId: actor.operatorId,
      level,
      companyName,
      creditCode,
      legalPerson,
      status,
      createdAt: now,
      decidedAt: level === 'basic' ? now : null,
    });
    if (licence !== undefined) {
      const record = { dataClass: COMPANY_AUTH_DATA_CLASS, dataId: String(request.id) };
      await attachments.bindDraft(tx, { companyId: company.id, ...record, createId: licence.createId });
      // The licence is the evidence of the review: it can no longer be deleted.
      await attachments.lockRecord(tx, record);
    }
    await users.updateCompany(tx, company.id, { companyAuthStatus: status, companyAuthReason: null });
    // an advanced authentication waits for the exchange's review in its 待办任务
    if (level === 'advanced') {
      await tasks.open(
        tx,
        {
          subject: 'companyAuth',
          subjectId: request.id,
          step: 'companyAuthReview',
          subjectName: companyName,
          companyId: company.id,
          type: 'Review',
          routeName: 'companyList',
          routeQuery: { tab: 'auth', id: request.id },
          assignee: { identity: IDENTITY.admin },
        },
        now,
      );
    }
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'company.auth',
      result: 'ok',
      target: String(request.id),
      detail: { level, status, companyId: company.id },
    });
  });
  return {
    companyAuthStatus: status,
    message: level === 'basic' ? MSG.companyAuthOk : MSG.companyAuthSubmitted,
  };
}
