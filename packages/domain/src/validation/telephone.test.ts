import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { isTelephone, TELEPHONE_MAX_LENGTH, validateTelephone } from './telephone.ts';

describe('contact telephone numbers (联系电话)', () => {
  it('accepts landlines with area code and optional extension, and mobiles', () => {
    for (const good of [
      '010-88886666',
      '01088886666',
      '021-1234567',
      '0755-12345678',
      '0755-12345678-123',
      '13800000001',
    ]) {
      expect(validateTelephone(good), good).toBeNull();
      expect(good.length).toBeLessThanOrEqual(TELEPHONE_MAX_LENGTH);
    }
    expect(validateTelephone('0755-12345678-123456')).toBeNull();
    expect('0755-12345678-123456'.length).toBe(TELEPHONE_MAX_LENGTH);
  });

  it('asks for the number when empty and for a correct one when malformed', () => {
    expect(validateTelephone('')).toBe(MSG.telephoneRequired);
    expect(validateTelephone(undefined)).toBe(MSG.telephoneRequired);
    expect(MSG.telephoneInvalid).toBe('请填写正确的联系电话');
    for (const bad of [
      '88886666',
      '10-88886666',
      '010-123456',
      '010-123456789',
      '0755-12345678-',
      '0755-12345678-1234567',
      '23800000001',
      '010 88886666',
      '电话010-88886666',
    ]) {
      expect(validateTelephone(bad), bad).toBe(MSG.telephoneInvalid);
    }
    expect(isTelephone(1088886666)).toBe(false);
  });
});
