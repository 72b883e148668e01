// The fields and rules more than one family's form has: the project's name, the payment terms (a lump sum, or
// instalments with at least 30% first, the rest within a year and a guarantee: regulation 32 of SASAC and the
// Ministry of Finance), and the contact person. Each family's kind file composes them with its own fields.
import { z } from 'zod';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { validateTelephone } from '../../validation/telephone.ts';
import { countChars } from '../../validation/return-reason.ts';
import { field, type FieldDef } from './fields.ts';

export const PROJECT_NAME_MIN = 2;
export const PROJECT_NAME_MAX = 100;
export const CONTACT_NAME_MAX = 50;

/** A project's code: GR, the year, BJ, the id (yearSerialCode). */
export const PROJECT_CODE = { prefix: 'GR', infix: 'BJ' } as const;

export const PAYMENT_MODES = [
  { value: 'lump', label: '一次性' },
  { value: 'instalment', label: '分期' },
] as const;

export type PaymentMode = (typeof PAYMENT_MODES)[number]['value'];

export const PAYMENT_RULES = {
  firstPaymentRatioMin: 0.3,
  instalmentMonthsMax: 12,
} as const;

/** A name of 2 to 100 characters, trimmed; `message` says whose name it is (a project's, a plan's). */
export const zProjectName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => {
      const n = countChars(value);
      return n >= PROJECT_NAME_MIN && n <= PROJECT_NAME_MAX;
    }, message);

const isInstalment = (form: Record<string, unknown>): boolean => form.paymentMode === 'instalment';

export const NAME_FIELD = field.text('name', '项目名称', {
  isRequired: true,
  max: PROJECT_NAME_MAX,
  schema: zProjectName(MSG.projectsNameInvalid),
});

export const PAYMENT_FIELDS = {
  paymentMode: field.choice('paymentMode', '付款方式', PAYMENT_MODES, {
    isRequired: true,
    isRadio: true,
    schema: z.enum(['lump', 'instalment'], { error: MSG.projectsPaymentModeRequired }),
  }),
  firstPaymentRatio: field.percent('firstPaymentRatio', '首付比例', {
    isVisible: isInstalment,
    isRequired: true,
    hint: '不得低于30%',
    schema: z
      .number({ error: MSG.projectsFirstPaymentRatioInvalid })
      .min(0, MSG.projectsFirstPaymentRatioInvalid)
      .max(1, MSG.projectsFirstPaymentRatioInvalid),
  }),
  instalmentMonths: field.integer('instalmentMonths', '分期付款期限（月）', {
    isVisible: isInstalment,
    isRequired: true,
    integerDigits: 2,
    hint: '不得超过12个月',
    schema: z
      .number({ error: MSG.projectsInstalmentMonthsInvalid })
      .int(MSG.projectsInstalmentMonthsInvalid)
      .min(1, MSG.projectsInstalmentMonthsInvalid),
  }),
  hasGuarantee: field.boolean('hasGuarantee', '提供担保', {
    isVisible: isInstalment,
    isRequired: true,
    checkLabel: '受让方提供担保',
  }),
};

/**
 * The member company (经纪会员) the owner entrusts with the project: it sees the project, registers the intended
 * transferees it brings (意向登记) and gives its opinion on them. Kept in the project's agent column too, so an
 * agent's list is a query on an index.
 */
export const AGENT_FIELD = field.member('agentCompanyId', '委托会员', {
  hint: '代理本项目、为意向受让方办理登记的会员机构',
});

export const CONTACT_FIELDS = {
  contactName: field.text('contactName', '联系人', {
    isRequired: true,
    max: CONTACT_NAME_MAX,
    schema: z
      .string({ error: MSG.badRequest })
      .refine(
        (value) => countChars(value) <= CONTACT_NAME_MAX,
        formatMessage(MSG.projectsContactNameTooLong, { max: CONTACT_NAME_MAX }),
      ),
  }),
  contactMobile: field.telephone('contactMobile', '联系电话', { isRequired: true }),
};

export const PAYMENT_FIELD_LIST: readonly FieldDef[] = Object.values(PAYMENT_FIELDS);
/** The payment terms' field names, for a kind's published fields. */
export const PAYMENT_FIELD_NAMES: readonly string[] = PAYMENT_FIELD_LIST.map((item) => item.name);
export const CONTACT_FIELD_LIST: readonly FieldDef[] = Object.values(CONTACT_FIELDS);

export type PaymentTerms = {
  paymentMode?: PaymentMode | undefined;
  firstPaymentRatio?: number | undefined;
  instalmentMonths?: number | undefined;
  hasGuarantee?: boolean | undefined;
};

/** The payment rules: a mode is chosen; instalments need 30% first, at most 12 months and a guarantee. */
export function checkPaymentTerms(form: PaymentTerms): string[] {
  const messages: string[] = [];
  if (form.paymentMode === undefined) {
    messages.push(MSG.projectsPaymentModeRequired);
  } else if (form.paymentMode === 'instalment') {
    if (form.firstPaymentRatio === undefined) messages.push(MSG.projectsFirstPaymentRatioInvalid);
    else if (form.firstPaymentRatio < PAYMENT_RULES.firstPaymentRatioMin) {
      messages.push(MSG.projectsFirstPaymentRatioMin);
    }
    if (form.instalmentMonths === undefined) messages.push(MSG.projectsInstalmentMonthsInvalid);
    else if (form.instalmentMonths > PAYMENT_RULES.instalmentMonthsMax) {
      messages.push(MSG.projectsInstalmentMonthsMax);
    }
    if (form.hasGuarantee !== true) messages.push(MSG.projectsGuaranteeRequired);
  }
  return messages;
}

/** The contact rules: a name and a correct contact telephone (mobile or landline). */
export function checkContact(form: {
  contactName?: string | undefined;
  contactMobile?: string | undefined;
}): string[] {
  const messages: string[] = [];
  if (form.contactName === undefined || form.contactName.trim() === '') {
    messages.push(MSG.projectsContactNameRequired);
  }
  const telephone = validateTelephone(form.contactMobile);
  if (telephone !== null) messages.push(telephone);
  return messages;
}
