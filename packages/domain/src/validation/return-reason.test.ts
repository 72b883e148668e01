import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  RETURN_REASON_MAX,
  TEXTAREA_DEFAULT_MAX,
  validateApprovalOpinion,
  countChars,
  validateReturnReason,
} from './return-reason.ts';

describe('return reason (SH-5.6)', () => {
  it('is required', () => {
    for (const empty of ['', '   ', '\n', null, undefined]) {
      expect(validateReturnReason(empty)).toBe('请填写退回原因');
    }
    expect(MSG.returnReasonRequired).toBe('请填写退回原因');
  });

  it('takes at most 500 characters, counted as the reader counts them', () => {
    expect(RETURN_REASON_MAX).toBe(500);
    expect(TEXTAREA_DEFAULT_MAX).toBe(1000);
    expect(validateReturnReason('材'.repeat(500))).toBeNull();
    expect(validateReturnReason('材'.repeat(501))).toBe('退回原因不能超过500个字符');
    expect(validateReturnReason('😀'.repeat(500))).toBeNull();
    expect(countChars('😀a材')).toBe(3);
  });
});

describe('validateApprovalOpinion: an approval may go without an opinion, never with too long a one', () => {
  it('accepts none, blank and 500 characters; refuses 501 with its message', () => {
    expect(validateApprovalOpinion(undefined)).toBeNull();
    expect(validateApprovalOpinion('  ')).toBeNull();
    expect(validateApprovalOpinion('意'.repeat(RETURN_REASON_MAX))).toBeNull();
    expect(validateApprovalOpinion('意'.repeat(RETURN_REASON_MAX + 1))).toBe('审核意见不能超过500个字符');
  });
});
