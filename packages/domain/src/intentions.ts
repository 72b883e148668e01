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
// The capital increases register investors in their own module (investors.ts; their view is capShow).
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { formatChineseDate, formatFen, formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import type { NotificationKind } from './notifications.ts';
import { countChars } from './validation/return-reason.ts';
import {
  checkParticipant,
  displayCertNo,
  participantCertTypeLabel,
  participantKindLabel,
  PARTICIPANT_CERT_TYPES,
  PARTICIPANT_KINDS,
  type ParticipantValues,
} from './projects/participants.ts';

/** The families whose projects take intention registrations here, and the view each opens on. */
export const INTENTION_VIEW_ROUTES = {
  bulk: 'bulkShow',
  coll: 'bulkShow',
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
 * The deposit (保证金) of a registration. `none`: the project asks none. `unpaid` until the exchange records the
 * money arrived (by hand, or a bank's notice through the same call); a loser's paid deposit is `refunding` until
 * the exchange records it paid back; the winner's is `applied`: part of the price.
 */
export const DEPOSIT_STATES = ['none', 'unpaid', 'paid', 'refunding', 'refunded', 'applied'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const DEPOSIT_STATE_LABELS: Record<DepositState, string> = {
  none: '无需交纳',
  unpaid: '未交纳',
  paid: '已交纳',
  refunding: '待退还',
  refunded: '已退还',
  applied: '已转为价款',
};

/** Whether the deposit stands in the way of the exchange's confirmation. */
export function isDepositSettled(state: DepositState): boolean {
  return state !== 'unpaid';
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
  kind: z.enum(PARTICIPANT_KINDS.map((kind) => kind.code)),
  kindLabel: z.string(),
  name: z.string(),
  certType: z.enum(PARTICIPANT_CERT_TYPES.map((certType) => certType.code)),
  certTypeLabel: z.string(),
  /** a person's masked, an organisation's whole */
  certNo: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  /** fen */
  amount: z.number().nullable(),
  note: z.string(),
  status: z.enum(INTENTION_STATUSES),
  statusLabel: z.string(),
  /** fen; null when the project asks none */
  depositAmount: z.number().nullable(),
  /** YYYY-MM-DD */
  depositDeadline: z.string().nullable(),
  depositState: z.enum(DEPOSIT_STATES),
  depositStateLabel: z.string(),
  depositPaidAt: z.string().nullable(),
  depositRefundedAt: z.string().nullable(),
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

export const ZIntentionDetail = ZIntentionView.extend({ files: z.array(ZAttachmentItem) });
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

/** The deal's course a project's qualified registrations lead to. */
export type DealCourse = 'none' | 'agreement' | 'bidding';

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

/** The registration letter's title. */
export const INTENTION_LETTER_TITLE = '意向登记函';

/**
 * The letter the member e-signs: the project, the buyer it represents (a person's number masked, as every view
 * shows it), the offer and the deposit the project asks at the time of drawing, addressed to the exchange.
 */
export function composeIntentionLetter(input: {
  projectName: string;
  projectCode: string;
  buyer: Pick<
    IntentionValues,
    'kind' | 'name' | 'certType' | 'contactName' | 'contactMobile' | 'amount' | 'note'
  > & { certNo: string };
  depositAmount: number | null;
  depositDeadline: string | null;
  member: string;
  exchange: string;
  at: Date;
}): {
  title: string;
  addressee: string;
  paragraphs: string[];
  fields: { label: string; value: string }[];
  applicant: string;
  date: string;
} {
  const { buyer } = input;
  const deposit =
    input.depositAmount === null
      ? '本项目无需交纳交易保证金。'
      : `意向受让方将于${input.depositDeadline === null ? '保证金交纳截止日期' : formatChineseDate(input.depositDeadline)}前交纳交易保证金${formatFen(input.depositAmount)}元，逾期未交纳的，自愿放弃意向受让资格。`;
  return {
    title: INTENTION_LETTER_TITLE,
    addressee: input.exchange,
    paragraphs: [
      `我单位受“${buyer.name}”委托，代理其就项目“${input.projectName}”（项目编号${input.projectCode}）进行意向登记，` +
        '并承诺所提交的意向受让方信息与材料真实、准确、完整。',
      deposit,
      ...(buyer.note === '' ? [] : [`说明：${buyer.note}`]),
    ],
    fields: [
      { label: '项目名称', value: input.projectName },
      { label: '项目编号', value: input.projectCode },
      { label: '意向受让方', value: buyer.name },
      { label: '意向受让方类型', value: participantKindLabel(buyer.kind) },
      { label: '证件类型', value: participantCertTypeLabel(buyer.certType) },
      { label: '证件号码', value: displayCertNo(buyer.kind, buyer.certNo) },
      { label: '联系人', value: buyer.contactName },
      { label: '联系电话', value: buyer.contactMobile },
      { label: '拟受让价格（元）', value: buyer.amount === null ? '—' : formatFen(buyer.amount) },
      {
        label: '交易保证金（元）',
        value: input.depositAmount === null ? '无需交纳' : formatFen(input.depositAmount),
      },
      { label: '保证金交纳截止日期', value: input.depositDeadline ?? '—' },
      { label: '代理会员', value: input.member },
    ],
    applicant: input.member,
    date: formatChineseDate(input.at),
  };
}
