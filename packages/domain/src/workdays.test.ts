import chineseDays from 'chinese-days';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, toIsoOffset } from './format.ts';
import { addCalendarDays, addWorkdays, isProvisional, isWorkday, listPublishedYears } from './workdays.ts';

const dayOf = (result: { date: Date }): string => formatDate(result.date);

describe('the official calendar (SH-9.1)', () => {
  it('knows the 2026 National Day holiday and its make-up working days (Sunday 20 September, Saturday 10 October)', () => {
    for (let day = 1; day <= 7; day += 1) expect(isWorkday(`2026-10-0${day}`), `10-0${day}`).toBe(false);
    expect(isWorkday('2026-09-20')).toBe(true);
    expect(isWorkday('2026-10-10')).toBe(true);
    expect(isWorkday('2026-10-08')).toBe(true);
    expect(isWorkday('2026-10-11')).toBe(false);
    expect(isWorkday('2026-09-19')).toBe(false);
  });

  it('knows the 2026 Spring Festival (15 to 23 February, make-up Saturdays 14 and 28 February)', () => {
    expect(isWorkday('2026-02-14')).toBe(true);
    expect(isWorkday('2026-02-16')).toBe(false);
    expect(isWorkday('2026-02-23')).toBe(false);
    expect(isWorkday('2026-02-24')).toBe(true);
    expect(isWorkday('2026-02-28')).toBe(true);
  });

  it('knows the 2025 National Day and Mid-Autumn holiday (1 to 8 October, make-up 28 September and 11 October)', () => {
    expect(isWorkday('2025-09-28')).toBe(true);
    expect(isWorkday('2025-10-08')).toBe(false);
    expect(isWorkday('2025-10-11')).toBe(true);
  });

  // chinese-days builds its own tables at load time with the machine zone's calendar, which shifts them by a day
  // west of UTC (one reason workdays.ts reads its published data file instead); compare where they are right.
  it.runIf(new Date(2025, 0, 1).getTimezoneOffset() <= 0)(
    'agrees with chinese-days on every day of 2025 and 2026',
    () => {
      for (
        let day = new Date('2025-01-01T00:00:00+08:00');
        formatDate(day) < '2027-01-01';
        day = addCalendarDays(day, 1)
      ) {
        const [year = 0, month = 0, date = 0] = formatDate(day).split('-').map(Number);
        expect(isWorkday(day), formatDate(day)).toBe(chineseDays.isWorkday(new Date(year, month - 1, date)));
      }
    },
  );

  it('reads the day in +08:00, not in the machine zone', () => {
    // 23:30 UTC on 30 September is 07:30 on 1 October in Beijing.
    expect(isWorkday(new Date('2026-09-30T23:30:00Z'))).toBe(false);
    expect(isWorkday(new Date('2026-09-30T15:30:00Z'))).toBe(true);
  });
});

describe('provisional years', () => {
  it('are the years the installed calendar has no schedule for, read from its data', () => {
    const years = listPublishedYears();
    expect(years.has(2025)).toBe(true);
    expect(years.has(2026)).toBe(true);
    expect(years.has(2027)).toBe(false);
    expect(isProvisional('2026-12-31')).toBe(false);
    expect(isProvisional('2027-01-01')).toBe(true);
    expect(isProvisional(new Date('2026-12-31T16:30:00Z'))).toBe(true);
    expect(() => isProvisional('garbage')).toThrow(RangeError);
  });

  it('count as Monday to Friday', () => {
    expect(isWorkday('2027-01-01')).toBe(true);
    expect(isWorkday('2027-01-02')).toBe(false);
  });
});

describe('addWorkdays and addCalendarDays (SH-9.1)', () => {
  it('skips the National Day holiday and counts the make-up Saturday', () => {
    expect(dayOf(addWorkdays('2026-09-30', 1))).toBe('2026-10-08');
    expect(dayOf(addWorkdays('2026-09-30', 3))).toBe('2026-10-10');
    expect(dayOf(addWorkdays('2026-09-18', 1))).toBe('2026-09-20');
    expect(dayOf(addWorkdays('2025-09-30', 1))).toBe('2025-10-09');
    expect(dayOf(addWorkdays('2026-02-14', 1))).toBe('2026-02-24');
  });

  it('counts a 20-working-day disclosure period across the holiday', () => {
    // From Monday 21 September 2026: 22-24 and 28-30 Sep (6; 25-27 Sep is Mid-Autumn), 8-10 Oct (3, the 10th a
    // make-up Saturday), 12-16 and 19-23 Oct (10), then Monday 26 Oct is the 20th.
    expect(dayOf(addWorkdays('2026-09-21', 20))).toBe('2026-10-26');
  });

  it('goes back for negative n and rolls forward to a working day for n = 0', () => {
    expect(dayOf(addWorkdays('2026-10-08', -1))).toBe('2026-09-30');
    expect(dayOf(addWorkdays('2026-10-03', 0))).toBe('2026-10-08');
    expect(dayOf(addWorkdays('2026-10-09', 0))).toBe('2026-10-09');
  });

  it('keeps the +08:00 time of day', () => {
    const result = addWorkdays(new Date('2026-09-30T15:30:00+08:00'), 1);
    expect(toIsoOffset(result.date)).toBe('2026-10-08T15:30:00+08:00');
    expect(toIsoOffset(addCalendarDays('2026-12-31', 1))).toBe('2027-01-01T00:00:00+08:00');
    expect(toIsoOffset(addCalendarDays(new Date('2026-10-08T15:30:00+08:00'), -8))).toBe(
      '2026-09-30T15:30:00+08:00',
    );
  });

  it('marks a result provisional when it counts a day of an unpublished year', () => {
    expect(addWorkdays('2026-12-30', 1)).toEqual({
      date: new Date('2026-12-31T00:00:00+08:00'),
      isProvisional: false,
    });
    expect(addWorkdays('2026-12-31', 1)).toEqual({
      date: new Date('2027-01-01T00:00:00+08:00'),
      isProvisional: true,
    });
    expect(addWorkdays('2027-01-04', -3).isProvisional).toBe(true);
  });

  it('refuses fractional counts and invalid dates', () => {
    expect(() => addWorkdays('2026-10-01', 1.5)).toThrow(RangeError);
    expect(() => addCalendarDays('2026-10-01', 0.5)).toThrow(RangeError);
    expect(() => addWorkdays('not a date', 1)).toThrow(RangeError);
  });

  const anyDate = fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2027-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('always lands on a working day', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -40, max: 60 }), (date, n) => {
        expect(isWorkday(addWorkdays(date, n).date)).toBe(true);
      }),
    );
  });

  it('is monotonic in n', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: -40, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (date, n, more) => {
          const earlier = addWorkdays(date, n).date.getTime();
          const later = addWorkdays(date, n + more).date.getTime();
          // Only n = 0 and n = 1 may meet: from a day off, both are the next working day.
          if (n === 0 && more === 1) expect(later).toBeGreaterThanOrEqual(earlier);
          else expect(later).toBeGreaterThan(earlier);
        },
      ),
    );
  });
});
