import { describe, expect, it } from 'vitest';
import { listDistricts } from './region-districts.ts';

describe('listDistricts', () => {
  it('lists the counties of a city under six-digit codes, short or long city code alike', () => {
    const beijing = listDistricts('110100');
    expect(beijing).toContainEqual({ code: '110105', name: '朝阳区' });
    expect(beijing.every((d) => /^1101\d{2}$/.test(d.code))).toBe(true);
    expect(listDistricts('1101')).toEqual(beijing);
  });

  it('lists a city without counties as its own only entry, and nothing for an unknown code', () => {
    expect(listDistricts('441900')).toEqual([{ code: '441900', name: '东莞市' }]);
    expect(listDistricts('999900')).toEqual([]);
  });
});
