// Project-owner account opening (spec 000 sections 2 and 4, gate 1 SH-4.5) and the exchange's review of it: the
// fields of the registration form (step 1) and of the company application (step 2) with their labels, limits and
// rules, the regulator rule of SH-5.10 as the server applies it, and the answers of the accounts calls. The
// accounts module's checks and the /transferorOpen and /index/companyList pages read the same definitions, so a
// form refuses exactly what the server refuses, with the same words. The answers are zod schemas the server
// serialises with (account-opening-answers.ts, reached from here as ever; contracts/accounts.ts).
import type { CompanyApplication } from './account-opening-answers.ts';
import { EXAMINE_STATUS } from './accounts.ts';
import { formatMessage } from './format.ts';
import { ACCOUNT_USERNAME_PATTERN } from './identity-auth.ts';
import { fillIn, MSG, pleaseSelect } from './messages.ts';
import { isOtpFormat } from './otp.ts';
import { listCities, listProvinces, needsBeijingStateAssetList, regulatorNeeds } from './regions.ts';
import { validateCreditCode } from './validation/credit-code.ts';
import { validateMobile } from './validation/mobile.ts';
import { validatePassword, validatePasswordRepeat } from './validation/password.ts';

export * from './account-opening-answers.ts';

/** The record class and tag of the business licence files of an application (dataId: the company id). */
export const COMPANY_OPENING_DATA_CLASS = 'companyOpening';
export const BUSINESS_LICENSE_TAG = 'businessLicense';
/** A corrected licence is added beside the submitted one (which stays locked), so a few are allowed. */
export const BUSINESS_LICENSE_MAX_FILES = 5;

export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;
export const PERSON_NAME_MAX = 30;
export const ADDRESS_MAX = 200;
export const STATE_FUNDED_ENTER_MAX = 100;
/** Bounds every text field of the calls, so nobody can make the server check megabytes. */
export const FIELD_HARD_MAX = 1000;

/** Step 1: the account and the company it opens. */
export const REGISTER_LABELS = {
  companyName: '企业名称',
  creditCode: '统一社会信用代码',
  contactName: '联系人',
  mobile: '手机号码',
  otp: '短信验证码',
  username: '用户名',
  password: '登录密码',
  password2: '确认密码',
} as const;

export type RegisterField = keyof typeof REGISTER_LABELS;
export type RegisterAccountInput = Record<RegisterField, string>;

/** Step 2: the company information the exchange reviews. */
export const COMPANY_LABELS = {
  name: '企业名称',
  creditCode: '统一社会信用代码',
  legalPerson: '法定代表人',
  address: '注册地址',
  contactName: '联系人',
  contactMobile: '联系人手机号码',
  regulatoryBodies: '监管机构',
  regulatoryBodiesProvince: '监管机构所在省',
  regulatoryBodiesCity: '监管机构所在市',
  stateFundedEnter: '国家出资企业',
  stateCreditCode: '国家出资企业统一社会信用代码',
  businessLicense: '营业执照',
} as const;

/** The fields the applicant edits; the credit code and the verified mobile are fixed at registration. */
export const COMPANY_EDITABLE_FIELDS = [
  'name',
  'legalPerson',
  'address',
  'contactName',
  'regulatoryBodies',
  'regulatoryBodiesProvince',
  'regulatoryBodiesCity',
  'stateFundedEnter',
  'stateCreditCode',
] as const;

export type CompanyEditableField = (typeof COMPANY_EDITABLE_FIELDS)[number];
export type CompanyApplicationFields = Record<CompanyEditableField, string | null>;

/** The statuses in which the applicant may still change the application. */
export const EDITABLE_EXAMINE_STATUSES: readonly number[] = [EXAMINE_STATUS.draft, EXAMINE_STATUS.returned];

export function isApplicationEditable(examineStatus: number | null): boolean {
  return examineStatus !== null && EDITABLE_EXAMINE_STATUSES.includes(examineStatus);
}

/** The steps of an application's history. */
export const EXAMINE_ACTION_LABELS: Record<string, string> = {
  register: '注册开户',
  submit: '提交审核',
  return: '退回',
  approve: '审核通过',
};

export type FieldProblem<F extends string = string> = { field: F; message: string };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Characters as a reader counts them (an emoji once), as the return reason counts them. */
function length(value: string): number {
  return [...value].length;
}

function tooLong(label: string, max: number): string {
  return formatMessage(MSG.fieldTooLong, { label, max });
}

/** A required text of at most `max` characters. */
function checkText(label: string, value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value.trim() === '') return fillIn(label);
  return length(value.trim()) > max ? tooLong(label, max) : null;
}

