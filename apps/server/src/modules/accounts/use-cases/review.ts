// The exchange's organisation review (机构管理, GJS_SYSTEM_ADMIN): every company, an application with every fact
// and file the applicant submitted, and the decision that approves a complete application (with an optional
// opinion) or returns it with a reason.
import {
  approvalMissingMessage,
  BUSINESS_LICENSE_TAG,
  COMPANY_AUTH_STATUS_LABELS,
  EXAMINE_STATUS,
  EXAMINE_STATUS_LABELS,
  listMissingForApproval,
  MSG,
  validateApprovalOpinion,
  validateReturnReason,
  type CompanyDetail,
  type CompanyListItem,
  type PageResult,
} from '@cqjy/domain';
import type { CompanyExamineInput } from '@cqjy/domain/contracts/accounts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import type { CompanyFilter, CompanyRow } from '../../users/service.ts';
import {
  clean,
  identityLabel,
  listApplicationFiles,
  listLicence,
  pickFields,
  statusLabel,
  toApplication,
} from '../application-view.ts';
import { taskSubject, type AccountsDeps, type Actor } from '../deps.ts';
import * as repo from '../repo.ts';

function toListItem(company: CompanyRow): CompanyListItem {
  return {
    id: company.id,
    name: company.name,
    creditCode: company.creditCode,
    identityType: company.identityType,
    identityLabel: identityLabel(company.identityType),
    examineStatus: company.examineStatus,
    examineStatusLabel: statusLabel(EXAMINE_STATUS_LABELS, company.examineStatus),
    companyAuthStatus: company.companyAuthStatus,
    companyAuthStatusLabel: statusLabel(COMPANY_AUTH_STATUS_LABELS, company.companyAuthStatus),
    version: company.version,
    updatedAt: company.updatedAt.toISOString(),
  };
}

/** 机构管理: every company, newest change first, by name or code, identity and statuses. */
export async function listCompanies(
  { users }: AccountsDeps,
  query: CompanyFilter,
): Promise<PageResult<CompanyListItem>> {
  const keyword = clean(query.keyword);
  const page = await users.listCompanies({ ...query, ...(keyword === null ? {} : { keyword }) });
  return { list: page.list.map(toListItem), total: page.total };
}

/** An application as the reviewer decides on it: every fact and file the applicant submitted, and who operates. */
export async function showCompany(deps: AccountsDeps, viewer: Viewer, id: number): Promise<CompanyDetail> {
  const { users } = deps;
  const company = await users.findCompany(id);
  if (company === undefined) throw notFound();
  const [application, operators, files] = await Promise.all([
    toApplication(deps, company, viewer),
    users.listCompanyOperators(id),
    listApplicationFiles(deps, viewer, id),
  ]);
  return {
    ...application,
    otherFiles: files.filter((file) => file.tag !== BUSINESS_LICENSE_TAG),
    identityLabel: identityLabel(company.identityType),
    companyAuthStatus: company.companyAuthStatus,
    companyAuthStatusLabel: statusLabel(COMPANY_AUTH_STATUS_LABELS, company.companyAuthStatus),
    operators: operators.map(({ operator, user }) => ({
      id: operator.id,
      username: user.username,
      nickname: user.nickname,
      realName: user.realName,
      mobile: user.mobile,
      manager: operator.manager,
    })),
  };
}

/**
 * The text a decision keeps in the history: a return's required reason (SH-5.6), or an approval's optional
 * opinion (审核意见) under the same limit; an empty opinion is none.
 */
function readExamineReason(input: CompanyExamineInput): string | null {
  if (!input.pass) {
    const reason = (input.reason ?? '').trim();
    const message = validateReturnReason(reason);
    if (message !== null) throw refused(message);
    return reason;
  }
  const opinion = clean(input.reason);
  const message = validateApprovalOpinion(opinion);
  if (message !== null) throw refused(message);
  return opinion;
}

/**
 * The exchange's decision on an application under review: approval passes gate 1, and only an application with
 * every required fact and a business licence may have it; a return (with its reason, SH-5.6) sends it back to
 * the applicant, who sees the reason and may correct and resubmit. The reason or opinion goes into the history
 * and the audit log.
 */
export async function examine(
  deps: AccountsDeps,
  actor: Actor,
  id: number,
  input: CompanyExamineInput,
): Promise<void> {
  const { db, clock, audit, users, tasks } = deps;
  const reason = readExamineReason(input);
  const company = await users.findCompany(id);
  if (company === undefined) throw notFound();
  // decided by another reviewer since this one was shown the application: a conflict, nothing changes
  if (company.version !== input.version) throw conflict();
  if (company.examineStatus !== EXAMINE_STATUS.submitted) throw refused(MSG.examineNotPending);
  // Checked on the row the reviewer was shown; it cannot change under review except by the version-checked
  // update below, and the locked licence files can only be added to.
  const licence = await listLicence(deps, actor, id);
  if (input.pass) {
    const missing = listMissingForApproval({ ...company, businessLicense: licence });
    if (missing.length > 0) throw refused(approvalMissingMessage(missing));
  }
  const patch = input.pass
    ? { examineStatus: EXAMINE_STATUS.approved, examineReason: null }
    : { examineStatus: EXAMINE_STATUS.returned, examineReason: reason };
  const action = input.pass ? 'approve' : 'return';
  await db.transaction(async (tx) => {
    if (!(await users.updateCompany(tx, id, patch, input.version))) throw conflict();
    await tasks.advance(tx, taskSubject(id), { result: action, decider: actor, at: clock.now() });
    await repo.insertExamination(tx, {
      companyId: id,
      action,
      reason,
      snapshot: {
        ...pickFields(company),
        creditCode: company.creditCode,
        contactMobile: company.contactMobile,
        businessLicense: licence.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
      },
      actorUserId: actor.userId,
      createdAt: clock.now(),
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: `company.examine.${action}`,
      result: 'ok',
      target: String(id),
      detail: { examineStatus: patch.examineStatus, reason },
    });
  });
}
