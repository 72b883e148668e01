// The operator's own settings: the welcome prompt seen (gate 6) and the secondary role.
import { toAuditActor } from '../../../platform/audit.ts';
import { KNOWN_CODES } from '../codes.ts';
import type { Actor, UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** Gate 6: the operator has seen the welcome prompt. */
export async function cancelPrompt({ db, audit }: UsersDeps, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.updateOperator(tx, actor.operatorId, { prompt: false });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'prompt.cancel',
      result: 'ok',
      target: String(actor.operatorId),
    });
  });
}

/**
 * Stores the codes the operator chose as their secondary role. Unknown codes are dropped; the company's role
 * bounds what takes effect (listEffectiveCodes), so choosing more than it grants gains nothing.
 */
export async function setSecondaryRole(
  { db, audit }: UsersDeps,
  actor: Actor,
  codes: readonly string[],
): Promise<void> {
  const chosen = [...new Set(codes.filter((code) => KNOWN_CODES.has(code)))];
  await db.transaction(async (tx) => {
    await repo.updateOperator(tx, actor.operatorId, { secondaryCodes: chosen });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'role.secondary',
      result: 'ok',
      target: String(actor.operatorId),
      detail: { codes: chosen },
    });
  });
}
