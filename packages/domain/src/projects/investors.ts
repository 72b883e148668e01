// The investors (投资方) of a capital increase (spec 001 sections 1, 3 and 7: "Investor"; the capital-increase
// calls investors, customers, investor/audit/{id}). An investor is registered for a disclosing capital increase by
// its owner company, or by a member for its customer; saved as a draft, submitted to the exchange, which audits its
// qualification (资格审核: passed, or refused with a reason); once every submission is audited the owner records the
// selection result (遴选结果) among the qualified ones, and the capital-increase agreement names the selected.
// Server and web run the same checks, so a rule and its message are written once. Money is integer fen, shares
// are integer millionths of the whole (shares.ts).
import { z } from 'zod';
import type { AttachmentTag } from '../attachment-tags.ts';
import { formatMessage } from '../format.ts';
import { fillIn, MSG, pleaseSelect } from '../messages.ts';
import { countChars } from '../validation/return-reason.ts';
import type { ProjectStatus } from '../workflow/statuses.ts';
import {
  checkParticipantCertNo,
  checkParticipantContactMobile,
  checkParticipantContactName,
  checkParticipantNote,
  normalizeCertNo,
  isParticipantCertType,
  PARTICIPANT_CERT_TYPES,
  PARTICIPANT_NAME_MAX,
  PARTICIPANT_NAME_MIN,
  type ParticipantCertType,
  type ParticipantKind,
} from './participants.ts';
import { CAP_KIND, CAP_OPEN_KIND } from './kinds/capital-increase.ts';
import { formatShare, SHARE_WHOLE, sumShares } from './shares.ts';
import { trimmedText } from '../validation/trimmed-text.ts';

/**
 * The families whose projects have investors, each with the base of its calls (the kind's specBase:
 * /api/capitalIncrease, /api/capitalIncreaseOpen).
 */
export const CAPITAL_INCREASE_BASES = [
  { family: 'cap', base: CAP_KIND.specBase ?? '' },
  { family: 'capOpen', base: CAP_OPEN_KIND.specBase ?? '' },
] as const;

export const CAPITAL_INCREASE_FAMILIES: readonly string[] = CAPITAL_INCREASE_BASES.map(
  (entry) => entry.family,
);

/** The base of a family's investor calls; a family without investors names none (undefined). */
export function capitalIncreaseBaseOf(family: string): string | undefined {
  return CAPITAL_INCREASE_BASES.find((entry) => entry.family === family)?.base;
}

/** The record class an investor's files are filed under (`dataClass` of uploads, dataId = the investor's id). */
export const INVESTOR_DATA_CLASS = 'investor';

/** An investor's qualification files: the two an exchange asks of every investor are required on submit. */
export const INVESTOR_ATTACHMENTS: readonly AttachmentTag[] = [
  {
    tag: 'investorQualification',
    label: '主体资格证明文件',
    requiredMessage: '请上传投资方主体资格证明文件',
  },
  { tag: 'investorCommitment', label: '投资意向书及承诺函', requiredMessage: '请上传投资意向书及承诺函' },
  { tag: 'investorOthers', label: '其他材料' },
];

export const INVESTOR_STATUSES = [
  { code: 'draft', label: '草稿' },
  { code: 'submitted', label: '待资格审核' },
  { code: 'qualified', label: '资格审核通过' },
  { code: 'refused', label: '资格审核未通过' },
  { code: 'selected', label: '已入选' },
  { code: 'notSelected', label: '未入选' },
] as const;

export type InvestorStatus = (typeof INVESTOR_STATUSES)[number]['code'];

export function investorStatusLabel(status: string): string {
  return INVESTOR_STATUSES.find((entry) => entry.code === status)?.label ?? status;
}

/** Only a draft is changed, submitted or deleted by the company that registered it. */
export const INVESTOR_EDITABLE_STATUSES: readonly InvestorStatus[] = ['draft'];
/** The qualified investors, among whom the selection chooses (and may choose again until the agreement). */
export const INVESTOR_SELECTABLE_STATUSES: readonly InvestorStatus[] = [
  'qualified',
  'selected',
  'notSelected',
];

/** Investors are registered while the capital increase is disclosed: before there is no offer, after it closed. */
export const INVESTOR_REGISTRATION_STATUSES: readonly ProjectStatus[] = ['disclosing'];
/** The selection is recorded once the disclosure found investors, and may be redone until the agreement. */
export const INVESTOR_SELECTION_STATUSES: readonly ProjectStatus[] = ['disclosing', 'ended'];

/** The dictionary investorType's key of a natural person (自然人); every other type is an organisation. */
export const INVESTOR_TYPE_PERSON = '2';

export function investorKindOf(investorType: string): ParticipantKind {
  return investorType === INVESTOR_TYPE_PERSON ? 'person' : 'company';
}

export const INVESTOR_NOTE_MAX = 500;
export const INVESTOR_AUDIT_REASON_MAX = 500;

