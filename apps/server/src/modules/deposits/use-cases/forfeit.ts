// A deposit forfeited (扣除): kept when a winner defaults or a rule says so (a bidder that broke the hall's rules),
// with the reason; the party may also be barred from the owner's projects for the rule parameter depositBarDays.
// The registration's step is the intentions module's (it owns the record and the bar), taken in one transaction.
import { addCalendarDays, formatDate, type DepositState } from '@cqjy/domain';
import type { AuditActor } from '../../../platform/audit.ts';
import type { DepositsDeps } from '../deps.ts';

/** POST /api/deposit/forfeit/{id}: the deposit kept, and the bar's last day when the party is barred (else null). */
export async function forfeitDeposit(
  deps: DepositsDeps,
  actor: AuditActor,
  id: number,
  input: { version: number; reason: string; isBarred: boolean },
): Promise<{ id: number; version: number; depositState: DepositState; barUntil: string | null }> {
  const now = deps.clock.now();
  const barDays = input.isBarred ? await deps.dictionaries.ruleValue('depositBarDays', now) : 0;
  // the bar counts calendar days from today (+08:00), today the first of them
  const barUntil = barDays > 0 ? formatDate(addCalendarDays(now, barDays - 1)) : null;
  const result = await deps.db.transaction((tx) =>
    deps.intentions.takeLedgerStep(
      actor,
      id,
      { step: 'forfeit', reason: input.reason, version: input.version, barUntil },
      tx,
    ),
  );
  return { ...result, barUntil };
}
