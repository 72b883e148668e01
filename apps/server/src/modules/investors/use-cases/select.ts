import {
  checkSelection,
  formatMessage,
  INVESTOR_SELECTABLE_STATUSES,
  INVESTOR_SELECTION_STATUSES,
  MSG,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { findCapitalIncrease } from '../access.ts';
import type { Actor, InvestorsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { planOf } from '../view.ts';

/**
 * POST /api/capitalIncrease/{capitalIncreaseId}/selection: the owner's selection result among the qualified
 * investors, each chosen one named with the version it was read at (a stale one: 409, nothing changes).
 */
export async function selectInvestors(
  deps: InvestorsDeps,
  actor: Actor,
  projectId: number,
  family: string,
  input: { investors: readonly { id: number; version: number }[] },
): Promise<{ selected: number }> {
  const { db, audit, clock, notifications, projects } = deps;
  const project = await findCapitalIncrease(deps, projectId, family);
  if (project.companyId !== actor.companyId) throw notFound();
  const plan = planOf(project);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const status = await projects.lockStatus(tx, project.id, 'update');
    if (status === undefined) throw notFound();
    if (!INVESTOR_SELECTION_STATUSES.includes(status)) throw refused(MSG.investorsSelectionClosed);
    const rows = await repo.lockAllOfProject(tx, project.id);
    const chosen = new Map(input.investors.map((each) => [each.id, each.version]));
    const message = checkSelection({
      investors: rows.filter((row) => row.status !== 'draft'),
      chosenIds: [...chosen.keys()],
      investorCount: plan.investorCount,
      offeredShare: plan.offeredShare,
    });
    if (message !== null) throw refused(message);
    if (rows.some((row) => chosen.has(row.id) && chosen.get(row.id) !== row.version)) throw conflict();
    const candidates = rows.filter((row) => INVESTOR_SELECTABLE_STATUSES.includes(row.status));
    for (const row of candidates) {
      const next = chosen.has(row.id) ? 'selected' : 'notSelected';
      if (row.status === next) continue;
      const changed = await repo.updateInvestorGuarded(tx, row.id, row.version, { status: next });
      if (changed === undefined) throw conflict();
      await notifications.raise(tx, {
        companyId: row.companyId,
        kind: 'investor.selection',
        title: formatMessage(MSG.investorsSelectionNoticeTitle, {
          name: row.name,
          result: next === 'selected' ? '入选' : '未入选',
        }),
        body: formatMessage(MSG.investorsSelectionNoticeBody, { project: project.name }),
        link: `/index/capInvestorShow?id=${row.id}`,
        createdAt: now,
      });
    }
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'investor.selection',
      result: 'ok',
      target: String(project.id),
      detail: { selected: [...chosen.keys()], candidates: candidates.map((row) => row.id) },
    });
    return { selected: chosen.size };
  });
}

/**
 * The engine's check before a capital increase's agreement: the selection names its investors. It reads in the
 * engine's transaction, so it takes that and nothing of the module's deps.
 */
export async function checkAgreementReady(tx: Db, projectId: number): Promise<string | null> {
  return (await repo.hasSelection(tx, projectId)) ? null : MSG.investorsSelectionRequired;
}
