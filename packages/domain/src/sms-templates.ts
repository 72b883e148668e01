// The SMS templates (短信模板): every text the portal sends by SMS, with its placeholders and the purposes it is sent
// for. The server builds each message's content from here and stores the result in the outbox, and the 短信模板
// tab of 短信管理 (GET /api/sms/templates) shows the same definitions, so what the screen says is what users receive.
// A new kind of SMS is added here first; the outbox row names its template by code.
import { formatMessage } from './format.ts';
import { OTP_PURPOSES, OTP_TTL_S, type OtpPurpose } from './otp.ts';

/** One placeholder of a template text ({code} ...): what it stands for and a value to show an example with. */
export type SmsTemplateParam = { label: string; example: string };

export type SmsTemplateDef = {
  /** the template's name as the screen shows it */
  name: string;
  /** the text with {placeholders}; the signature 【产权交易所】 is part of it, as the carrier requires */
  text: string;
  params: Readonly<Record<string, SmsTemplateParam>>;
  /** the purposes (outbox `purpose`) messages of this template are sent for */
  purposes: readonly string[];
};

const OTP_PURPOSE_CODES = Object.keys(OTP_PURPOSES) as OtpPurpose[];

export const SMS_TEMPLATES = {
  otp: {
    name: '短信验证码',
    text: '【产权交易所】您的验证码为{code}，{minutes}分钟内有效，请勿泄露。',
    params: {
      code: { label: '6位数字验证码', example: '123456' },
      minutes: { label: '有效时间（分钟）', example: String(OTP_TTL_S / 60) },
    },
    purposes: OTP_PURPOSE_CODES,
  },
  // 账号管理 (operators module): a new operator, and an operator whose password the company reset
  operatorAdded: {
    name: '新增操作员通知',
    text: '【产权交易所】您已被添加为{company}的操作员，用户名{username}，请使用手机验证码登录并设置密码。',
    params: {
      company: { label: '单位名称', example: '北京示范国有资产经营有限公司' },
      username: { label: '用户名', example: 'zhangsan' },
    },
    purposes: ['operator'],
  },
  operatorReset: {
    name: '操作员密码重置通知',
    text: '【产权交易所】{company}已重置您的登录密码，用户名{username}，请使用手机验证码登录并设置新密码。',
    params: {
      company: { label: '单位名称', example: '北京示范国有资产经营有限公司' },
      username: { label: '用户名', example: 'zhangsan' },
    },
    purposes: ['operator'],
  },
  // the public disclosure site: a watched listing changed, a saved search found a new listing
  listingChanged: {
    name: '关注项目变更通知',
    text: '【产权交易所】您关注的项目{code}{change}，详见交易所网站挂牌项目页面。',
    params: {
      code: { label: '项目编号', example: 'GR2026BJ1000101' },
      change: { label: '变更内容', example: '披露截止日期由2026-12-10调整为2026-12-17' },
    },
    purposes: ['listing'],
  },
  listingMatched: {
    name: '新挂牌项目通知',
    text: '【产权交易所】有新的挂牌项目{code}符合您保存的搜索“{name}”，详见交易所网站。',
    params: {
      code: { label: '项目编号', example: 'GR2026BJ1000101' },
      name: { label: '搜索名称', example: '北京产权转让' },
    },
    purposes: ['listing'],
  },
} as const satisfies Record<string, SmsTemplateDef>;

export type SmsTemplateCode = keyof typeof SMS_TEMPLATES;

export const SMS_TEMPLATE_CODES = Object.keys(SMS_TEMPLATES) as SmsTemplateCode[];

export function isSmsTemplateCode(value: string): value is SmsTemplateCode {
  return Object.hasOwn(SMS_TEMPLATES, value);
}

/** The values a template's placeholders need: every one of them, nothing else. */
export type SmsTemplateValues<C extends SmsTemplateCode> = Record<
  keyof (typeof SMS_TEMPLATES)[C]['params'],
  string | number
>;

/** The content of a message of template `code`, as the recipient reads it. */
export function renderSmsTemplate<C extends SmsTemplateCode>(code: C, values: SmsTemplateValues<C>): string {
  return formatMessage(SMS_TEMPLATES[code].text, values);
}

/** The template's text filled with the example values of its placeholders. */
export function exampleSmsText(code: SmsTemplateCode): string {
  const params: Readonly<Record<string, SmsTemplateParam>> = SMS_TEMPLATES[code].params;
  return formatMessage(
    SMS_TEMPLATES[code].text,
    Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.example])),
  );
}

/** The text of a code SMS (template otp); it lives in the outbox and is never logged. */
export const smsOtpText = (code: string, minutes: number): string =>
  renderSmsTemplate('otp', { code, minutes });

/**
 * The purpose names: the OTP purposes, and those of the notices; a purpose without a name (a row written by an
 * older version) shows its code.
 */
const PURPOSE_LABELS: Readonly<Record<string, string>> = {
  ...OTP_PURPOSES,
  operator: '操作员账号通知',
  listing: '挂牌项目提醒',
};

/** Every purpose some template is sent for, once, in template order. */
export const SMS_PURPOSES: readonly string[] = [
  ...new Set(Object.values(SMS_TEMPLATES).flatMap((template) => template.purposes)),
];

export function isSmsPurpose(value: string): boolean {
  return SMS_PURPOSES.includes(value);
}

export function smsPurposeLabel(purpose: string): string {
  return Object.hasOwn(PURPOSE_LABELS, purpose) ? (PURPOSE_LABELS[purpose] ?? purpose) : purpose;
}

/** A template's name, or its code for a row written under a template that no longer exists. */
export function smsTemplateName(code: string): string {
  return isSmsTemplateCode(code) ? SMS_TEMPLATES[code].name : code;
}
