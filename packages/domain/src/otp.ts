// One-time SMS codes: what a code is for and the limits both sides keep to (spec 000 sections 4 and 9).

/** What a code is for; a code is only ever accepted for the purpose it was sent for. */
export const OTP_PURPOSES = {
  login: '短信登录',
  retrieve: '找回密码',
  phone: '更换手机号码',
  register: '开户注册',
  sign: '电子签章',
  general: '身份验证',
  /** 变更主操作员: sent to the current main operator by POST /api/operator/main/code only */
  mainChange: '变更主操作员',
} as const;

export type OtpPurpose = keyof typeof OTP_PURPOSES;

export const OTP_LENGTH = 6;
/** how long a code stays valid */
export const OTP_TTL_S = 300;
/** the server accepts one send per mobile within this time */
export const OTP_RESEND_S = 60;
/** wrong tries after which a code is dead */
export const OTP_MAX_TRIES = 5;
/** SH-4.16: the client's resend button stays disabled this long after a successful send */
export const RESEND_COUNTDOWN_S = 120;

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function isOtpPurpose(value: string): value is OtpPurpose {
  return Object.hasOwn(OTP_PURPOSES, value);
}

/** A well-formed code: exactly OTP_LENGTH digits. */
export function isOtpFormat(value: string): boolean {
  return OTP_PATTERN.test(value);
}
