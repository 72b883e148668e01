import { INTENTION_TRANSITIONS } from '@cqjy/domain';
import { conflict } from '../../../platform/errors.ts';
import { findOwn } from '../access.ts';
import { writeAudit } from '../audit.ts';
import type { Actor, IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * POST /api/intention/withdraw/{id}: the member withdraws before the confirmation; a paid deposit is then owed
 * back (depositStateOf), and the member may register another buyer on the project.
 */
export async function withdrawIntention(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const { db, clock, tasks } = deps;
  const item = await findOwn(deps, actor, id, 'withdraw');
  if (item.version !== input.version) throw conflict();
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      { status: 'withdrawn', updatedAt: clock.now() },
      INTENTION_TRANSITIONS.withdraw.from,
    );
    if (row === undefined) throw conflict();
    await tasks.cancel(
      tx,
      { subject: 'intention', subjectId: row.id },
      { result: 'withdrawn', decider: actor, at: row.updatedAt },
    );
    await writeAudit(deps, tx, actor, 'intention.withdraw', row);
    return { id: row.id, version: row.version };
  });
}
