import { describe, expect, it } from 'vitest';
import { parseOtcTradeResult, statusAfterOtc } from './otc.ts';

const deal = {
  code: 'GR2026BJ1000123',
  status: 'dealt',
  dealPrice: 190_000_000,
  dealTime: '2026-11-20T10:30:00+08:00',
  transferee: '北京某某再生资源有限公司',
  bidCount: 7,
};

describe('parseOtcTradeResult', () => {
  it('accepts a deal with its price, time and buyer, and a project still trading', () => {
    expect(parseOtcTradeResult(deal)).toEqual(deal);
    expect(parseOtcTradeResult({ code: 'X1', status: 'trading' })).toEqual({ code: 'X1', status: 'trading' });
    expect(parseOtcTradeResult({ code: 'X1', status: 'failed', bidCount: 0 })).toMatchObject({
      status: 'failed',
    });
  });

  it.each([
    ['no object', '<html>'],
    ['an unknown status', { ...deal, status: 'sold' }],
    ['a deal without its price', { ...deal, dealPrice: undefined }],
    ['a deal without its buyer', { ...deal, transferee: undefined }],
    ['a price in yuan with decimals', { ...deal, dealPrice: 1900000.5 }],
    ['a time without its offset', { ...deal, dealTime: '2026-11-20 10:30' }],
    ['no code', { ...deal, code: '' }],
  ])('refuses %s', (_case, answer) => {
    expect(parseOtcTradeResult(answer)).toBeNull();
  });
});

describe('statusAfterOtc', () => {
  it('makes a deal dealt and leaves the status otherwise', () => {
    expect(statusAfterOtc('disclosing', { code: 'X', status: 'dealt' })).toBe('dealt');
    expect(statusAfterOtc('ended', { code: 'X', status: 'failed' })).toBe('ended');
    expect(statusAfterOtc('disclosing', { code: 'X', status: 'trading' })).toBe('disclosing');
  });
});
