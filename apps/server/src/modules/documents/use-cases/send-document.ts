// 发送: a draft goes to its reader.
import { documentNotice, type DocumentDirection } from '@cqjy/domain';
import { conflict } from '../../../platform/errors.ts';
import {
  findOwnDraft,
  recordOf,
  requireReceiver,
  writeAudit,
  type Actor,
  type DocumentsContext,
} from '../access.ts';
import * as repo from '../repo.ts';

/** 发送: the draft goes to its reader, its files locked; a received one tells its company. */
export async function sendDocument(
  deps: DocumentsContext,
  actor: Actor,
  direction: DocumentDirection,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findOwnDraft(deps, actor, direction, id);
  if (item.version !== input.version) throw conflict();
  if (direction === 'received') await requireReceiver(deps, item.companyId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      { status: 'sent', sentAt: now, updatedAt: now },
      'draft',
    );
    if (row === undefined) throw conflict();
    await deps.attachments.lockRecord(tx, recordOf(row.id));
    if (direction === 'received') {
      await deps.notifications.raise(tx, { companyId: row.companyId, ...documentNotice(row) });
    }
    await writeAudit(deps, tx, actor, 'document.send', row, { signed: row.signedFileId !== null });
    return { id: row.id, version: row.version };
  });
}
