import { INVESTOR_DATA_CLASS, INVESTOR_EDITABLE_STATUSES, MSG } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Actor, InvestorsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** POST /api/investor/batchDelete: the caller's drafts among `ids`, all or none. */
export async function deleteInvestors(
  deps: InvestorsDeps,
  actor: Actor,
  ids: readonly number[],
): Promise<{ count: number }> {
  const { db, audit, attachments } = deps;
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw refused(MSG.investorsDeleteEmpty);
  const rows = await Promise.all(unique.map((id) => repo.findInvestor(db, id)));
  for (const row of rows) {
    if (row === undefined || row.companyId !== actor.companyId) throw notFound();
    if (!INVESTOR_EDITABLE_STATUSES.includes(row.status)) throw refused(MSG.investorsNotEditable);
  }
  return db.transaction(async (tx) => {
    const deleted = await repo.deleteDrafts(tx, actor.companyId, unique);
    // one of them was submitted (or deleted) meanwhile: nothing is deleted
    if (deleted.length !== unique.length) throw conflict();
    for (const id of deleted) {
      await attachments.discardRecord(tx, { dataClass: INVESTOR_DATA_CLASS, dataId: String(id) });
    }
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'investor.delete',
      result: 'ok',
      target: deleted.join(','),
      detail: { count: deleted.length },
    });
    return { count: deleted.length };
  });
}