export const INVESTOR_FIELD_LABELS = {
  investorType: '投资方类型',
  name: '投资方名称',
  certType: '证件类型',
  certNo: '证件号码',
  contactName: '联系人',
  contactMobile: '联系电话',
  amount: '拟投资金额（元）',
  share: '拟认购股权比例（%）',
  memberCompanyId: '代理会员',
  note: '备注',
} as const;

/** An investor as POST /api/investor and /api/investor/update/{id} carry it (a blank certNo on update keeps it). */
export type InvestorForm = {
  investorType: string;
  name: string;
  certType: ParticipantCertType;
  certNo?: string | undefined;
  contactName: string;
  contactMobile: string;
  /** fen */
  amount: number;
  /** millionths of the whole */
  share: number;
  /** the member representing the investor; set to the caller's company when a member registers */
  memberCompanyId?: number | null | undefined;
  note?: string | undefined;
};

export type InvestorValues = {
  investorType: string;
  kind: ParticipantKind;
  name: string;
  certType: ParticipantCertType;
  /** null: keep the stored number */
  certNo: string | null;
  contactName: string;
  contactMobile: string;
  amount: number;
  share: number;
  memberCompanyId: number | null;
  note: string;
};

export type InvestorCheck = { message: string; value?: never } | { message: null; value: InvestorValues };

export type InvestorCheckOptions = {
  /** the dictionary's investor types (keys) */
  investorTypes: readonly string[];
  /** the share the capital increase offers new investors (millionths): no investor asks for more */
  offeredShare: number | undefined;
  /** on an update: the stored type of certificate, so that a blank number keeps the stored one */
  stored?: { kind: ParticipantKind; certType: ParticipantCertType } | undefined;
  now?: Date | undefined;
};

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function checkInvestorAmount(amount: unknown): string | null {
  if (amount === undefined || amount === null) return fillIn(INVESTOR_FIELD_LABELS.amount);
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0
    ? null
    : MSG.investorsAmountInvalid;
}

export function checkInvestorShare(share: unknown, offeredShare: number | undefined): string | null {
  if (share === undefined || share === null) return fillIn(INVESTOR_FIELD_LABELS.share);
  if (typeof share !== 'number' || !Number.isSafeInteger(share) || share <= 0 || share >= SHARE_WHOLE) {
    return MSG.investorsShareInvalid;
  }
  if (offeredShare !== undefined && share > offeredShare) {
    return formatMessage(MSG.investorsShareOverOffered, { share: formatShare(offeredShare) });
  }
  return null;
}

/**
 * Checks an investor as a call or the form carries it, field by field in the form's order; answers the first
 * message, or the checked values (trimmed, the number upper-cased).
 */
export function checkInvestor(input: unknown, options: InvestorCheckOptions): InvestorCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { message: MSG.badRequest };
  const form = input as Record<string, unknown>;
  const investorType = trimmedText(form.investorType);
  const typeMessage = options.investorTypes.includes(investorType)
    ? null
    : pleaseSelect(INVESTOR_FIELD_LABELS.investorType);
  const kind = investorKindOf(investorType);
  const { stored } = options;
  const keepsCertNo =
    stored !== undefined && isBlank(form.certNo) && kind === stored.kind && form.certType === stored.certType;
  const memberCompanyId = form.memberCompanyId ?? null;
  const message =
    typeMessage ??
    checkInvestorName(form.name) ??
    checkInvestorCertType(kind, form.certType) ??
    (keepsCertNo ? null : checkParticipantCertNo(form.certType, form.certNo, options.now)) ??
    checkParticipantContactName(form.contactName) ??
    checkParticipantContactMobile(form.contactMobile) ??
    checkInvestorAmount(form.amount) ??
    checkInvestorShare(form.share, options.offeredShare) ??
    (memberCompanyId === null ||
    (typeof memberCompanyId === 'number' && Number.isSafeInteger(memberCompanyId))
      ? null
      : MSG.badRequest) ??
    checkInvestorNote(form.note);
  if (message !== null) return { message };
  return {
    message: null,
    value: {
      investorType,
      kind,
      name: trimmedText(form.name),
      certType: form.certType as ParticipantCertType,
      certNo: keepsCertNo ? null : normalizeCertNo(trimmedText(form.certNo)),
      contactName: trimmedText(form.contactName),
      contactMobile: trimmedText(form.contactMobile),
      amount: form.amount as number,
      share: form.share as number,
      memberCompanyId: memberCompanyId as number | null,
      note: trimmedText(form.note),
    },
  };
}

export function checkInvestorName(name: unknown): string | null {
  if (isBlank(name)) return fillIn(INVESTOR_FIELD_LABELS.name);
  const n = countChars(trimmedText(name));
  return n >= PARTICIPANT_NAME_MIN && n <= PARTICIPANT_NAME_MAX ? null : MSG.investorsNameInvalid;
}

/** The certificate of a person or of an organisation, as the investor's type is. */
export function checkInvestorCertType(kind: ParticipantKind, certType: unknown): string | null {
  if (!isParticipantCertType(certType)) return pleaseSelect(INVESTOR_FIELD_LABELS.certType);
  const type = PARTICIPANT_CERT_TYPES.find((entry) => entry.code === certType);
  return type?.kind === kind ? null : MSG.investorsCertTypeMismatch;
}

