import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  orDash,
  yearSerialCode,
  fenToYuan,
  formatDate,
  formatDateTime,
  formatFen,
  formatMessage,
  formatThousands,
  maskCarNumber,
  maskIdCard,
  maskMobile,
  parseYuanToFen,
  toIsoOffset,
  xlsxName,
} from './format.ts';

describe('thousands separators (SH-9.1)', () => {
  it('groups integers and keeps sign and decimals', () => {
    expect(formatThousands(1234567.5, 2)).toBe('1,234,567.50');
    expect(formatThousands(1234567.5)).toBe('1,234,567.5');
    expect(formatThousands(-1234.5)).toBe('-1,234.5');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(0, 2)).toBe('0.00');
    expect(formatThousands('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatThousands(' -0001234.5000 ')).toBe('-1,234.5000');
    expect(formatThousands('.5')).toBe('0.5');
  });

  it('rounds half away from zero on the decimal digits', () => {
    expect(formatThousands(1.005, 2)).toBe('1.01');
    expect(formatThousands('2.675', 2)).toBe('2.68');
    expect(formatThousands('999999.995', 2)).toBe('1,000,000.00');
    expect(formatThousands(-2.5, 0)).toBe('-3');
    expect(formatThousands('-0.001', 2)).toBe('0.00');
    expect(formatThousands(1.2345, 3)).toBe('1.235');
  });

  it('writes large and tiny numbers without exponent notation', () => {
    expect(formatThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatThousands(1.5e-7)).toBe('0.00000015');
    expect(formatThousands(-2.5e22)).toBe('-25,000,000,000,000,000,000,000');
  });

  it('gives empty input as empty and other text unchanged', () => {
    expect(formatThousands(null)).toBe('');
    expect(formatThousands(undefined)).toBe('');
    expect(formatThousands('')).toBe('');
    expect(formatThousands('面议')).toBe('面议');
    expect(formatThousands(Number.NaN)).toBe('NaN');
  });

  it('round-trips: removing the commas gives the number back', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(formatThousands(value).replaceAll(',', ''))).toBe(value === 0 ? 0 : value);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (value) => {
        expect(formatThousands(value.toString()).replaceAll(',', '')).toBe(value.toString());
      }),
    );
  });
});

describe('money in fen', () => {
  it('shows fen as yuan, exactly', () => {
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan('900719925474099312')).toBe('9007199254740993.12');
    expect(fenToYuan(12n)).toBe('0.12');
    expect(formatFen(123456789)).toBe('1,234,567.89');
    expect(formatFen(null)).toBe('');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan('1.5')).toThrow(RangeError);
  });

  it('parses typed yuan into fen and refuses more than two decimals', () => {
    expect(parseYuanToFen('1,234.5')).toBe(123450);
    expect(parseYuanToFen('0.01')).toBe(1);
    expect(parseYuanToFen('-3')).toBe(-300);
    expect(parseYuanToFen('1.005')).toBeNull();
    expect(parseYuanToFen('abc')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        expect(parseYuanToFen(formatFen(fen))).toBe(fen === 0 ? 0 : fen);
      }),
    );
  });
});

describe('masks (BF-5.6)', () => {
  it('shows the first 3 and last 4 digits of a mobile', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
  });

  it('shows the first 6 and last 4 characters of an ID number', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('110105491231002')).toBe('110105*****1002');
    expect(maskIdCard('1234567890')).toBe('**********');
    expect(maskIdCard(null)).toBe('');
  });

  it('replaces the last 4 characters of a car number with ****', () => {
    expect(maskCarNumber('京A12345')).toBe('京A1****');
    expect(maskCarNumber('沪AD12345')).toBe('沪AD1****');
    expect(maskCarNumber('AB1')).toBe('***');
    expect(maskCarNumber(undefined)).toBe('');
  });
});

describe('+08:00 time (SH-9.1, BF-3.1)', () => {
  const instant = new Date('2026-11-22T02:00:00Z');

  it('formats in Beijing time whatever the machine zone', () => {
    expect(formatDateTime(instant)).toBe('2026-11-22 10:00:00');
    expect(formatDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(formatDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(formatDate('2026-11-22')).toBe('2026-11-22');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(instant.getTime())).toBe('2026-11-22 10:00:00');
  });

  it('writes passDate as ISO 8601 with the +08:00 offset', () => {
    expect(toIsoOffset(instant)).toBe('2026-11-22T10:00:00+08:00');
    expect(new Date(toIsoOffset(instant)).getTime()).toBe(instant.getTime());
    expect(toIsoOffset(Number.NaN)).toBe('');
  });
});

describe('export names and message templates', () => {
  it('ensures the .xlsx ending (SH-9.1)', () => {
    expect(xlsxName('项目列表')).toBe('项目列表.xlsx');
    expect(xlsxName('项目列表.xlsx')).toBe('项目列表.xlsx');
    expect(xlsxName('项目列表.XLSX')).toBe('项目列表.XLSX');
    expect(xlsxName('  ')).toBe('导出数据.xlsx');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('最多{n}个，共{m}个', { n: 3, m: '5' })).toBe('最多3个，共5个');
    expect(formatMessage('缺{x}', {})).toBe('缺{x}');
  });
});

describe('yearSerialCode', () => {
  it('joins prefix, the +08:00 year, infix and the id in 7 digits', () => {
    expect(yearSerialCode({ prefix: 'GR', infix: 'BJ' }, new Date('2026-12-31T16:30:00Z'), 123)).toBe(
      'GR2027BJ0000123',
    );
    expect(yearSerialCode({ prefix: 'JH' }, new Date('2026-06-01T00:00:00Z'), 1)).toBe('JH20260000001');
  });
});

describe('orDash', () => {
  it("shows a text trimmed, and '—' for none", () => {
    expect(orDash('  京A12345 ')).toBe('京A12345');
    for (const none of ['', '   ', null, undefined, 12]) expect(orDash(none)).toBe('—');
  });
});
