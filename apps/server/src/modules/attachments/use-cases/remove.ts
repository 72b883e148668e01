import { MSG } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import { findVisible } from '../access.ts';
import type { Actor, AttachmentsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** Soft delete by the uploading company; a locked file is refused, another company's file is not found. */
export async function remove(deps: AttachmentsDeps, actor: Actor, id: string): Promise<void> {
  const { db, audit, clock } = deps;
  const row = await findVisible(deps, actor, id);
  if (row.companyId !== actor.companyId || row.isLocked) throw refused(MSG.uploadNotDeletable);
  await db.transaction(async (tx) => {
    const count = await repo.markDeleted(tx, [row.id], clock.now());
    // Locked or deleted since it was read.
    if (count === 0) throw refused(MSG.uploadNotDeletable);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'attachment.delete',
      result: 'ok',
      target: row.id,
      detail: { fileName: row.fileName, dataClass: row.dataClass, dataId: row.dataId },
    });
  });
}
