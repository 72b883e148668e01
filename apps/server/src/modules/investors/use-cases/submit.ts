import {
  IDENTITY,
  INVESTOR_ATTACHMENTS,
  INVESTOR_DATA_CLASS,
  INVESTOR_EDITABLE_STATUSES,
  missingAttachmentMessages,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import type { Actor, InvestorsDeps, Saved } from '../deps.ts';
import { findOwnDraft, requireRegistrationOpen } from '../registration.ts';
import * as repo from '../repo.ts';

/** POST /api/investor/submit/{id}: the draft goes to the exchange's audit, its files locked. */
export async function submitInvestor(
  deps: InvestorsDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<Saved> {
  const { db, audit, clock, attachments, tasks } = deps;
  const { investor, project } = await findOwnDraft(deps, actor, id);
  const record = { dataClass: INVESTOR_DATA_CLASS, dataId: String(investor.id) };
  const files = await attachments.listRelated(actor, record);
  const byTag: Record<string, unknown[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  const missing = missingAttachmentMessages(INVESTOR_ATTACHMENTS, byTag);
  if (missing[0] !== undefined) throw refused(missing[0]);
  return db.transaction(async (tx) => {
    await requireRegistrationOpen(deps, tx, project.id);
    const row = await repo.updateInvestorGuarded(
      tx,
      investor.id,
      input.version,
      { status: 'submitted', submittedAt: clock.now() },
      INVESTOR_EDITABLE_STATUSES,
    );
    if (row === undefined) throw conflict();
    await attachments.lockRecord(tx, record);
    // the exchange's audit waits in its 待办任务, on the project's audit screen
    await tasks.open(tx, {
      subject: 'investor',
      subjectId: row.id,
      step: 'investorAudit',
      projectId: project.id,
      companyId: row.companyId,
      type: 'Review',
      routeName: 'capOpenInvestorAudit',
      routeQuery: { projectId: project.id },
      assignee: { identity: IDENTITY.admin },
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'investor.submit',
      result: 'ok',
      target: String(row.id),
      detail: { projectId: project.id, version: row.version },
    });
    return { id: row.id, version: row.version };
  });
}
