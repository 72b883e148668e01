// The registration form's values and what they become: the body sent (the offer typed in yuan, sent in fen), the
// values of a stored registration, and the small readings the form and its project's brief share.
import { fenToYuan, formatDate, parseYuanToFen } from '@cqjy/domain/format';
import type { IntentionDetail, OpenProject } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import type { ParticipantCertType, ParticipantKind } from '@cqjy/domain/projects/participants';
import type { RegistryCustomer } from '@cqjy/domain/registries/customers';
import type { IntentionBody } from './api.ts';

/** The form's values: the offer as typed in yuan, everything else as the wire has it. */
export type FormValues = {
  projectId?: number;
  kind?: ParticipantKind;
  name?: string;
  certType?: ParticipantCertType;
  certNo?: string;
  contactName?: string;
  contactMobile?: string;
  amount?: string;
  note?: string;
};

/** The project as far as the page knows it: a registration being edited carries no listing price. */
export type ProjectFacts = Pick<OpenProject, 'id' | 'name' | 'code' | 'family'> & Partial<OpenProject>;

export const AMOUNT_LABEL = '拟受让价格（元）';
export const NEW_VALUES: FormValues = { kind: 'person', certType: 'idCard' };
/** The codes of the company's customer registries (企业客户, 自然人客户): the picker's call needs either. */
export const CUSTOMER_CODES = ['GJS_CUSTOMER_LT', 'GJS_PERSON_LT'];

export const isBlank = (value: string | undefined | null): boolean =>
  value === undefined || value === null || value.trim() === '';

/** Yuan as typed -> fen; a text that is no amount becomes NaN, so the domain's check names it. */
export function toFen(value: string | undefined): number | null {
  if (isBlank(value)) return null;
  return parseYuanToFen(value ?? '') ?? Number.NaN;
}

/** The offer's rule as checkIntention has it: none, or whole fen above zero. */
export const checkAmount = (fen: number | null): string | null =>
  fen === null || (Number.isSafeInteger(fen) && fen > 0) ? null : MSG.intentionAmountInvalid;

export function toBody(values: FormValues, customerId: number | null): IntentionBody {
  return {
    customerId,
    kind: values.kind ?? '',
    name: values.name?.trim() ?? '',
    certType: values.certType ?? '',
    // blank on an edit: the server keeps the stored number
    certNo: isBlank(values.certNo) ? undefined : values.certNo?.trim(),
    contactName: values.contactName?.trim() ?? '',
    contactMobile: values.contactMobile?.trim() ?? '',
    amount: toFen(values.amount),
    note: values.note?.trim() ?? '',
  };
}

export function fromView(view: IntentionDetail): FormValues {
  return {
    projectId: view.projectId,
    kind: view.kind,
    name: view.name,
    certType: view.certType,
    // a person's number comes masked: left blank, the stored one is kept
    certNo: '',
    contactName: view.contactName,
    contactMobile: view.contactMobile,
    amount: view.amount === null ? undefined : fenToYuan(view.amount),
    note: view.note,
  };
}

/** The registry row a customer's key names (customer-12 -> 12), kept on the registration for the member's records. */
export function customerIdOf(customer: RegistryCustomer): number | null {
  const match = /-(\d+)$/.exec(customer.key);
  return match === null ? null : Number(match[1]);
}

export const dateOf = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : formatDate(value);
