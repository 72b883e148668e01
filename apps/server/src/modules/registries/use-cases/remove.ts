// A company's row deleted (its version checked), audited in the transaction.
import type { RegistryDef } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findOwn } from '../access.ts';
import type { RegistriesDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export async function removeRegistryRow(
  deps: RegistriesDeps,
  actor: Actor,
  def: RegistryDef,
  id: number,
  input: { version: number },
): Promise<{ id: number }> {
  const { db, audit } = deps;
  const row = await findOwn(deps, actor, def, id);
  return db.transaction(async (tx) => {
    if (!(await repo.deleteRowGuarded(tx, row.id, input.version))) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'registry.delete',
      result: 'ok',
      target: String(row.id),
      detail: { registry: def.key, version: input.version },
    });
    return { id: row.id };
  });
}