function checkInvestorNote(note: unknown): string | null {
  return checkParticipantNote(note) === null
    ? null
    : formatMessage(MSG.investorsNoteTooLong, { max: INVESTOR_NOTE_MAX });
}

/** The audit's reason: required to refuse, optional to pass, within INVESTOR_AUDIT_REASON_MAX either way. */
export function checkInvestorAuditReason(isPassed: boolean, reason: string): string | null {
  const text = reason.trim();
  if (!isPassed && text === '') return MSG.investorsAuditReasonRequired;
  if (countChars(text) > INVESTOR_AUDIT_REASON_MAX) {
    return formatMessage(MSG.investorsAuditReasonTooLong, { max: INVESTOR_AUDIT_REASON_MAX });
  }
  return null;
}

/** What the selection is checked against: the project's investors and its plan. */
export type SelectionInput = {
  investors: readonly { id: number; status: InvestorStatus; share: number }[];
  chosenIds: readonly number[];
  /** the number of investors the capital increase seeks */
  investorCount: number | undefined;
  offeredShare: number | undefined;
};

/** The message of a selection result, or null: among the qualified, every submission audited, within the plan. */
export function checkSelection(input: SelectionInput): string | null {
  const chosen = new Set(input.chosenIds);
  if (chosen.size === 0) return MSG.investorsSelectionEmpty;
  if (input.investors.some((investor) => investor.status === 'submitted')) return MSG.investorsAuditPending;
  const picked = input.investors.filter((investor) => chosen.has(investor.id));
  if (
    picked.length !== chosen.size ||
    picked.some((investor) => !INVESTOR_SELECTABLE_STATUSES.includes(investor.status))
  ) {
    return MSG.investorsSelectionNotQualified;
  }
  if (input.investorCount !== undefined && picked.length > input.investorCount) {
    return formatMessage(MSG.investorsSelectionTooMany, { count: input.investorCount });
  }
  const sum = sumShares(picked.map((investor) => investor.share));
  if (input.offeredShare !== undefined && sum > input.offeredShare) {
    return formatMessage(MSG.investorsSelectionShareOver, {
      sum: formatShare(sum),
      share: formatShare(input.offeredShare),
    });
  }
  return null;
}

/** One investor as the list, the show and the export answer it (a person's number masked). */
export const ZInvestorView = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  family: z.string(),
  status: z.enum(INVESTOR_STATUSES.map((entry) => entry.code)),
  statusLabel: z.string(),
  investorType: z.string(),
  investorTypeLabel: z.string(),
  kind: z.enum(['person', 'company']),
  name: z.string(),
  certType: z.string(),
  certTypeLabel: z.string(),
  certNo: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  /** fen */
  amount: z.number(),
  /** millionths */
  share: z.number(),
  /** the company that registered it: the owner, or a member for its customer */
  registrantCompanyId: z.number(),
  registrantCompanyName: z.string(),
  isByMember: z.boolean(),
  memberCompanyId: z.number().nullable(),
  memberCompanyName: z.string().nullable(),
  note: z.string(),
  auditReason: z.string(),
  auditedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type InvestorView = z.infer<typeof ZInvestorView>;

/**
 * A customer of the caller (POST /api/capitalIncrease/customers), to register in one pick: one of its 企业客户 or
 * 自然人客户 (the number whole: the company's own record), or an investor it registered before (the number
 * masked, typed again).
 */
export const ZInvestorCustomer = ZInvestorView.pick({
  investorType: true,
  investorTypeLabel: true,
  name: true,
  certType: true,
  certTypeLabel: true,
  certNo: true,
  contactName: true,
  contactMobile: true,
}).extend({
  /** where the facts come from: customer-12, personalCustomer-3, investor-40 */
  key: z.string(),
});

export type InvestorCustomer = z.infer<typeof ZInvestorCustomer>;

/** A disclosing capital increase open to registrations, as the exchange announces it. */
export const ZOpenCapitalIncrease = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  family: z.string(),
  companyName: z.string(),
  /** fen */
  raiseMin: z.number().nullable(),
  raiseMax: z.number().nullable(),
  /** millionths */
  offeredShare: z.number().nullable(),
  investorCount: z.number().nullable(),
  disclosureEnd: z.string().nullable(),
});

export type OpenCapitalIncrease = z.infer<typeof ZOpenCapitalIncrease>;

/** The columns of the investors' export (.xlsx and PDF), in order. */
export const INVESTOR_EXPORT_COLUMNS = [
  { key: 'name', label: '投资方名称' },
  { key: 'investorTypeLabel', label: '投资方类型' },
  { key: 'certTypeLabel', label: '证件类型' },
  { key: 'certNo', label: '证件号码' },
  { key: 'contactName', label: '联系人' },
  { key: 'contactMobile', label: '联系电话' },
  { key: 'amount', label: '拟投资金额（元）' },
  { key: 'share', label: '拟认购股权比例（%）' },
  { key: 'registrant', label: '登记方' },
  { key: 'statusLabel', label: '状态' },
  { key: 'auditReason', label: '审核意见' },
] as const;
