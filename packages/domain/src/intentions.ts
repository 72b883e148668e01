// 代理意向登记 (spec 000 section 2: intentionPro, addIntention, capShow, paperlessShow, rightShow, bulkShow; spec 001
// section 2: registrationEicSre, registrationShow, rightIntentionReview, unifiedIntentionReview,
// memberIntentionReviewEicSre): a member (经纪会员) registers a buyer it represents (意向受让方) on a disclosing
// project, e-signs the registration letter with its SMS code, and the buyer owes the project's deposit (保证金) by
// the project's deadline. The project's owner gives its qualification opinion, the exchange confirms it; a
// registration is returned with a reason or approved. One qualified buyer takes the project at the listing price
// (协议转让); two or more bid for it in the bidding hall (bidding.ts).
//
// A registration moves:
//   draft -> letterGenerated (the letter drawn) -> submitted (signed) -> ownerApproved -> qualified -> won | lost
//   letterGenerated | submitted | ownerApproved -> returned (with a reason) -> letterGenerated (edited, drawn again)
//   draft | letterGenerated | submitted | returned -> withdrawn (by the member, before the exchange's confirmation)
//   submitted | ownerApproved -> disqualified (its deposit unpaid at the deadline)
//   won -> disqualified (the winner defaulted, 违约); lost -> offered (the deal offered to it, 递补) -> won | lost
// The capital increases register investors in their own module (investors.ts; their view is capShow).
//
// One member represents one buyer of a project: a member company holds at most one registration per project among
// those not withdrawn or disqualified (two competing buyers of one agent could fix the price between them).
// Registrations are taken while the project discloses, up to the disclosure's last day (the registration
// deadline); the deal (the bidding hall, or the agreement with the one qualified buyer) is decided only after it,
// once every deposit still awaited in the review has arrived (dealRefusal, intentions-deal.ts).
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { formatFen, formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import type { NotificationKind } from './notifications.ts';
import { countChars } from './validation/return-reason.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { checkParticipant, PARTY_VIEW_SHAPE, type ParticipantValues } from './projects/participants.ts';

// The deal the registrations lead to and the letter a member signs, reached from here as ever.
export * from './intentions-deal.ts';
export * from './intentions-letter.ts';

/** The families whose projects take intention registrations here, and the view each opens on. */
export const INTENTION_VIEW_ROUTES = {
  bulk: 'bulkShow',
  coll: 'bulkShow',
  // a small lot is a physical asset: its buyers register as a bulk project's do
  small: 'bulkShow',
  stock: 'rightShow',
  privateStock: 'rightShow',
  unified: 'paperlessShow',
} as const;

export type IntentionFamily = keyof typeof INTENTION_VIEW_ROUTES;
export type IntentionViewRoute = (typeof INTENTION_VIEW_ROUTES)[IntentionFamily];

export const INTENTION_FAMILIES = Object.keys(INTENTION_VIEW_ROUTES) as readonly IntentionFamily[];

export function isIntentionFamily(family: string): family is IntentionFamily {
  return Object.hasOwn(INTENTION_VIEW_ROUTES, family);
}

/** The in-app page of a registration: its family's view. */
export function intentionShowPath(family: IntentionFamily, id: number): string {
  return `/index/${INTENTION_VIEW_ROUTES[family]}?id=${id}`;
}

export const INTENTION_STATUSES = [
  'draft',
  'letterGenerated',
  'submitted',
  'ownerApproved',
  'qualified',
  'returned',
  'withdrawn',
  'disqualified',
  'won',
  'lost',
  'offered',
] as const;
export type IntentionStatus = (typeof INTENTION_STATUSES)[number];

export const INTENTION_STATUS_LABELS: Record<IntentionStatus, string> = {
  draft: '草稿',
  letterGenerated: '待签章',
  submitted: '待资格审核',
  ownerApproved: '转让方已确认',
  qualified: '资格已确认',
  returned: '已退回',
  withdrawn: '已撤回',
  disqualified: '已取消资格',
  won: '已受让',
  lost: '未成交',
  offered: '递补待答复',
};

/** What may happen to a registration, and who does it. */
export const INTENTION_EVENTS = [
  'edit',
  'draw',
  'sign',
  'withdraw',
  'ownerPass',
  'exchangePass',
  'back',
  'disqualify',
  'win',
  'lose',
  'default',
  'offer',
  'acceptOffer',
  'declineOffer',
] as const;
export type IntentionEvent = (typeof INTENTION_EVENTS)[number];

/** The one table of allowed transitions: the statuses an event starts from, and where it leads (null: stays). */
export const INTENTION_TRANSITIONS: Record<
  IntentionEvent,
  { from: readonly IntentionStatus[]; to: IntentionStatus | null }
> = {
  edit: { from: ['draft', 'returned'], to: null },
  draw: { from: ['draft', 'returned'], to: 'letterGenerated' },
  sign: { from: ['letterGenerated'], to: 'submitted' },
  withdraw: { from: ['draft', 'letterGenerated', 'submitted', 'returned'], to: 'withdrawn' },
  ownerPass: { from: ['submitted'], to: 'ownerApproved' },
  exchangePass: { from: ['ownerApproved'], to: 'qualified' },
  back: { from: ['submitted', 'ownerApproved'], to: 'returned' },
  disqualify: { from: ['submitted', 'ownerApproved'], to: 'disqualified' },
  win: { from: ['qualified'], to: 'won' },
  lose: { from: ['qualified'], to: 'lost' },
  // a winner that defaults loses the deal and its deposit; the deal goes to the next highest bidder, which answers
  default: { from: ['won'], to: 'disqualified' },
  offer: { from: ['lost'], to: 'offered' },
  acceptOffer: { from: ['offered'], to: 'won' },
  declineOffer: { from: ['offered'], to: 'lost' },
};

export function canIntention(event: IntentionEvent, status: IntentionStatus): boolean {
  return INTENTION_TRANSITIONS[event].from.includes(status);
}

/** The status an event leads to; throws on a transition the table does not allow (callers check canIntention). */
export function nextIntentionStatus(event: IntentionEvent, status: IntentionStatus): IntentionStatus {
  if (!canIntention(event, status)) throw new Error(`intention ${event} not allowed from ${status}`);
  return INTENTION_TRANSITIONS[event].to ?? status;
}

/** The registrations still in the race (they count for the deal's course and the bidding hall). */
export const LIVE_INTENTION_STATUSES: readonly IntentionStatus[] = [
  'letterGenerated',
  'submitted',
  'ownerApproved',
  'qualified',
  'returned',
];

/**
 * The deposit (保证金) of a registration, the ledger's one state machine (保证金台账). `none`: its letter carries none
 * (none drawn yet, or the project asks none). `unpaid` (owed) once the letter carries one, until the money is
 * recorded arrived (the bank's notice or statement, or the exchange's hand): `paid` while the registration is
 * reviewed, `frozen` once it is qualified (it stands behind the bids and cannot be drawn back), or while the deal
 * is offered to it after the winner defaulted (递补). A paid deposit of a
 * registration out of the race (withdrawn, disqualified, lost) is `refunding` (owed back) until a refund batch
 * sends it to the bank (`refundIssued`) and the bank's confirmation closes it (`refunded`; the exchange may also
 * record a refund paid by hand). The winner's is `applied` (转为价款): part of the price. `forfeited` (扣除): kept
 * when a winner defaults or a rule says so, with the reason; nothing follows it.
 */
export const DEPOSIT_STATES = [
  'none',
  'unpaid',
  'paid',
  'frozen',
  'refunding',
  'refundIssued',
  'refunded',
  'applied',
  'forfeited',
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** The registrations whose paid deposit is owed back: no longer in the race. */
export const OUT_OF_RACE: readonly IntentionStatus[] = ['withdrawn', 'disqualified', 'lost'];

/** The facts of a registration its deposit's state is read from. */
export type DepositFacts = {
  status: IntentionStatus;
  depositAmount: number | null;
  depositPaidAt: Date | string | null;
  depositRefundIssuedAt: Date | string | null;
  depositRefundedAt: Date | string | null;
  depositForfeitedAt: Date | string | null;
};

/**
 * The deposit's state, derived from the registration's facts (never stored beside them, so no view can show a
 * deposit owed next to a state saying none): the amount its letter carries, when it was recorded arrived, sent
 * back, paid back or forfeited, and where the registration stands.
 */
export function depositStateOf(facts: DepositFacts): DepositState {
  if (facts.depositAmount === null) return 'none';
  if (facts.depositPaidAt === null) return 'unpaid';
  if (facts.depositForfeitedAt !== null) return 'forfeited';
  if (facts.depositRefundedAt !== null) return 'refunded';
  if (facts.depositRefundIssuedAt !== null) return 'refundIssued';
  if (facts.status === 'won') return 'applied';
  if (OUT_OF_RACE.includes(facts.status)) return 'refunding';
  // offered the deal after a default: held again, as behind a bid, until it answers
  return facts.status === 'qualified' || facts.status === 'offered' ? 'frozen' : 'paid';
}

export const DEPOSIT_STATE_LABELS: Record<DepositState, string> = {
  none: '无需交纳',
  unpaid: '未交纳',
  paid: '已交纳',
  frozen: '已冻结',
  refunding: '待退还',
  refundIssued: '退还中',
  refunded: '已退还',
  applied: '已转为价款',
  forfeited: '已扣除',
};

/** Whether the deposit stands in the way of the exchange's confirmation. */
export function isDepositSettled(state: DepositState): boolean {
  return state !== 'unpaid';
}

/**
 * The ledger's steps a person or the bank takes (the others follow the registration: frozen on its qualification,
 * refunding when it leaves the race, applied when it wins): each from the states listed, never twice.
 */
export const DEPOSIT_LEDGER_STEPS = {
  /** the money recorded arrived */
  arrive: ['unpaid'],
  /** sent back in a refund batch (the bank's file) */
  issueRefund: ['refunding'],
  /** the bank confirmed the refund */
  confirmRefund: ['refundIssued'],
  /** the exchange records a refund it paid by hand, without a batch */
  refundByHand: ['refunding'],
  /** the bank could not pay the refund: owed back again */
  failRefund: ['refundIssued'],
  /** kept: a winner defaults, or a rule says so (the party broke the bidding rules) */
  forfeit: ['paid', 'frozen', 'refunding', 'applied'],
} as const satisfies Record<string, readonly DepositState[]>;
export type DepositLedgerStep = keyof typeof DEPOSIT_LEDGER_STEPS;

export function canDepositStep(step: DepositLedgerStep, state: DepositState): boolean {
  return (DEPOSIT_LEDGER_STEPS[step] as readonly DepositState[]).includes(state);
}

/** The longest reason a forfeiture records. */
export const DEPOSIT_FORFEIT_REASON_MAX = 200;

/** A forfeiture's reason as a call takes it (扣除保证金, and a winner's default that forfeits): `required` when blank. */
export function zForfeitReason(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(
      DEPOSIT_FORFEIT_REASON_MAX,
      formatMessage(MSG.depositForfeitReasonTooLong, { max: DEPOSIT_FORFEIT_REASON_MAX }),
    );
}

/** The longest bank reference (流水号) a deposit's record keeps. */
export const DEPOSIT_REFERENCE_MAX = 64;

/** What the exchange records of a deposit that arrived: the amount (fen), the day it arrived and the bank's reference. */
export type DepositReceipt = { amount: number; arrivedOn: string; reference: string };

/** A deposit's record as the calls carry it: judged by checkDepositReceipt, so the messages are the form's. */
export const ZDepositReceiptInput = z.object({
  amount: z.unknown().optional(),
  arrivedOn: z.unknown().optional(),
  reference: z.unknown().optional(),
});

/**
 * Checks a deposit's record against the deposit owed (fen) on `today` ('YYYY-MM-DD', +08:00): the amount must be
 * the one owed, the day a calendar day not after today, the reference given (trimmed, at most
 * DEPOSIT_REFERENCE_MAX characters, no control characters). A refusal names the field at fault.
 */
export function checkDepositReceipt(
  input: { amount?: unknown; arrivedOn?: unknown; reference?: unknown },
  owed: number,
  today: string,
):
  | { message: string; field: keyof DepositReceipt; value?: never }
  | { message: null; field?: never; value: DepositReceipt } {
  const { amount, arrivedOn } = input;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    return { message: MSG.intentionDepositAmountInvalid, field: 'amount' };
  }
  if (amount !== owed) {
    const params = { amount: formatFen(amount), owed: formatFen(owed) };
    return { message: formatMessage(MSG.intentionDepositAmountMismatch, params), field: 'amount' };
  }
  if (typeof arrivedOn !== 'string' || !isCalendarDate(arrivedOn)) {
    return { message: MSG.intentionDepositDateInvalid, field: 'arrivedOn' };
  }
  if (arrivedOn > today) return { message: MSG.intentionDepositDateFuture, field: 'arrivedOn' };
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  if (reference === '') return { message: MSG.intentionDepositReferenceRequired, field: 'reference' };
  // a reference with control characters is refused, not stored
  if ([...reference].length > DEPOSIT_REFERENCE_MAX || /[\u0000-\u001f\u007f]/.test(reference)) {
    const message = formatMessage(MSG.intentionDepositReferenceInvalid, { max: DEPOSIT_REFERENCE_MAX });
    return { message, field: 'reference' };
  }
  return { message: null, value: { amount, arrivedOn, reference } };
}

/** The record class of a registration's files (the documents the project's qualification conditions ask for). */
export const INTENTION_DATA_CLASS = 'intention';
export const INTENTION_FILE_TAG = 'intentionFile';
/** the registration drawn as a PDF for its e-signature; the signed one carries SIGNED_LETTER_TAG */
export const INTENTION_LETTER_TAG = 'intentionLetter';

export const INTENTION_NOTE_MAX = 500;
export const INTENTION_REASON_MAX = 500;

/** The notices a registration raises. */
export const INTENTION_NOTICE_KINDS = {
  submitted: 'intention.submitted',
  reviewed: 'intention.reviewed',
  deposit: 'intention.deposit',
} as const satisfies Record<string, NotificationKind>;

/** What the member types: the project, the buyer (picked from its customers or new), the offer and a note. */
export type IntentionForm = {
  projectId: number;
  /** the 企业客户 or 自然人客户 the buyer was picked from (kept for the member's records), or null */
  customerId?: number | null | undefined;
  kind: string;
  name: string;
  certType: string;
  certNo?: string | undefined;
  contactName: string;
  contactMobile: string;
  /** 拟受让价格, fen; optional */
  amount?: number | null | undefined;
  note?: string | undefined;
};

export type IntentionValues = Omit<ParticipantValues, 'deposit' | 'isQualified'> & {
  amount: number | null;
};

/** Checks the buyer as the form and the calls carry it: the participant's rules, then the offer. */
export function checkIntention(
  input: unknown,
  options: Parameters<typeof checkParticipant>[1] = {},
): { message: string; value?: never } | { message: null; value: IntentionValues } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { message: MSG.badRequest };
  const form = input as Record<string, unknown>;
  const checked = checkParticipant({ ...form, deposit: null, isQualified: false }, options);
  if (checked.message !== null) return { message: checked.message };
  const amount = form.amount;
  if (amount !== undefined && amount !== null) {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return { message: MSG.intentionAmountInvalid };
    }
  }
  const { deposit: _deposit, isQualified: _qualified, ...buyer } = checked.value;
  return { message: null, value: { ...buyer, amount: typeof amount === 'number' ? amount : null } };
}

