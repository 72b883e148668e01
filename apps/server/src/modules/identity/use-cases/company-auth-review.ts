// The exchange's review of advanced company authentication (机构管理, GJS_SYSTEM_ADMIN): the applications with
// their licences, and the decision on one under review.
import {
  COMPANY_AUTH_STATUS,
  COMPANY_AUTH_STATUS_LABELS,
  MSG,
  validateReturnReason,
  type CompanyAuthApplication,
  type PageResult,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { COMPANY_AUTH_DATA_CLASS, type Actor, type IdentityDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export type CompanyAuthFilter = { status?: number | undefined; page: number; size: number };
export type ExamineInput = { pass: boolean; reason?: string | undefined };

export async function listCompanyAuth(
  { db, attachments }: IdentityDeps,
  viewer: Viewer,
  filter: CompanyAuthFilter,
): Promise<PageResult<CompanyAuthApplication>> {
  const page = await repo.listCompanyAuth(db, filter);
  const list = await Promise.all(
    page.list.map(async ({ request, identityType }): Promise<CompanyAuthApplication> => {
      const files =
        request.level === 'advanced'
          ? await attachments.listRelated(viewer, {
              dataClass: COMPANY_AUTH_DATA_CLASS,
              dataId: String(request.id),
            })
          : [];
      return {
        id: request.id,
        companyId: request.companyId,
        identityType,
        level: request.level === 'advanced' ? 'advanced' : 'basic',
        companyName: request.companyName,
        creditCode: request.creditCode,
        legalPerson: request.legalPerson,
        status: request.status,
        statusLabel: COMPANY_AUTH_STATUS_LABELS[request.status] ?? '',
        reason: request.reason,
        createdAt: request.createdAt.toISOString(),
        decidedAt: request.decidedAt?.toISOString() ?? null,
        licence: files.map((file) => ({ uuid: file.uuid, fileName: file.fileName })),
      };
    }),
  );
  return { list, total: page.total };
}

/** The exchange's decision on an application under review; a refusal needs a reason (SH-5.6). */
export async function examineCompanyAuth(
  { db, clock, audit, users, tasks }: IdentityDeps,
  actor: Actor,
  id: number,
  input: ExamineInput,
): Promise<void> {
  const reason = input.pass ? null : (input.reason ?? '').trim();
  if (reason !== null) {
    const message = validateReturnReason(reason);
    if (message !== null) throw refused(message);
  }
  const existing = await repo.findCompanyAuth(db, id);
  if (existing === undefined) throw notFound();
  const status = input.pass ? COMPANY_AUTH_STATUS.authenticated : COMPANY_AUTH_STATUS.refused;
  await db.transaction(async (tx) => {
    const decided = await repo.decideCompanyAuth(
      tx,
      id,
      { status, reason, decidedAt: clock.now(), decidedBy: actor.userId },
      COMPANY_AUTH_STATUS.underReview,
    );
    if (decided === undefined) throw refused(MSG.companyAuthNotPending);
    await tasks.advance(
      tx,
      { subject: 'companyAuth', subjectId: id },
      { result: input.pass ? 'pass' : 'back', decider: actor, at: clock.now() },
    );
    await users.updateCompany(tx, decided.companyId, {
      companyAuthStatus: status,
      companyAuthReason: reason,
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'company.auth.examine',
      result: input.pass ? 'ok' : 'refused',
      target: String(id),
      detail: { companyId: decided.companyId, status, reason },
    });
  });
}
