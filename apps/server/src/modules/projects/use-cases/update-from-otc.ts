import {
  MSG,
  OTC_SYNCABLE_STATUSES,
  statusAfterOtc,
  type OtcRecord,
  type ProjectSummary,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findVisible, isExchange } from '../access.ts';
import { announceChange, type ProjectsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { toSummary } from '../view.ts';

/**
 * GET /api/project/update/from/otc/{id}: the project's result read from the trading system, by its owner or the
 * exchange. A deal makes the project dealt; every answer is kept in details.otc with when it was read. Not
 * connected, the trading system down or not knowing the project: refused, nothing changed.
 */
export async function updateFromOtc(
  deps: ProjectsDeps,
  actor: Actor,
  id: number,
): Promise<ProjectSummary & { otc: OtcRecord }> {
  const { db, audit, clock, log, otc } = deps;
  const project = await findVisible(deps, actor, id);
  if (project.companyId !== actor.companyId && !isExchange(actor)) throw notFound();
  if (!OTC_SYNCABLE_STATUSES.includes(project.status)) throw refused(MSG.otcNotSyncable);
  if (otc === undefined) throw refused(MSG.otcNotConnected);
  const answer = await otc.fetchProject(project.code);
  if (answer.kind === 'unknown') throw refused(MSG.otcUnknownProject);
  if (answer.kind === 'unavailable') {
    log.warn({ projectId: project.id, reason: answer.reason }, 'trading system unavailable');
    throw refused(MSG.otcUnavailable);
  }
  const record: OtcRecord = { ...answer.result, syncedAt: clock.now().toISOString() };
  const status = statusAfterOtc(project.status, answer.result);
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, project.id, project.version, {
      status,
      pausedAt: status === project.status ? project.pausedAt : null,
      details: { ...project.details, otc: record },
    });
    if (row === undefined) throw conflict();
    await announceChange(deps, tx, row);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'project.otcUpdate',
      result: 'ok',
      target: String(row.id),
      detail: { trade: record.status, from: project.status, to: row.status, dealPrice: record.dealPrice },
    });
    return { ...toSummary(row), otc: record };
  });
}
