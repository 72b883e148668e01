// antd form rules built from the domain's validators, so /auth and /perfectInformation refuse exactly what the
// server refuses, with the same Chinese messages; and the session refresh the pages share.
import type { FormInstance, FormRule as Rule } from 'antd';
import { validatePassword, validatePasswordRepeat } from '@cqjy/domain/validation/password';
import { loadUserInfo } from '../../api/auth.ts';
import { wipeSession } from '../../lib/session-store.ts';

/** A rule from a validator answering the message or null. */
export function ruleOf(validate: (value: unknown) => string | null): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const message = validate(value);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export const passwordRule: Rule = ruleOf(validatePassword);

/** The repeat must equal the form's `password` field. */
export function passwordRepeatRule(form: FormInstance): Rule {
  return ruleOf((value) => validatePasswordRepeat(String(form.getFieldValue('password') ?? ''), value));
}

/**
 * Reloads the session user, so the guards see what changed; a failure signs the user out (SH-4.3), as the
 * welcome page does.
 */
export async function refreshSessionUser(): Promise<void> {
  try {
    await loadUserInfo();
  } catch (error) {
    wipeSession();
    throw error;
  }
}
