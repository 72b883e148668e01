// A company's row created from a form, or updated (its version checked); the unique value must be free in the
// company, and a row saved as the default makes the company's others stop being it. Audited in the transaction.
import type { RegistryDef } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findOwn } from '../access.ts';
import type { RegistriesDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { keepOneDefault, readForm, writing } from '../rows.ts';

export async function createRegistryRow(
  { db, audit }: RegistriesDeps,
  actor: Actor,
  def: RegistryDef,
  input: { values: Record<string, unknown> },
): Promise<{ id: number; version: number }> {
  const write = readForm(def, input.values);
  return writing(def, () =>
    db.transaction(async (tx) => {
      const [row] = await repo.insertRows(
        tx,
        { registry: def.key, companyId: actor.companyId, createdBy: actor.userId },
        [write],
      );
      if (row === undefined) throw new Error('insert returned no row');
      await keepOneDefault(tx, def, actor.companyId, row.id, write.values);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.create',
        result: 'ok',
        target: String(row.id),
        detail: { registry: def.key },
      });
      return { id: row.id, version: row.version };
    }),
  );
}

export async function updateRegistryRow(
  deps: RegistriesDeps,
  actor: Actor,
  def: RegistryDef,
  id: number,
  input: { version: number; values: Record<string, unknown> },
): Promise<{ id: number; version: number }> {
  const { db, audit } = deps;
  const row = await findOwn(deps, actor, def, id);
  const write = readForm(def, input.values, row.values);
  return writing(def, () =>
    db.transaction(async (tx) => {
      const changed = await repo.updateRowGuarded(tx, row.id, input.version, write);
      if (changed === undefined) throw conflict();
      await keepOneDefault(tx, def, actor.companyId, changed.id, write.values);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.update',
        result: 'ok',
        target: String(row.id),
        detail: { registry: def.key, version: changed.version },
      });
      return { id: changed.id, version: changed.version };
    }),
  );
}
