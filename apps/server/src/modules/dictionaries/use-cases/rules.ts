// The exchange's rule parameters as in force on a day (the versions of 规则参数): a parameter's value and version,
// the disclosure periods the project kinds read, the service-fee schedule.
//
// The rule readers take the caller's transaction when there is one (`executor`): another module reading a rule
// inside its own transaction must read through it — on the embedded database a query outside an open transaction
// waits for it to end, so reading through `db` there would wait forever.
import {
  computeServiceFee,
  formatDate,
  isDisclosurePeriodKey,
  isProjectFamily,
  kindSettingsOn,
  resolveParameterVersion,
  RULE_PARAMETER_KEYS,
  type KindSettings,
  type RuleParameterKey,
  type RuleValues,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { DictionariesDeps, ServiceFeeQuote } from '../deps.ts';
import * as repo from '../repo.ts';

/** The disclosure periods' keys among the rule parameters. */
const DISCLOSURE_KEYS = RULE_PARAMETER_KEYS.filter(isDisclosurePeriodKey);

/** The version of a rule parameter in force at `at` (its +08:00 day): its value and day (null: the default). */
export async function ruleVersion<K extends RuleParameterKey>(
  deps: DictionariesDeps,
  key: K,
  at: Date = deps.clock.now(),
  executor: Db = deps.db,
): Promise<{ value: RuleValues[K]; effectiveFrom: string | null }> {
  return resolveParameterVersion(await repo.listVersions(executor, [key]), key, formatDate(at));
}

/** The value of a rule parameter in force at `at`: the latest version effective on its day, else the default. */
export async function ruleValue<K extends RuleParameterKey>(
  deps: DictionariesDeps,
  key: K,
  at: Date = deps.clock.now(),
  executor: Db = deps.db,
): Promise<RuleValues[K]> {
  return (await ruleVersion(deps, key, at, executor)).value;
}

/**
 * The exchange's settings the project kinds read, as in force at `at`: the disclosure periods of 规则参数. A
 * submission's rule check asks for the moment of the submission (the default, now); what was submitted earlier
 * carries its own days and is never checked again.
 */
export async function kindSettings(
  deps: DictionariesDeps,
  at: Date = deps.clock.now(),
  executor: Db = deps.db,
): Promise<KindSettings> {
  return kindSettingsOn(await repo.listVersions(executor, DISCLOSURE_KEYS), formatDate(at));
}

/**
 * The service fee of a deal of `family` for `amountFen`, by the schedule in force on `day` (YYYY-MM-DD); undefined
 * for a family the schedule does not bill. Inside a transaction, pass it as `executor`.
 */
export async function serviceFeeQuote(
  deps: DictionariesDeps,
  family: string,
  amountFen: number,
  day: string,
  executor: Db = deps.db,
): Promise<ServiceFeeQuote | undefined> {
  if (!isProjectFamily(family)) return undefined;
  const versions = await repo.listVersions(executor, ['serviceFee']);
  const schedule = resolveParameterVersion(versions, 'serviceFee', day);
  return {
    ...computeServiceFee(schedule.value, family, amountFen),
    scheduleFrom: schedule.effectiveFrom ?? '',
  };
}
