import { describe, expect, it } from 'vitest';
import { composeCreditCode, computeOrgCodeCheck, isCreditCode } from './credit-code.ts';

describe('unified social credit codes', () => {
  it('accepts published codes and refuses a changed character', () => {
    for (const code of ['91350100M000100Y43', '91330100799655058B', '9144030071526726XG']) {
      expect(isCreditCode(code), code).toBe(true);
    }
    expect(isCreditCode('91330100799655058C')).toBe(false);
    expect(isCreditCode('91330100799655059B')).toBe(false);
  });

  it('computes the organisation code check character (GB 11714)', () => {
    expect(computeOrgCodeCheck('79965505')).toBe('8');
    expect(computeOrgCodeCheck('71526726')).toBe('X');
  });

  it('composes valid codes', () => {
    const code = composeCreditCode('110105', '20000001');
    expect(code).toHaveLength(18);
    expect(code.startsWith('91110105')).toBe(true);
    expect(isCreditCode(code)).toBe(true);
  });
});
