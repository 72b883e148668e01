// The demo owner's notifications (消息提醒), raised through the notifications service as the workflow engine
// raises them when the exchange reviews an application: one for each approval in the process log of the
// company's projects (the courses of seed-courses.ts), dated at the review, with the reviewer's opinion as the log
// has it (none was written), linking to the project; the newest unread, the older ones already read, so the page
// and the header's bell are not empty on first sign-in.
import { findAction, projectPathOf, reviewNotice } from '@cqjy/domain';
import { and, asc, eq } from 'drizzle-orm';
import { createNotificationsService } from '../modules/notifications/service.ts';
import { projects } from '../modules/projects/tables.ts';
import { processLogs } from '../modules/workflow/tables.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../db/client.ts';

/** Raises, in `tx`, one notification per approval of the company's applications; all but the newest read. */
export async function insertDemoNotifications(
  tx: Db,
  input: { companyId: number; userId: number; clock: Clock },
): Promise<void> {
  const approvals = await tx
    .select({
      projectId: processLogs.projectId,
      family: processLogs.family,
      action: processLogs.action,
      opinion: processLogs.reason,
      at: processLogs.at,
      projectName: projects.name,
      projectCode: projects.code,
    })
    .from(processLogs)
    .innerJoin(projects, eq(projects.id, processLogs.projectId))
    .where(and(eq(processLogs.companyId, input.companyId), eq(processLogs.step, 'pass')))
    .orderBy(asc(processLogs.at), asc(processLogs.id));
  const notifications = createNotificationsService({ db: tx, clock: input.clock });
  const reader = { companyId: input.companyId, userId: input.userId };
  for (const [index, approval] of approvals.entries()) {
    const action = findAction(approval.family, approval.action);
    if (action === undefined) throw new Error(`no action ${approval.family}/${approval.action}`);
    const { id } = await notifications.raise(tx, {
      companyId: input.companyId,
      ...reviewNotice({
        isPassed: true,
        actionTitle: action.title,
        projectName: approval.projectName,
        projectCode: approval.projectCode,
        opinion: approval.opinion ?? '',
      }),
      link: projectPathOf(approval, approval.projectId),
      createdAt: approval.at,
    });
    if (index < approvals.length - 1) await notifications.markRead(reader, id);
  }
}
