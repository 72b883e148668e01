// A rule parameter's value as the pages read it: in a few words, and a stored schedule as the definition parses it.
import { describeRuleValue, findRuleParameter, SERVICE_FEE_DEFAULT } from '@cqjy/domain/rule-parameters';
import type { RuleParameterView, ServiceFeeSchedule } from '@cqjy/domain/rule-parameters';

/** A value as a person reads it: 20个工作日, or the schedule's bands in a few words. */
export function valueText(param: Pick<RuleParameterView, 'key'>, value: unknown): string {
  const def = findRuleParameter(param.key);
  return def === undefined ? '' : describeRuleValue(def, value);
}

/** A stored schedule as the definition reads it; the default when it cannot (the server stores only valid ones). */
export function scheduleOf(value: unknown): ServiceFeeSchedule {
  const parsed = findRuleParameter('serviceFee')?.schema.safeParse(value);
  return parsed?.success === true ? (parsed.data as ServiceFeeSchedule) : SERVICE_FEE_DEFAULT;
}