export const ZIntentionView = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  family: z.enum(INTENTION_FAMILIES as [IntentionFamily, ...IntentionFamily[]]),
  /** bulkShow, rightShow or paperlessShow */
  viewRoute: z.string(),
  /** the registering member */
  memberCompanyId: z.number(),
  memberName: z.string(),
  customerId: z.number().nullable(),
  ...PARTY_VIEW_SHAPE,
  /** fen */
  amount: z.number().nullable(),
  note: z.string(),
  status: z.enum(INTENTION_STATUSES),
  statusLabel: z.string(),
  /** fen; null when the project asks none */
  depositAmount: z.number().nullable(),
  /** YYYY-MM-DD */
  depositDeadline: z.string().nullable(),
  /** derived (depositStateOf) from the amount, the records below and the status */
  depositState: z.enum(DEPOSIT_STATES),
  depositStateLabel: z.string(),
  /** when the exchange (or a bank's notice) recorded the deposit arrived */
  depositPaidAt: z.string().nullable(),
  /** the record: the amount that arrived (fen), the day it arrived (YYYY-MM-DD) and the bank's reference */
  depositReceivedAmount: z.number().nullable(),
  depositArrivedOn: z.string().nullable(),
  depositReference: z.string(),
  depositRefundIssuedAt: z.string().nullable(),
  depositRefundedAt: z.string().nullable(),
  depositForfeitedAt: z.string().nullable(),
  depositForfeitReason: z.string(),
  /** the drawn letter awaiting the signature, and once signed the signed one (attachment uuids) */
  letterId: z.string().nullable(),
  signedFileId: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** the owner's opinion and the exchange's; a return's reason */
  ownerOpinion: z.string(),
  ownerReviewedAt: z.string().nullable(),
  reviewReason: z.string(),
  reviewedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntentionView = z.infer<typeof ZIntentionView>;

