// What an approved action does to its project (the effect keys of actions.ts), as a pure function of the
// project's status and disclosure period, the form and the time of approval. Deadlines are counted in working
// days on the official calendar (workdays.ts), so a moved deadline is a legal date.
import { addCalendarDays, addWorkdays, isWorkday } from '../workdays.ts';
import { formatDate } from '../format.ts';
import type { ActionConfig, ActionForm } from './actions.ts';
import type { ProjectStatus } from './statuses.ts';

export type ProjectState = {
  status: ProjectStatus;
  disclosureStart: Date | null;
  disclosureEnd: Date | null;
  pausedAt: Date | null;
};

/** Whether the action may start (or be approved) while the project is in `status`. */
export function isActionAllowed(config: ActionConfig, status: ProjectStatus): boolean {
  return config.allowedProjectStatuses === null || config.allowedProjectStatuses.includes(status);
}

/** Working days after the +08:00 day of `from` up to and including the day of `to`; 0 when `to` is not later. */
export function countWorkdaysBetween(from: Date, to: Date): number {
  const last = formatDate(to);
  let count = 0;
  for (let day = addCalendarDays(from, 1); formatDate(day) <= last; day = addCalendarDays(day, 1)) {
    if (isWorkday(day)) count += 1;
  }
  return count;
}

/** The project after the approval of `config` with `form` at `now`. */
export function applyEffect(
  config: ActionConfig,
  project: ProjectState,
  form: ActionForm,
  now: Date,
): ProjectState {
  switch (config.effect) {
    case 'abort':
      return { ...project, status: 'suspended', pausedAt: now };
    case 'recovery': {
      const paused = project.pausedAt === null ? 0 : countWorkdaysBetween(project.pausedAt, now);
      return {
        ...project,
        status: 'disclosing',
        pausedAt: null,
        disclosureEnd:
          project.disclosureEnd === null ? null : addWorkdays(project.disclosureEnd, paused).date,
      };
    }
    case 'termination':
      return { ...project, status: 'terminated', pausedAt: null };
    case 'end':
      return { ...project, status: 'ended', pausedAt: null };
    case 'supplement':
      return {
        ...project,
        disclosureEnd:
          project.disclosureEnd === null
            ? null
            : addWorkdays(project.disclosureEnd, form.extendDays ?? 0).date,
      };
    case 'rediscovery':
    case 'disclosure':
      return {
        ...project,
        status: 'disclosing',
        pausedAt: null,
        disclosureStart: now,
        disclosureEnd: addWorkdays(now, form.disclosureDays ?? 0).date,
      };
    case 'record':
      return project;
  }
}
