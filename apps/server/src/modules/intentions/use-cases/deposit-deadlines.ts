import {
  addWorkdays,
  DEADLINE_REMINDER_WORKDAYS,
  formatChineseDate,
  formatDate,
  formatFen,
  formatMessage,
  INTENTION_NOTICE_KINDS,
  INTENTION_TRANSITIONS,
  intentionShowPath,
  MSG,
  type IntentionStatus,
} from '@cqjy/domain';
import { familyOf } from '../access.ts';
import { SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { writeAudit } from '../audit.ts';
import type { DepositDeadlinesReport, IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The most one housekeeping run handles of each kind; the next run takes the rest. */
const HOUSEKEEPING_BATCH = 1000;

/** The statuses the deadline's pass disqualifies (the reminder is for the same ones). */
const REVIEWING: readonly IntentionStatus[] = INTENTION_TRANSITIONS.disqualify.from;

/**
 * The housekeeping's step: a deposit still unpaid after its deadline (a calendar day in +08:00; the clock's
 * today after it) disqualifies its registration, and the member is told; a deposit due within
 * DEADLINE_REMINDER_WORKDAYS working days is told to the member once.
 */
export async function remindDepositDeadlines(deps: IntentionsDeps): Promise<DepositDeadlinesReport> {
  const { db, clock, notifications, tasks } = deps;
  const now = clock.now();
  const today = formatDate(now);
  let disqualified = 0;
  for (const item of await repo.listOverdueDeposits(db, today, HOUSEKEEPING_BATCH)) {
    const params = { name: item.name, project: item.projectName };
    const isChanged = await db.transaction(async (tx) => {
      const row = await repo.updateGuarded(
        tx,
        item.id,
        item.version,
        { status: 'disqualified', updatedAt: now },
        REVIEWING,
      );
      // changed since it was read (paid, withdrawn): the next run judges it again
      if (row === undefined) return false;
      await tasks.cancel(
        tx,
        { subject: 'intention', subjectId: row.id },
        { result: 'disqualified', decider: null, at: now },
      );
      await notifications.raise(tx, {
        companyId: row.companyId,
        kind: INTENTION_NOTICE_KINDS.deposit,
        title: formatMessage(MSG.intentionDisqualifiedTitle, params),
        body: formatMessage(MSG.intentionDisqualifiedBody, params),
        link: intentionShowPath(familyOf(item), row.id),
        createdAt: now,
      });
      await writeAudit(deps, tx, SYSTEM_ACTOR, 'intention.disqualify', row, {
        depositDeadline: row.depositDeadline,
      });
      return true;
    });
    if (isChanged) disqualified += 1;
  }
  const until = formatDate(addWorkdays(now, DEADLINE_REMINDER_WORKDAYS).date);
  let reminded = 0;
  for (const item of await repo.listDepositsDue(db, today, until, HOUSEKEEPING_BATCH)) {
    const params = {
      name: item.name,
      project: item.projectName,
      deadline: formatChineseDate(item.depositDeadline ?? today),
      amount: formatFen(item.depositAmount),
    };
    const isTold = await db.transaction((tx) =>
      notifications.raiseOnce(tx, {
        companyId: item.companyId,
        kind: INTENTION_NOTICE_KINDS.deposit,
        title: formatMessage(MSG.intentionDepositDueTitle, params),
        body: formatMessage(MSG.intentionDepositDueBody, params),
        link: intentionShowPath(familyOf(item), item.id),
        createdAt: now,
      }),
    );
    if (isTold) reminded += 1;
  }
  return { disqualified, reminded };
}
