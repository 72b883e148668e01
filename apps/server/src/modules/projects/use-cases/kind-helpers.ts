// What a kind's form asks of the server as the owner types, beyond saving it: the categories of a form that
// changes with one (GET /api/project/{family}/category: the dictionary's entries in force, each with the fields it
// adds) and the working days of its disclosure period (POST /api/project/{family}/work/date: the closing day from
// the first day and the days, or the days between two days, on the PRC calendar the engine counts by).
import {
  closingDayOf,
  countWorkdaysBetween,
  isProvisional,
  MSG,
  PROJECT_KINDS,
  type ProjectFamily,
  type ProjectFormBase,
  type ProjectKind,
} from '@cqjy/domain';
import type { KindCategory, WorkDate } from '@cqjy/domain/contracts/project-kinds';
import type { SessionContext } from '../../../platform/auth.ts';
import { refused } from '../../../platform/errors.ts';
import type { ProjectsDeps } from '../deps.ts';

/** The categories of a family's form, in the dictionary's order; a family without them has none. */
export async function listCategories(
  deps: ProjectsDeps,
  session: SessionContext,
  family: ProjectFamily,
): Promise<KindCategory[]> {
  const categories = PROJECT_KINDS[family].categories;
  if (categories === undefined) return [];
  const entries = await deps.dictionaries.list(session, { code: categories.dict });
  return entries.map((entry) => ({
    key: entry.key,
    label: entry.label,
    fields: categories.fieldsOf(entry.key).map((field) => ({ name: field.name, label: field.label })),
  }));
}

/**
 * The category a form names, checked against its dictionary in force: a key the exchange retired, or never had,
 * is refused with the field's message before anything is stored.
 */
export async function checkCategory(
  deps: ProjectsDeps,
  kind: ProjectKind,
  form: ProjectFormBase,
): Promise<void> {
  const categories = kind.categories;
  const key = categories === undefined ? undefined : form[categories.field];
  if (categories === undefined || typeof key !== 'string') return;
  if (!(await deps.dictionaries.activeKeys(categories.dict)).includes(key)) {
    throw refused(MSG.projectsCategoryUnknown);
  }
}

const atMidnight = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/**
 * A disclosure period both ways: given its working days, the day it closes (the first day not counted, as the
 * engine counts a disclosure from its approval); given the closing day, the working days up to it.
 */
export function workDate(input: {
  startDate: string;
  days?: number | undefined;
  endDate?: string | undefined;
}): WorkDate {
  if (input.days !== undefined) {
    const closing = closingDayOf(input.startDate, input.days);
    return {
      startDate: input.startDate,
      days: input.days,
      endDate: closing.day,
      isProvisional: closing.isProvisional,
    };
  }
  const start = atMidnight(input.startDate);
  const endDate = input.endDate ?? input.startDate;
  if (endDate <= input.startDate) throw refused(MSG.workDateEndInvalid);
  const end = atMidnight(endDate);
  return {
    startDate: input.startDate,
    days: countWorkdaysBetween(start, end),
    endDate,
    isProvisional: isProvisional(start) || isProvisional(end),
  };
}
