import { toAuditActor } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import type { Actor } from '../attachments/service.ts';
import type { OrderDeps } from './deps.ts';
import * as repo from './repo.ts';

/** An order's change by a caller at the version it read, audited as `action` in the same transaction. */
export async function change(
  deps: Pick<OrderDeps, 'db' | 'audit'>,
  actor: Actor,
  item: repo.OrderItem,
  version: number,
  patch: Parameters<typeof repo.updateGuarded>[3],
  action: string,
): Promise<{ id: number; version: number }> {
  const { db, audit } = deps;
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, item.id, version, patch);
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action,
      result: 'ok',
      target: String(row.id),
      detail: { code: row.code, version: row.version },
    });
    return { id: row.id, version: row.version };
  });
}
