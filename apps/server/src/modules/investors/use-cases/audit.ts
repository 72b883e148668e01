import { checkInvestorAuditReason, formatMessage, MSG } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, forbidden, notFound, refused } from '../../../platform/errors.ts';
import { findCapitalIncrease, isExchange } from '../access.ts';
import type { Actor, InvestorsDeps, Saved } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * POST /api/project/cap/investor/audit/{id}: the exchange passes or refuses a submitted investor; the registrant
 * is told, with the reason.
 */
export async function auditInvestor(
  deps: InvestorsDeps,
  actor: Actor,
  id: number,
  input: { version: number; isPassed: boolean; reason: string; family: string },
): Promise<Saved> {
  const { db, audit, clock, notifications, tasks } = deps;
  if (!isExchange(actor)) throw forbidden(MSG.investorsAuditorOnly);
  const investor = await repo.findInvestor(db, id);
  if (investor === undefined || investor.status === 'draft') throw notFound();
  const project = await findCapitalIncrease(deps, investor.projectId, input.family);
  if (investor.status !== 'submitted') throw refused(MSG.investorsNotAuditable);
  const reason = input.reason.trim();
  const message = checkInvestorAuditReason(input.isPassed, reason);
  if (message !== null) throw refused(message);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await repo.updateInvestorGuarded(
      tx,
      investor.id,
      input.version,
      {
        status: input.isPassed ? 'qualified' : 'refused',
        auditReason: reason,
        auditedAt: now,
        auditedBy: actor.userId,
      },
      ['submitted'],
    );
    if (row === undefined) throw conflict(MSG.workflowTaskHandled);
    await tasks.advance(
      tx,
      { subject: 'investor', subjectId: row.id },
      { result: input.isPassed ? 'pass' : 'back', decider: actor, at: now },
    );
    await notifications.raise(tx, {
      companyId: investor.companyId,
      kind: 'investor.audit',
      title: formatMessage(MSG.investorsAuditNoticeTitle, {
        name: investor.name,
        result: input.isPassed ? '通过' : '未通过',
      }),
      body:
        reason === ''
          ? formatMessage(MSG.investorsAuditNoticeBody, { project: project.name })
          : formatMessage(MSG.investorsAuditNoticeBodyWithReason, { project: project.name, reason }),
      link: `/index/capInvestorShow?id=${investor.id}`,
      createdAt: now,
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'investor.audit',
      result: 'ok',
      target: String(row.id),
      detail: { projectId: project.id, result: row.status, reason },
    });
    return { id: row.id, version: row.version };
  });
}
