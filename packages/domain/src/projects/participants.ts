// The participants of physical-asset projects (spec 001 section 7, Bulk: "participant save/update/list/delete"):
// the persons and organisations registered as prospective buyers (意向受让方) of a project, their kinds and
// certificate types with Chinese labels, the check of one participant as typed (the first failing field's
// message, in the form's order), and what the list answers. Server and web run the same checks, so a rule and its
// message are written once. The deposit (保证金) is integer fen.
import { z } from 'zod';
import { formatMessage, maskIdCard } from '../format.ts';
import { fillIn, MSG, pleaseSelect } from '../messages.ts';
import type { ProjectStatus } from '../workflow/statuses.ts';
import { validateCreditCode } from '../validation/credit-code.ts';
import { validateIdCard } from '../validation/id-card.ts';
import { validateTelephone } from '../validation/telephone.ts';
import { countChars } from '../validation/return-reason.ts';
import { trimmedText } from '../validation/trimmed-text.ts';

export const PARTICIPANT_KINDS = [
  { code: 'person', label: '自然人' },
  { code: 'company', label: '法人或其他组织' },
] as const;

export type ParticipantKind = (typeof PARTICIPANT_KINDS)[number]['code'];

/** The certificates an exchange accepts, each for one kind of participant. */
export const PARTICIPANT_CERT_TYPES = [
  { code: 'idCard', label: '居民身份证', kind: 'person' },
  { code: 'passport', label: '护照', kind: 'person' },
  { code: 'hkMacaoPermit', label: '港澳居民来往内地通行证', kind: 'person' },
  { code: 'taiwanPermit', label: '台湾居民来往大陆通行证', kind: 'person' },
  { code: 'creditCode', label: '统一社会信用代码', kind: 'company' },
] as const;

export type ParticipantCertType = (typeof PARTICIPANT_CERT_TYPES)[number]['code'];

export const PARTICIPANT_NAME_MIN = 2;
export const PARTICIPANT_NAME_MAX = 100;
export const PARTICIPANT_CONTACT_NAME_MAX = 50;
export const PARTICIPANT_NOTE_MAX = 500;
/** The longest certificate number any type has (passports vary by country; 20 covers them). */
export const PARTICIPANT_CERT_NO_MAX = 20;

/**
 * Participants are registered while buyers can still come forward or be confirmed: during disclosure, while it is
 * suspended, and after it ended until the deal. Before disclosure there is nobody to register; after a deal or a
 * termination the list is the record of what happened.
 */
export const PARTICIPANT_EDITABLE_STATUSES: readonly ProjectStatus[] = ['disclosing', 'suspended', 'ended'];

export function canEditParticipants(status: ProjectStatus): boolean {
  return PARTICIPANT_EDITABLE_STATUSES.includes(status);
}

/** The form's labels; the messages of blank fields name them. */
export const PARTICIPANT_FIELD_LABELS = {
  kind: '意向受让方类型',
  name: '意向受让方名称',
  certType: '证件类型',
  certNo: '证件号码',
  contactName: '联系人',
  contactMobile: '联系电话',
  deposit: '保证金（元）',
  isQualified: '资格确认',
  note: '备注',
} as const;

/**
 * A participant as the save and update calls carry it. On an update a blank certNo keeps the stored number (the
 * list shows it masked, so the form cannot send it back), provided kind and certificate type are unchanged.
 */
export type ParticipantForm = {
  kind: ParticipantKind;
  name: string;
  certType: ParticipantCertType;
  certNo?: string | undefined;
  contactName: string;
  contactMobile: string;
  /** fen; null or absent while none is paid */
  deposit?: number | null | undefined;
  isQualified?: boolean | undefined;
  note?: string | undefined;
};

/** A checked participant: trimmed, the number upper-cased; certNo null keeps the stored one. */
export type ParticipantValues = {
  kind: ParticipantKind;
  name: string;
  certType: ParticipantCertType;
  certNo: string | null;
  contactName: string;
  contactMobile: string;
  deposit: number | null;
  isQualified: boolean;
  note: string;
};

