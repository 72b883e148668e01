// What an approved action does to its project (the effect keys of actions.ts), as a pure function of the
// project's status, disclosure period and details, the form and the time of approval. Deadlines are counted in
// working days on the official calendar (workdays.ts), so a moved deadline is a legal date. What an approval
// records (the bidding activity, the contract, each payout, each confirmation) goes into the project's details
// under the action's name, so the project page shows it without asking the engine.
import { addCalendarDays, addWorkdays, isWorkday } from '../workdays.ts';
import { formatDate } from '../format.ts';
import type { ActionConfig, ActionForm } from './actions.ts';
import type { ProjectStatus } from './statuses.ts';

export type ProjectState = {
  status: ProjectStatus;
  disclosureStart: Date | null;
  disclosureEnd: Date | null;
  pausedAt: Date | null;
  details: Record<string, unknown>;
};

/** An approved action's form as the project keeps it: the form without the free text, and the day approved. */
export type ActionRecord = Omit<ActionForm, 'reason' | 'remark'> & { approvedAt: string };

/** The details key an action's approvals are recorded under: a single record, or a list for repeatable ones. */
const RECORDED: Record<string, 'one' | 'many'> = {
  preDisclosure: 'one',
  online: 'one',
  contract: 'one',
  transfer: 'one',
  priceDeduction: 'one',
  price: 'many',
  survey: 'many',
  exhibition: 'many',
  refundCashout: 'many',
  assurance: 'one',
  transaction: 'one',
  registration: 'many',
  intentionReview: 'many',
  memberIntentionReview: 'many',
  extensionStatement: 'many',
  estimate: 'many',
  earlyClearance: 'many',
  environmentalProtection: 'many',
  assetTransfer: 'many',
  evaluation: 'many',
  resultConfirm: 'many',
  supplementInfo: 'many',
  auctionResultImport: 'many',
};

function withRecord(config: ActionConfig, details: Record<string, unknown>, form: ActionForm, now: Date) {
  const mode = RECORDED[config.action];
  if (mode === undefined) return details;
  const { reason: _reason, remark: _remark, ...facts } = form;
  const record: ActionRecord = { ...facts, approvedAt: now.toISOString() };
  if (mode === 'one') return { ...details, [config.action]: record };
  const earlier: unknown = details[config.action];
  const list: unknown[] = Array.isArray(earlier) ? earlier : [];
  return { ...details, [config.action]: [...list, record] };
}

/** The project with `price` (fen) as its form's listing price; unchanged without one. */
function withListingPrice(project: ProjectState, price: number | undefined): ProjectState {
  const form: unknown = project.details.form;
  if (price === undefined || typeof form !== 'object' || form === null) return project;
  return { ...project, details: { ...project.details, form: { ...form, listingPrice: price } } };
}

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
  const next = { ...project, details: withRecord(config, project.details, form, now) };
  switch (config.effect) {
    case 'abort':
      return { ...next, status: 'suspended', pausedAt: now };
    case 'recovery': {
      const paused = project.pausedAt === null ? 0 : countWorkdaysBetween(project.pausedAt, now);
      return {
        ...next,
        status: 'disclosing',
        pausedAt: null,
        disclosureEnd:
          project.disclosureEnd === null ? null : addWorkdays(project.disclosureEnd, paused).date,
      };
    }
    case 'termination':
      return { ...next, status: 'terminated', pausedAt: null };
    case 'end':
      return { ...next, status: 'ended', pausedAt: null };
    case 'supplement':
      return {
        ...next,
        disclosureEnd:
          project.disclosureEnd === null
            ? null
            : addWorkdays(project.disclosureEnd, form.extendDays ?? 0).date,
      };
    case 'preDisclosure':
      // the pre-disclosure runs its own period; the formal disclosure's approval starts the next one
      return {
        ...next,
        status: 'preDisclosing',
        pausedAt: null,
        disclosureStart: now,
        disclosureEnd: addWorkdays(now, form.disclosureDays ?? 0).date,
      };
    case 'rediscovery':
      // a new starting price (the small lots' re-listing) becomes the form's
      return {
        ...withListingPrice(next, form.startingPrice),
        status: 'disclosing',
        pausedAt: null,
        disclosureStart: now,
        disclosureEnd: addWorkdays(now, form.disclosureDays ?? 0).date,
      };
    case 'application':
      // the vehicles go to appraisal; their listing (the hanging-tag letters signed) starts the disclosure
      return { ...next, status: 'appraising', pausedAt: null };
    case 'disclosure':
      return {
        ...next,
        status: 'disclosing',
        pausedAt: null,
        disclosureStart: now,
        disclosureEnd: addWorkdays(now, form.disclosureDays ?? 0).date,
      };
    case 'contract':
      // the contract closes the disclosure: the project is dealt (an Edit of a dealt one keeps it so)
      return { ...next, status: 'dealt', pausedAt: null };
    case 'transfer':
      return { ...next, status: 'closed' };
    case 'online':
    case 'price':
    case 'record':
      return next;
  }
}