export const ZIntentionDetail = ZIntentionView.extend({
  files: z.array(ZAttachmentItem),
  /** the receiving account (虚拟子账户) the deposit is paid into, so the bank matches it itself; null: none owed */
  depositAccount: z.string().nullable(),
});
export type IntentionDetail = z.infer<typeof ZIntentionDetail>;

/** A disclosing project open to registrations, as the 代理意向登记 form's picker offers it. */
export const ZOpenProject = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  family: z.string(),
  familyLabel: z.string(),
  /** fen */
  listingPrice: z.number().nullable(),
  depositAmount: z.number().nullable(),
  depositDeadline: z.string().nullable(),
  disclosureEnd: z.string().nullable(),
});
export type OpenProject = z.infer<typeof ZOpenProject>;

/** The notice the member gets when its registration is reviewed. */
export function intentionReviewNotice(input: {
  id: number;
  family: IntentionFamily;
  name: string;
  projectName: string;
  isPassed: boolean;
  reason: string;
}): { kind: NotificationKind; title: string; body: string; link: string } {
  const params = { name: input.name, project: input.projectName, reason: input.reason };
  return {
    kind: INTENTION_NOTICE_KINDS.reviewed,
    title: formatMessage(input.isPassed ? MSG.intentionPassedTitle : MSG.intentionReturnedTitle, params),
    body: formatMessage(input.isPassed ? MSG.intentionPassedBody : MSG.intentionReturnedBody, params),
    link: intentionShowPath(input.family, input.id),
  };
}

/**
 * Whether a registration is past its signature: only then do the project's owner, its agent member and the
 * exchange see it (a draft and an unsigned letter are the member's own business).
 */
export function isPastSigning(status: IntentionStatus): boolean {
  return status !== 'draft' && status !== 'letterGenerated';
}

/** The qualification review's answers: pass, or back to the member with a reason. */
export const INTENTION_REVIEW_RESULTS = ['pass', 'back'] as const;
export type IntentionReviewResult = (typeof INTENTION_REVIEW_RESULTS)[number];

/** The message of a review's reason, or null: a return needs one, and none may run past INTENTION_REASON_MAX. */
export function checkIntentionReason(result: IntentionReviewResult, reason: string): string | null {
  const trimmed = reason.trim();
  if (result === 'back' && trimmed === '') return MSG.intentionReasonRequired;
  return countChars(trimmed) <= INTENTION_REASON_MAX
    ? null
    : formatMessage(MSG.intentionReasonTooLong, { max: INTENTION_REASON_MAX });
}
