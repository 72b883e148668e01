import { PLAN_CODE, yearSerialCode, type PlanForm } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findOpen } from '../access.ts';
import type { PlansDeps } from '../deps.ts';
import { requireForm } from '../form.ts';
import * as repo from '../repo.ts';

/** A new plan of the caller's company, with its code (PLAN_CODE). */
export async function createPlan(
  deps: PlansDeps,
  actor: Actor,
  input: { form: unknown },
): Promise<{ id: number; version: number }> {
  const form = requireForm(input.form);
  return deps.db.transaction((tx) => insertPlan(deps, tx, actor, form));
}

/** Stores a new plan of the caller's company in the caller's transaction, with its code and the audit row. */
export async function insertPlan(
  deps: PlansDeps,
  tx: Db,
  actor: Actor,
  form: PlanForm,
): Promise<{ id: number; version: number; code: string }> {
  const { audit, clock } = deps;
  const inserted = await repo.insertPlan(tx, {
    companyId: actor.companyId,
    // a placeholder until the id is known; replaced below in the same transaction
    code: `plan-${crypto.randomUUID()}`,
    name: form.name,
    family: form.family,
    form,
    createdBy: actor.userId,
  });
  const row = await repo.setCode(tx, inserted.id, yearSerialCode(PLAN_CODE, clock.now(), inserted.id));
  if (row === undefined) throw conflict();
  await audit.append(tx, {
    ...toAuditActor(actor),
    action: 'plan.create',
    result: 'ok',
    target: String(row.id),
    detail: { code: row.code, family: row.family },
  });
  return { id: row.id, version: row.version, code: row.code };
}

export async function updatePlan(
  deps: PlansDeps,
  actor: Actor,
  id: number,
  input: { version: number; form: unknown },
): Promise<{ id: number; version: number }> {
  const { db, audit } = deps;
  const plan = await findOpen(deps, actor, id);
  const form = requireForm(input.form);
  return db.transaction(async (tx) => {
    const row = await repo.updateGuarded(tx, plan.id, input.version, {
      name: form.name,
      family: form.family,
      form,
    });
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'plan.update',
      result: 'ok',
      target: String(row.id),
      detail: { version: row.version, family: row.family },
    });
    return { id: row.id, version: row.version };
  });
}

export async function removePlan(
  deps: PlansDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number }> {
  const { db, audit } = deps;
  const plan = await findOpen(deps, actor, id);
  return db.transaction(async (tx) => {
    if (!(await repo.deleteGuarded(tx, plan.id, input.version))) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'plan.delete',
      result: 'ok',
      target: String(plan.id),
      detail: { code: plan.code },
    });
    return { id: plan.id };
  });
}
