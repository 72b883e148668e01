// The deal a project's qualified registrations lead to (intentions.ts: the registrations): its course (none, the
// agreement with the one qualified buyer, the bidding hall), the registration deadline it waits for, the rules
// that refuse it yet, its result as the project's details keep it, and the applications that start from it.
import { z } from 'zod';
import { formatDate, formatMessage, TIMEZONE_OFFSET } from './format.ts';
import { MSG } from './messages.ts';

/** The deal's course a project's qualified registrations lead to. */
export const DEAL_COURSES = ['none', 'agreement', 'bidding'] as const;
export type DealCourse = (typeof DEAL_COURSES)[number];

/** No qualified buyer: nothing yet; one: agreement at the listing price; two or more: the bidding hall. */
export function dealCourse(qualifiedCount: number): DealCourse {
  if (qualifiedCount <= 0) return 'none';
  return qualifiedCount === 1 ? 'agreement' : 'bidding';
}

export const DEAL_COURSE_LABELS: Record<DealCourse, string> = {
  none: '尚无合格意向受让方',
  agreement: '协议转让（挂牌价成交）',
  bidding: '网络竞价',
};

/** The project statuses a deal is decided in: disclosing (once its period ran out), or its disclosure ended early. */
const DEAL_PROJECT_STATUSES: readonly string[] = ['disclosing', 'ended'];

/** The registration deadline: the disclosure's last day ('YYYY-MM-DD' in +08:00), or null without a period. */
export function registrationDeadline(project: { disclosureEnd: Date | string | null }): string | null {
  return project.disclosureEnd === null ? null : formatDate(project.disclosureEnd);
}

/**
 * The earliest disclosure end still taking registrations at `now`: the start of the clock's +08:00 day (a
 * disclosure ending any time today is still in time). The lists filter by it, isRegistrationOpen judges by it.
 */
export function registrationOpenSince(now: Date): Date {
  return new Date(`${formatDate(now)}T00:00:00${TIMEZONE_OFFSET}`);
}

/**
 * Whether the project takes registrations at `now`: it is disclosing and the clock's +08:00 day is not after the
 * registration deadline (the day itself is still in time).
 */
export function isRegistrationOpen(
  project: { status: string; disclosureEnd: Date | string | null },
  now: Date,
): boolean {
  if (project.status !== 'disclosing') return false;
  return (
    project.disclosureEnd === null ||
    new Date(project.disclosureEnd).getTime() >= registrationOpenSince(now).getTime()
  );
}

/** What the server knows of a project's buyers when its deal is to be decided. */
export type DealFacts = {
  status: string;
  disclosureEnd: Date | string | null;
  /** the project's details hold its deal already */
  isDecided: boolean;
  /** the registrations qualified and still in the race */
  qualified: number;
  /** the registrations in review whose deposit has not arrived: they may still qualify */
  awaitingDeposit: number;
  /** the member companies holding two or more of the qualified registrations (older data; the rule forbids it) */
  sharedMembers: number;
  /** a hall open, or the one that decided the project's deal */
  hasHall: boolean;
};

/**
 * Why no deal may be decided at `now` (the deal decided already, the project at another stage, the registrations
 * still open, deposits still awaited), or null. `notOpen` names the stage's refusal of the caller.
 */
export function dealRefusal(facts: DealFacts, now: Date, notOpen: string): string | null {
  if (facts.isDecided) return MSG.intentionDealDecided;
  if (!DEAL_PROJECT_STATUSES.includes(facts.status)) return notOpen;
  if (isRegistrationOpen(facts, now)) {
    return formatMessage(MSG.dealRegistrationOpen, { date: registrationDeadline(facts) ?? '' });
  }
  if (facts.awaitingDeposit > 0) {
    return formatMessage(MSG.dealDepositsAwaited, { count: facts.awaitingDeposit });
  }
  return null;
}

/** Why the exchange may not confirm the agreement with the one qualified buyer now, or null. */
export function agreementRefusal(facts: DealFacts, now: Date): string | null {
  const refusal = dealRefusal(facts, now, MSG.intentionAgreementNotOpen);
  if (refusal !== null) return refusal;
  if (facts.hasHall) return MSG.biddingAlreadyOpen;
  return facts.qualified === 1 ? null : MSG.intentionAgreementNotOne;
}

/**
 * The deal's course as the project's page shows it: the course the qualified buyers lead to, how many, and whether
 * the exchange may take its step now (open the hall, confirm the agreement) or why not (one rule: the server's
 * calls refuse with the same words).
 */
export const ZDealCourseView = z.object({
  course: z.enum(DEAL_COURSES),
  qualified: z.number(),
  canOpenBidding: z.boolean(),
  canAgree: z.boolean(),
  /** why the course's step may not be taken now; null when it may, or when there is no step yet */
  reason: z.string().nullable(),
});
export type DealCourseView = z.infer<typeof ZDealCourseView>;

/**
 * The deal a project's buyers led to, kept in the project's details under DEAL_RESULT_KEY: the bidding hall's
 * result, or the exchange's confirmation of the one qualified buyer at the listing price (协议转让).
 */
export const ZDealResult = z.object({
  source: z.enum(['bidding', 'agreement']),
  transfereeName: z.string(),
  /** fen */
  dealPrice: z.number(),
  registrationId: z.number(),
  biddingId: z.number().optional(),
  decidedAt: z.string(),
});
export type DealResult = z.infer<typeof ZDealResult>;

export const DEAL_RESULT_KEY = 'dealResult';

/** The project's deal as its details hold it, or null (none yet, or a record of another shape). */
export function dealResultOf(details: Record<string, unknown>): DealResult | null {
  const parsed = ZDealResult.safeParse(details[DEAL_RESULT_KEY]);
  return parsed.success ? parsed.data : null;
}

/**
 * The engine's buyer-side actions (an 意向登记 application, the qualification reviews): what their approvals
 * recorded in a project's details is shown in the project's one buyer section, with the registrations, not again
 * among the project's other records (交易信息).
 */
export const BUYER_RECORD_ACTIONS: readonly string[] = [
  'registration',
  'intentionReview',
  'memberIntentionReview',
];

/** A project's details without the buyer-side records (BUYER_RECORD_ACTIONS). */
export function withoutBuyerRecords(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !BUYER_RECORD_ACTIONS.includes(key)));
}

/** The actions whose application names the buyer and the price: a new one starts from the project's deal. */
const DEAL_FORM_ACTIONS: ReadonlySet<string> = new Set([
  'contract',
  'transaction',
  'assurance',
  'resultConfirm',
  'dealConfirm',
]);

/** The fields a new application of `action` starts with: the deal's buyer and price where the action asks them. */
export function applicationDefaults(
  action: string,
  details: Record<string, unknown>,
): { transfereeName?: string; dealPrice?: number } {
  const deal = dealResultOf(details);
  if (deal === null || !DEAL_FORM_ACTIONS.has(action)) return {};
  return { transfereeName: deal.transfereeName, dealPrice: deal.dealPrice };
}
