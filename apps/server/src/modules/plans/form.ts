import { checkPlanForm, type PlanForm } from '@cqjy/domain';
import { refused } from '../../platform/errors.ts';

/** The plan's form as the domain checks it; refused with the first problem found. */
export function requireForm(input: unknown): PlanForm {
  const checked = checkPlanForm(input);
  if (checked.message !== null) throw refused(checked.message);
  return checked.value;
}
