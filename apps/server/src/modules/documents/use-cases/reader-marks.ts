// The reader's marks on a sent document: 已读 and 确认收文 by the company, 已收 by the exchange.
import { MSG } from '@cqjy/domain';
import { conflict, refused } from '../../../platform/errors.ts';
import { findOwnSent, writeAudit, type Actor, type DocumentsContext } from '../access.ts';
import * as repo from '../repo.ts';

/** Opening a received document marks it read, once; reading it again changes nothing. */
export async function markRead(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; version: number }> {
  const item = await findOwnSent(deps, actor, 'received', id);
  if (item.readAt !== null) return { id: item.id, version: item.version };
  return deps.db.transaction(async (tx) => {
    const row = await repo.markRead(tx, item.id, deps.clock.now());
    if (row === undefined) {
      const current = await repo.findItem(tx, item.id);
      return { id: item.id, version: current?.version ?? item.version };
    }
    await writeAudit(deps, tx, actor, 'document.read', row);
    return { id: row.id, version: row.version };
  });
}

/** 确认收文: the company confirms it has the document (read, if it was not yet), with who and when. */
export async function acknowledge(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; version: number }> {
  const item = await findOwnSent(deps, actor, 'received', id);
  if (item.acknowledgedAt !== null) throw refused(MSG.documentAlreadyAcknowledged);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, item.version, {
      readAt: item.readAt ?? now,
      acknowledgedAt: now,
      acknowledgedBy: actor.operatorId,
      updatedAt: now,
    });
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'document.acknowledge', row);
    return { id: row.id, version: row.version };
  });
}

/** 已收: the exchange confirms it has a company's sent document. */
export async function markReceived(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
): Promise<{ id: number; version: number }> {
  const item = await findOwnSent(deps, actor, 'sending', id);
  if (item.exchangeReceivedAt !== null) throw refused(MSG.documentAlreadyReceived);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, item.version, {
      exchangeReceivedAt: now,
      exchangeReceivedBy: actor.operatorId,
      updatedAt: now,
    });
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'document.receive', row);
    return { id: row.id, version: row.version };
  });
}
