// The profile forms' field rules: antd rules built from the domain's checks, so the page refuses with the same
// message the server would answer.
import { MSG } from '@cqjy/domain/messages';
import { isOtpFormat } from '@cqjy/domain/otp';

/** An antd rule from a domain check that answers a message or null. */
export function ruleOf(check: (value: unknown) => string | null) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = check(value);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export function checkCode(value: unknown): string | null {
  const code = typeof value === 'string' ? value.trim() : '';
  if (code === '') return MSG.otpRequired;
  return isOtpFormat(code) ? null : MSG.otpFormat;
}

/** Form.Item normalize of a mobile field: digits only. */
export function onlyDigits(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : '';
}