export function validateCompanyName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return fillIn(COMPANY_LABELS.name);
  const count = length(value.trim());
  return count < COMPANY_NAME_MIN || count > COMPANY_NAME_MAX ? MSG.companyNameLength : null;
}

/** The credit code of the registration: present, then GB 32100. */
export function validateRegisterCreditCode(value: unknown): string | null {
  return isBlank(value) ? fillIn(REGISTER_LABELS.creditCode) : validateCreditCode(value);
}

export function validateRegisterUsername(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return fillIn(REGISTER_LABELS.username);
  return ACCOUNT_USERNAME_PATTERN.test(value) ? null : MSG.usernameRule;
}

/** One field of step 1; `input` gives the password the repeat is compared with. */
export function validateRegisterField(
  field: RegisterField,
  value: unknown,
  input: Partial<RegisterAccountInput> = {},
): string | null {
  switch (field) {
    case 'companyName':
      return validateCompanyName(value);
    case 'creditCode':
      return validateRegisterCreditCode(value);
    case 'contactName':
      return checkText(REGISTER_LABELS.contactName, value, PERSON_NAME_MAX);
    case 'mobile':
      return validateMobile(value);
    case 'otp':
      if (typeof value !== 'string' || value.trim() === '') return fillIn(REGISTER_LABELS.otp);
      return isOtpFormat(value.trim()) ? null : MSG.otpFormat;
    case 'username':
      return validateRegisterUsername(value);
    case 'password':
      return isBlank(value) ? fillIn(REGISTER_LABELS.password) : validatePassword(value);
    case 'password2':
      return isBlank(value)
        ? fillIn(REGISTER_LABELS.password2)
        : validatePasswordRepeat(input.password ?? '', value);
  }
}

/** The first problem of step 1 in the form's order, or null. Whether a name or code is taken is the server's. */
export function validateRegistration(
  input: Partial<RegisterAccountInput>,
): FieldProblem<RegisterField> | null {
  for (const field of Object.keys(REGISTER_LABELS) as RegisterField[]) {
    const message = validateRegisterField(field, input[field], input);
    if (message !== null) return { field, message };
  }
  return null;
}

export type RegulatorInput = Partial<
  Record<
    | 'regulatoryBodies'
    | 'regulatoryBodiesProvince'
    | 'regulatoryBodiesCity'
    | 'stateFundedEnter'
    | 'stateCreditCode',
    string | null
  >
>;

/**
 * SH-5.10 as the regulator fields apply it: the regulator; the province, and the city, its level needs (a city
 * of that province); the state-funded enterprise (picked from the Beijing list or typed) and its credit code.
 */
export function validateRegulator(values: RegulatorInput): FieldProblem | null {
  const regulator = values.regulatoryBodies ?? null;
  if (isBlank(regulator)) {
    return { field: 'regulatoryBodies', message: pleaseSelect(COMPANY_LABELS.regulatoryBodies) };
  }
  const needs = regulatorNeeds(regulator);
  const province = values.regulatoryBodiesProvince ?? null;
  if (needs !== 'none' && !listProvinces().some((entry) => entry.code === province)) {
    return {
      field: 'regulatoryBodiesProvince',
      message: pleaseSelect(COMPANY_LABELS.regulatoryBodiesProvince),
    };
  }
  const city = values.regulatoryBodiesCity ?? null;
  if (
    needs === 'provinceAndCity' &&
    (province === null || !listCities(province).some((entry) => entry.code === city))
  ) {
    return { field: 'regulatoryBodiesCity', message: pleaseSelect(COMPANY_LABELS.regulatoryBodiesCity) };
  }
  const enterprise = values.stateFundedEnter ?? null;
  if (isBlank(enterprise)) {
    const label = COMPANY_LABELS.stateFundedEnter;
    const isPicked = needsBeijingStateAssetList(regulator, province);
    return { field: 'stateFundedEnter', message: isPicked ? pleaseSelect(label) : fillIn(label) };
  }
  if (enterprise !== null && length(enterprise) > STATE_FUNDED_ENTER_MAX) {
    return {
      field: 'stateFundedEnter',
      message: tooLong(COMPANY_LABELS.stateFundedEnter, STATE_FUNDED_ENTER_MAX),
    };
  }
  const code = values.stateCreditCode ?? null;
  if (isBlank(code)) return { field: 'stateCreditCode', message: fillIn(COMPANY_LABELS.stateCreditCode) };
  const codeMessage = validateCreditCode(code);
  return codeMessage === null ? null : { field: 'stateCreditCode', message: codeMessage };
}

