import { describe, expect, it } from 'vitest';
import {
  exampleSmsText,
  isSmsPurpose,
  isSmsTemplateCode,
  renderSmsTemplate,
  SMS_PURPOSES,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
  smsOtpText,
  smsPurposeLabel,
  smsTemplateName,
} from './sms-templates.ts';

describe('SMS templates', () => {
  it('sends the code text users have always received', () => {
    expect(smsOtpText('042917', 5)).toBe('【产权交易所】您的验证码为042917，5分钟内有效，请勿泄露。');
    expect(renderSmsTemplate('otp', { code: '042917', minutes: 5 })).toBe(smsOtpText('042917', 5));
  });

  it('declares exactly the placeholders each text uses, and fills every one of them', () => {
    for (const code of SMS_TEMPLATE_CODES) {
      const template = SMS_TEMPLATES[code];
      const used = [...template.text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(new Set(used), code).toEqual(new Set(Object.keys(template.params)));
      expect(exampleSmsText(code), code).not.toMatch(/[{}]/);
      expect(template.text.startsWith('【产权交易所】'), code).toBe(true);
      expect(template.purposes.length, code).toBeGreaterThan(0);
    }
  });

  it('names every purpose and template in Chinese, and shows an unknown one by its code', () => {
    for (const purpose of SMS_PURPOSES) {
      expect(isSmsPurpose(purpose)).toBe(true);
      expect(smsPurposeLabel(purpose), purpose).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(smsPurposeLabel('login')).toBe('短信登录');
    expect(isSmsPurpose('toString')).toBe(false);
    expect(smsPurposeLabel('legacy')).toBe('legacy');
    expect(smsTemplateName('otp')).toBe('短信验证码');
    expect(smsTemplateName('legacy')).toBe('legacy');
    expect(isSmsTemplateCode('toString')).toBe(false);
  });
});
