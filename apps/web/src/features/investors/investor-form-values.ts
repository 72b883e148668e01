// The investor form's values and what they become: the investor sent (the amount typed in yuan, sent in fen; the
// share typed as a percentage, sent in millionths), the values of a stored draft, and the note's check in the
// investors' words.
import { fenToYuan, formatMessage, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { INVESTOR_NOTE_MAX } from '@cqjy/domain/projects/investors';
import type { InvestorForm, InvestorView, OpenCapitalIncrease } from '@cqjy/domain/projects/investors';
import { checkParticipantNote, isParticipantCertType } from '@cqjy/domain/projects/participants';
import type { ParticipantCertType } from '@cqjy/domain/projects/participants';
import { formatShare, parseShareText } from '@cqjy/domain/projects/shares';

/** The form's values: the amount and the share as typed, everything else as the wire has it. */
export type FormValues = {
  investorType?: string;
  name?: string;
  certType?: ParticipantCertType;
  certNo?: string;
  contactName?: string;
  contactMobile?: string;
  amount?: string;
  share?: string;
  memberCompanyId?: number | null;
  note?: string;
};

/** The project the investor is registered for, as far as the page knows it. */
export type ProjectFacts = Pick<OpenCapitalIncrease, 'id' | 'name' | 'code' | 'family'> &
  Partial<Omit<OpenCapitalIncrease, 'id' | 'name' | 'code' | 'family'>>;

export const isBlank = (value: string | undefined | null): boolean =>
  value === undefined || value === null || value.trim() === '';

/** Yuan as typed -> fen; a text that is no amount becomes NaN, so the domain's check names it. */
export function toFen(value: string | undefined): number | undefined {
  if (value === undefined || isBlank(value)) return undefined;
  return parseYuanToFen(value) ?? Number.NaN;
}

/** A percentage as typed -> millionths; a text that is no percentage becomes NaN. */
export function toShare(value: string | undefined): number | undefined {
  if (value === undefined || isBlank(value)) return undefined;
  return parseShareText(value) ?? Number.NaN;
}

export function toWire(values: FormValues, isMember: boolean): InvestorForm {
  return {
    investorType: values.investorType ?? '',
    name: values.name?.trim() ?? '',
    certType: values.certType as ParticipantCertType,
    // blank on an edit: the server keeps the stored number
    certNo: isBlank(values.certNo) ? undefined : values.certNo?.trim(),
    contactName: values.contactName?.trim() ?? '',
    contactMobile: values.contactMobile?.trim() ?? '',
    amount: toFen(values.amount) as number,
    share: toShare(values.share) as number,
    // a member represents its customers itself: the server sets its company
    ...(isMember ? {} : { memberCompanyId: values.memberCompanyId ?? null }),
    note: values.note?.trim() ?? '',
  };
}

export function fromView(view: InvestorView): FormValues {
  return {
    investorType: view.investorType,
    name: view.name,
    certType: isParticipantCertType(view.certType) ? view.certType : undefined,
    certNo: '',
    contactName: view.contactName,
    contactMobile: view.contactMobile,
    amount: fenToYuan(view.amount),
    share: formatShare(view.share),
    memberCompanyId: view.memberCompanyId,
    note: view.note,
  };
}

/** The investor's note under the domain's limit, in the investors' words. */
export const checkNote = (value: unknown): string | null =>
  checkParticipantNote(value) === null
    ? null
    : formatMessage(MSG.investorsNoteTooLong, { max: INVESTOR_NOTE_MAX });