/** The province and city a regulator does not need are dropped, as the form drops them. */
export function normalizeRegulator<T extends RegulatorInput>(values: T): T {
  const needs = regulatorNeeds(values.regulatoryBodies);
  return {
    ...values,
    regulatoryBodiesProvince: needs === 'none' ? null : (values.regulatoryBodiesProvince ?? null),
    regulatoryBodiesCity: needs === 'provinceAndCity' ? (values.regulatoryBodiesCity ?? null) : null,
  };
}

const TEXT_LIMITS: Record<
  Exclude<CompanyEditableField, 'regulatoryBodiesProvince' | 'regulatoryBodiesCity'>,
  number
> = {
  name: COMPANY_NAME_MAX,
  legalPerson: PERSON_NAME_MAX,
  address: ADDRESS_MAX,
  contactName: PERSON_NAME_MAX,
  regulatoryBodies: 64,
  stateFundedEnter: STATE_FUNDED_ENTER_MAX,
  stateCreditCode: 18,
};

/**
 * A draft (save): what is filled in must be well formed; nothing is required yet. The company name stays
 * required, since the application is known by it.
 */
export function validateCompanyDraft(values: Partial<CompanyApplicationFields>): FieldProblem | null {
  const nameMessage = validateCompanyName(values.name);
  if (nameMessage !== null) return { field: 'name', message: nameMessage };
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = values[field as CompanyEditableField];
    if (typeof value === 'string' && length(value.trim()) > max) {
      return { field, message: tooLong(COMPANY_LABELS[field as CompanyEditableField], max) };
    }
  }
  const code = values.stateCreditCode;
  if (!isBlank(code)) {
    const message = validateCreditCode(code);
    if (message !== null) return { field: 'stateCreditCode', message };
  }
  return null;
}

/** Submit: every field, the regulator rule and at least one licence file. */
export function validateCompanySubmission(
  values: Partial<CompanyApplicationFields>,
  licenceCount: number,
): FieldProblem | null {
  const nameMessage = validateCompanyName(values.name);
  if (nameMessage !== null) return { field: 'name', message: nameMessage };
  const people: [CompanyEditableField, number][] = [
    ['legalPerson', PERSON_NAME_MAX],
    ['address', ADDRESS_MAX],
    ['contactName', PERSON_NAME_MAX],
  ];
  for (const [field, max] of people) {
    const message = checkText(COMPANY_LABELS[field], values[field], max);
    if (message !== null) return { field, message };
  }
  const regulator = validateRegulator(values);
  if (regulator !== null) return regulator;
  if (licenceCount === 0) return { field: 'businessLicense', message: MSG.licenceRequired };
  return null;
}

/**
 * What an application must have before the exchange may approve it (gate 1): the facts the submission asks for,
 * the contact mobile fixed at registration and at least one business licence file. The province and city count
 * only where the regulator needs them (SH-5.10). The review dialog lists what is missing and the examine call
 * refuses an approval on the same list, so an application that reached review incomplete (an older or imported
 * one) is returned for completion instead of being approved.
 */
export const APPROVAL_REQUIREMENTS = [
  'name',
  'creditCode',
  'legalPerson',
  'address',
  'contactName',
  'contactMobile',
  'regulatoryBodies',
  'regulatoryBodiesProvince',
  'regulatoryBodiesCity',
  'stateFundedEnter',
  'stateCreditCode',
  'businessLicense',
] as const satisfies readonly (keyof typeof COMPANY_LABELS)[];

export type ApprovalRequirement = (typeof APPROVAL_REQUIREMENTS)[number];

/** The facts of an application the requirements are checked on: the company row and its licence files. */
export type ApprovalFacts = Pick<CompanyApplication, Exclude<ApprovalRequirement, 'businessLicense'>> & {
  businessLicense: readonly unknown[];
};

/** The required items an application lacks, in the dialog's order; empty when it may be approved. */
export function listMissingForApproval(facts: ApprovalFacts): ApprovalRequirement[] {
  const needs = regulatorNeeds(facts.regulatoryBodies);
  return APPROVAL_REQUIREMENTS.filter((item) => {
    switch (item) {
      case 'businessLicense':
        return facts.businessLicense.length === 0;
      case 'regulatoryBodiesProvince':
        return needs !== 'none' && isBlank(facts[item]);
      case 'regulatoryBodiesCity':
        return needs === 'provinceAndCity' && isBlank(facts[item]);
      default:
        return isBlank(facts[item]);
    }
  });
}

/** The refusal of an approval that lacks `missing` (not empty), naming each item. */
export function approvalMissingMessage(missing: readonly ApprovalRequirement[]): string {
  return formatMessage(MSG.approvalMissing, {
    items: missing.map((item) => COMPANY_LABELS[item]).join('、'),
  });
}