/** The stored identity an update may keep: its certificate number stays only with the same kind and type. */
export type ParticipantIdentity = { kind: ParticipantKind; certType: ParticipantCertType };

export type ParticipantCheck =
  { message: string; value?: never } | { message: null; value: ParticipantValues };

/**
 * A party as every view of it answers it (a participant, a registration's buyer, a transferee): its kind, name,
 * certificate and contact, with their labels.
 */
export const PARTY_VIEW_SHAPE = {
  kind: z.enum(PARTICIPANT_KINDS.map((kind) => kind.code)),
  kindLabel: z.string(),
  name: z.string(),
  certType: z.enum(PARTICIPANT_CERT_TYPES.map((certType) => certType.code)),
  certTypeLabel: z.string(),
  /** a person's number masked (maskIdCard); an organisation's credit code is public and shown whole */
  certNo: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
};

/** One row of POST /api/project/{bulk|coll}/participant/list. */
export const ZParticipantView = z.object({
  id: z.number(),
  projectId: z.number(),
  ...PARTY_VIEW_SHAPE,
  /** fen */
  deposit: z.number().nullable(),
  isQualified: z.boolean(),
  note: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ParticipantView = z.infer<typeof ZParticipantView>;

export function participantKindLabel(kind: string): string {
  return PARTICIPANT_KINDS.find((k) => k.code === kind)?.label ?? '';
}

export function participantCertTypeLabel(certType: string): string {
  return PARTICIPANT_CERT_TYPES.find((c) => c.code === certType)?.label ?? '';
}

export function isParticipantKind(value: unknown): value is ParticipantKind {
  return PARTICIPANT_KINDS.some((k) => k.code === value);
}

export function isParticipantCertType(value: unknown): value is ParticipantCertType {
  return PARTICIPANT_CERT_TYPES.some((c) => c.code === value);
}

/** The certificate types a kind of participant may use, for the form's choices. */
export function certTypesOf(kind: ParticipantKind | undefined) {
  return PARTICIPANT_CERT_TYPES.filter((c) => c.kind === kind);
}

/** A number as it is stored and compared: without surrounding spaces, letters upper-cased (x -> X). */
export function normalizeCertNo(value: string): string {
  return value.trim().toUpperCase();
}

/** The number as the list shows it: a person's masked, an organisation's whole. */
export function displayCertNo(kind: ParticipantKind, certNo: string): string {
  return kind === 'person' ? maskIdCard(certNo) : certNo;
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function checkParticipantKind(kind: unknown): string | null {
  return isParticipantKind(kind) ? null : pleaseSelect(PARTICIPANT_FIELD_LABELS.kind);
}

export function checkParticipantName(name: unknown): string | null {
  if (isBlank(name)) return fillIn(PARTICIPANT_FIELD_LABELS.name);
  const n = typeof name === 'string' ? countChars(name.trim()) : 0;
  return n >= PARTICIPANT_NAME_MIN && n <= PARTICIPANT_NAME_MAX ? null : MSG.participantsNameInvalid;
}

export function checkParticipantCertType(kind: unknown, certType: unknown): string | null {
  if (!isParticipantCertType(certType)) return pleaseSelect(PARTICIPANT_FIELD_LABELS.certType);
  const type = PARTICIPANT_CERT_TYPES.find((c) => c.code === certType);
  return type?.kind === kind ? null : MSG.participantsCertTypeMismatch;
}

/**
 * Passports differ by country: letters and digits, 5 to 20. The Hong Kong and Macao permit is H or M and 8 digits
 * (the card since 2013) or 10 (the booklet before it); the Taiwan permit is 8 digits (since 2015) or 10.
 */
const CERT_NO_PATTERNS: Partial<Record<ParticipantCertType, RegExp>> = {
  passport: /^[A-Z0-9]{5,20}$/,
  hkMacaoPermit: /^[HM]\d{8}(\d{2})?$/,
  taiwanPermit: /^\d{8}(\d{2})?$/,
};

/**
 * The message of a certificate number of a type, or null. The identity card and the credit code are checked by
 * the domain's GB 11643 and GB 32100 rules; `now` bounds an identity card's birth date.
 */
export function checkParticipantCertNo(
  certType: unknown,
  certNo: unknown,
  now: Date = new Date(),
): string | null {
  if (isBlank(certNo)) return fillIn(PARTICIPANT_FIELD_LABELS.certNo);
  const value = normalizeCertNo(trimmedText(certNo));
  switch (certType) {
    case 'idCard':
      return validateIdCard(value, now);
    case 'creditCode':
      return validateCreditCode(value);
    case 'passport':
    case 'hkMacaoPermit':
    case 'taiwanPermit':
      return CERT_NO_PATTERNS[certType]?.test(value) === true
        ? null
        : formatMessage(MSG.participantsCertNoInvalid, { label: participantCertTypeLabel(certType) });
    default:
      // no type chosen yet: the type's own message comes first
      return pleaseSelect(PARTICIPANT_FIELD_LABELS.certType);
  }
}

export function checkParticipantContactName(contactName: unknown): string | null {
  if (isBlank(contactName)) return fillIn(PARTICIPANT_FIELD_LABELS.contactName);
  return countChars(trimmedText(contactName)) <= PARTICIPANT_CONTACT_NAME_MAX
    ? null
    : formatMessage(MSG.projectsContactNameTooLong, { max: PARTICIPANT_CONTACT_NAME_MAX });
}

export function checkParticipantContactMobile(mobile: unknown): string | null {
  return validateTelephone(typeof mobile === 'string' ? mobile.trim() : mobile);
}

/** A deposit in fen: none, or a whole number of fen from 0 (a deposit waived is 0, not missing). */
export function checkParticipantDeposit(deposit: unknown): string | null {
  if (deposit === undefined || deposit === null) return null;
  return typeof deposit === 'number' && Number.isSafeInteger(deposit) && deposit >= 0
    ? null
    : MSG.participantsDepositInvalid;
}

export function checkParticipantNote(note: unknown): string | null {
  if (note === undefined || note === null) return null;
  if (typeof note !== 'string') return MSG.badRequest;
  return countChars(note.trim()) <= PARTICIPANT_NOTE_MAX
    ? null
    : formatMessage(MSG.participantsNoteTooLong, { max: PARTICIPANT_NOTE_MAX });
}

export type ParticipantCheckOptions = {
  /** on an update: the stored kind and type, so that a blank number keeps the stored one */
  stored?: ParticipantIdentity | undefined;
  /** today, for an identity card's birth date */
  now?: Date | undefined;
};

/**
 * Checks a participant as a call or the form carries it, field by field in the form's order; answers the first
 * message, or the checked values.
 */
export function checkParticipant(input: unknown, options: ParticipantCheckOptions = {}): ParticipantCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { message: MSG.badRequest };
  const form = input as Record<string, unknown>;
  const { stored } = options;
  const keepsCertNo =
    stored !== undefined &&
    isBlank(form.certNo) &&
    form.kind === stored.kind &&
    form.certType === stored.certType;
  const message =
    checkParticipantKind(form.kind) ??
    checkParticipantName(form.name) ??
    checkParticipantCertType(form.kind, form.certType) ??
    (keepsCertNo ? null : checkParticipantCertNo(form.certType, form.certNo, options.now)) ??
    checkParticipantContactName(form.contactName) ??
    checkParticipantContactMobile(form.contactMobile) ??
    checkParticipantDeposit(form.deposit) ??
    (form.isQualified === undefined || typeof form.isQualified === 'boolean' ? null : MSG.badRequest) ??
    checkParticipantNote(form.note);
  if (message !== null) return { message };
  return {
    message: null,
    value: {
      kind: form.kind as ParticipantKind,
      name: trimmedText(form.name),
      certType: form.certType as ParticipantCertType,
      certNo: keepsCertNo ? null : normalizeCertNo(trimmedText(form.certNo)),
      contactName: trimmedText(form.contactName),
      contactMobile: trimmedText(form.contactMobile),
      deposit: typeof form.deposit === 'number' ? form.deposit : null,
      isQualified: form.isQualified === true,
      note: trimmedText(form.note),
    },
  };
}
