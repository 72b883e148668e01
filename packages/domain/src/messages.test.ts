import { describe, expect, it } from 'vitest';
import { MSG, PORTAL_MSG, SHELL_MSG } from './messages.ts';

describe('the message catalogue', () => {
  it('writes each message once: the sign-in page part and the rest share no key', () => {
    const shared = Object.keys(PORTAL_MSG).filter((key) => key in SHELL_MSG);
    expect(shared).toEqual([]);
    expect(Object.keys(MSG)).toHaveLength(Object.keys(SHELL_MSG).length + Object.keys(PORTAL_MSG).length);
  });

  it('holds the sign-in page messages in MSG as written', () => {
    expect(MSG.captchaWrong).toBe(SHELL_MSG.captchaWrong);
    expect(MSG.mobileRequired).toBe('请填写11位手机号码');
  });
});
