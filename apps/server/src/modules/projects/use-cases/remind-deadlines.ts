import {
  addWorkdays,
  DEADLINE_REMINDER_WORKDAYS,
  deadlineNotice,
  formatDateTime,
  projectPathOf,
} from '@cqjy/domain';
import type { ProjectsDeps } from '../deps.ts';
import * as projectLists from '../repo-lists.ts';

/**
 * Tells the owner of each disclosure ending within DEADLINE_REMINDER_WORKDAYS working days (and the member acting
 * for it), once per project and company; run by the housekeeping. Answers how many were told.
 */
export async function remindDeadlines(deps: ProjectsDeps): Promise<number> {
  const { db, clock, notifications } = deps;
  const now = clock.now();
  const rows = await projectLists.listDisclosuresEnding(
    db,
    now,
    addWorkdays(now, DEADLINE_REMINDER_WORKDAYS).date,
  );
  let told = 0;
  for (const row of rows) {
    if (row.disclosureEnd === null) continue;
    const notice = deadlineNotice({
      projectName: row.name,
      projectCode: row.code,
      end: formatDateTime(row.disclosureEnd),
    });
    const link = projectPathOf(row, row.id);
    const receivers = [row.companyId, ...(row.agentCompanyId === null ? [] : [row.agentCompanyId])];
    await db.transaction(async (tx) => {
      for (const companyId of receivers) {
        if (await notifications.raiseOnce(tx, { companyId, ...notice, link })) told += 1;
      }
    });
  }
  return told;
}
