// The rule parameters: the definitions' schemas (regulation 32's floors, a schedule's bands in order), the value in
// force on a day, and the service fee counted band by band — worked examples, and properties over generated
// schedules and amounts (monotone in the amount, never below the minimum, the sum of its lines).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import {
  computeServiceFee,
  describeRuleValue,
  rediscoveryPriceRefusal,
  sandboxSpeedRefusal,
  FEE_GROUP_KEYS,
  feeGroupOf,
  findRuleParameter,
  kindSettingsOn,
  resolveParameter,
  resolveParameterVersion,
  RULE_PARAMETERS,
  SERVICE_FEE_DEFAULT,
  type FeeGroupSchedule,
  type RuleParameterDef,
  type ServiceFeeSchedule,
} from './rule-parameters.ts';
import { DISCLOSURE_PERIOD_DEFAULTS } from './projects/kinds/settings.ts';

const WAN = 1_000_000;

function def(key: string): RuleParameterDef {
  const found = findRuleParameter(key);
  if (found === undefined) throw new Error(key);
  return found;
}

function firstMessage(key: string, value: unknown): string | null {
  const parsed = def(key).schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
}

describe('the definitions', () => {
  it('has the six disclosure periods, the service-fee schedule, the re-listing floor and the deposit days', () => {
    expect(RULE_PARAMETERS.map((d) => d.key)).toEqual([
      ...Object.keys(DISCLOSURE_PERIOD_DEFAULTS),
      'serviceFee',
      'rediscoveryPriceFloor',
      'reservePriceLeadHours',
      'depositRefundWorkdays',
      'depositBarDays',
      'biddingOfferDays',
      'sandboxSpeed',
    ]);
    for (const d of RULE_PARAMETERS) {
      expect(d.schema.safeParse(d.defaultValue).success, d.key).toBe(true);
      expect(d.name).toMatch(/[\u4e00-\u9fff]/);
      expect(d.description).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(def('equity').defaultValue).toBe(20);
    expect(def('serviceFee').defaultValue).toBe(SERVICE_FEE_DEFAULT);
  });

  it("never lets a period below regulation 32's floor, nor above 200 or a fraction", () => {
    const message = formatMessage(MSG.dictRuleDaysRange, {
      name: '增资扩股正式信息披露期',
      min: 40,
      max: 200,
      unit: '个工作日',
    });
    expect(firstMessage('capitalIncrease', 39)).toBe(message);
    expect(firstMessage('capitalIncrease', 40)).toBeNull();
    expect(firstMessage('capitalIncrease', 201)).toBe(message);
    expect(firstMessage('capitalIncrease', 40.5)).toBe(message);
    expect(firstMessage('capitalIncrease', '45')).toBe(message);
    expect(firstMessage('physical', 9)).toMatch(/须为10至200之间的整数/);
    // the deposit's days say their own unit: the bar counts calendar days
    expect(firstMessage('depositBarDays', 1096)).toBe('违约禁入期须为0至1095之间的整数（天）');
    expect(firstMessage('sandboxSpeed', 0)).toBe('演练时钟倍速须为1至1000之间的整数（倍）');
    expect(firstMessage('depositRefundWorkdays', 0)).toBe('保证金退还期限须为1至30之间的整数（个工作日）');
    expect(firstMessage('equity', 19)).toMatch(/须为20至200之间的整数/);
    expect(firstMessage('equityPre', 19)).toMatch(/须为20至200之间的整数/);
    expect(firstMessage('capitalIncreasePre', 1)).toBeNull();
    expect(firstMessage('capitalIncreasePre', 0)).toMatch(/须为1至200之间的整数/);
  });

  it('refuses a schedule whose bands are out of order, open before the last, or at a bad rate', () => {
    const withPhysical = (physical: unknown) => ({ ...SERVICE_FEE_DEFAULT, physical });
    const tiers = SERVICE_FEE_DEFAULT.physical.tiers;
    expect(firstMessage('serviceFee', withPhysical({ tiers: [], minFee: 0 }))).toBe(
      '实物资产须有1至10档费率',
    );
    expect(
      firstMessage('serviceFee', withPhysical({ tiers: [tiers[1], tiers[0], tiers[4]], minFee: 0 })),
    ).toBe('实物资产第2档的上限须为大于上一档的金额（元）');
    expect(firstMessage('serviceFee', withPhysical({ tiers: tiers.slice(0, 2), minFee: 0 }))).toBe(
      '实物资产最后一档不设上限，其余各档须填上限',
    );
    expect(
      firstMessage('serviceFee', withPhysical({ tiers: [{ upTo: null, ratePermille: 1.234 }], minFee: 0 })),
    ).toBe('实物资产第1档的费率须在0至100‰之间，最多两位小数');
    expect(
      firstMessage('serviceFee', withPhysical({ tiers: [{ upTo: null, ratePermille: 101 }], minFee: 0 })),
    ).toMatch(/费率须在0至100‰之间/);
    expect(
      firstMessage('serviceFee', withPhysical({ tiers: [{ upTo: null, ratePermille: 1 }], minFee: -1 })),
    ).toBe('实物资产的最低收费须为0至1,000,000.00元之间的金额');
    expect(firstMessage('serviceFee', { physical: SERVICE_FEE_DEFAULT.physical })).toBe(
      MSG.dictRuleFeeInvalid,
    );
    expect(firstMessage('serviceFee', 'x')).toBe(MSG.dictRuleFeeInvalid);
    expect(
      firstMessage('serviceFee', withPhysical({ tiers: [{ upTo: null, ratePermille: 0.05 }], minFee: 0 })),
    ).toBeNull();
  });

  it('describes a value in a few words', () => {
    expect(describeRuleValue(def('equity'), 25)).toBe('25个工作日');
    expect(describeRuleValue(def('serviceFee'), SERVICE_FEE_DEFAULT)).toBe(
      '实物资产5档，最低2,000.00元；产权转让6档，最低5,000.00元；增资扩股4档，最低10,000.00元',
    );
  });
});

describe('the value in force on a day', () => {
  const versions = [
    { key: 'physical', value: 15, effectiveFrom: '2026-03-01' },
    { key: 'physical', value: 12, effectiveFrom: '2026-01-10' },
    { key: 'physical', value: 20, effectiveFrom: '2026-06-01' },
    { key: 'equity', value: 25, effectiveFrom: '2026-02-01' },
  ];

  it('is the latest version effective on or before the day, else the default', () => {
    expect(resolveParameter(versions, 'physical', '2026-01-09')).toBe(10);
    expect(resolveParameter(versions, 'physical', '2026-01-10')).toBe(12);
    expect(resolveParameter(versions, 'physical', '2026-02-28')).toBe(12);
    expect(resolveParameter(versions, 'physical', '2026-03-01')).toBe(15);
    expect(resolveParameter(versions, 'physical', '2026-05-31')).toBe(15);
    expect(resolveParameter(versions, 'physical', '2027-01-01')).toBe(20);
    expect(resolveParameterVersion(versions, 'physical', '2026-04-01')).toEqual({
      value: 15,
      effectiveFrom: '2026-03-01',
    });
    expect(resolveParameterVersion(versions, 'physicalHigh', '2026-04-01')).toEqual({
      value: 20,
      effectiveFrom: null,
    });
  });

  it('skips a stored value the definition no longer accepts', () => {
    const stale = [...versions, { key: 'physical', value: 5, effectiveFrom: '2026-04-01' }];
    expect(resolveParameter(stale, 'physical', '2026-04-02')).toBe(15);
  });

  it('gives the project kinds their settings of the day', () => {
    expect(kindSettingsOn(versions, '2026-02-15').disclosureDays).toEqual({
      ...DISCLOSURE_PERIOD_DEFAULTS,
      physical: 12,
      equity: 25,
    });
    expect(kindSettingsOn([], '2026-02-15').disclosureDays).toEqual(DISCLOSURE_PERIOD_DEFAULTS);
  });
});

describe('computeServiceFee', () => {
  it('charges each band only on the part of the amount inside it (分档累进)', () => {
    // 7,300,000 yuan of physical assets: 1,000,000 at 10‰, 4,000,000 at 8‰, 2,300,000 at 5‰
    const result = computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', 730 * WAN);
    expect(result.lines).toEqual([
      { from: 0, to: 100 * WAN, ratePermille: 10, amount: 1_000_000 },
      { from: 100 * WAN, to: 500 * WAN, ratePermille: 8, amount: 3_200_000 },
      { from: 500 * WAN, to: 730 * WAN, ratePermille: 5, amount: 1_150_000 },
    ]);
    expect(result.fee).toBe(5_350_000);
    expect(computeServiceFee(SERVICE_FEE_DEFAULT, 'coll', 730 * WAN)).toEqual(result);
    expect(computeServiceFee(SERVICE_FEE_DEFAULT, 'physical', 730 * WAN)).toEqual(result);
    // a group's schedule alone, already picked, counts the same
    expect(computeServiceFee(SERVICE_FEE_DEFAULT.physical, 'bulk', 730 * WAN)).toEqual(result);
  });

  it('bills each family by its group', () => {
    expect(feeGroupOf('stock')).toBe('equity');
    expect(feeGroupOf('privateStock')).toBe('equity');
    expect(feeGroupOf('capOpen')).toBe('capitalIncrease');
    expect(feeGroupOf('vehicle')).toBeUndefined();
    // 200,000,000 yuan of equity: every band, the last open one on 100,000,000 at 0.5‰
    const equity = computeServiceFee(SERVICE_FEE_DEFAULT, 'stock', 20000 * WAN);
    expect(equity.lines.map((line) => line.amount)).toEqual([
      800_000, 2_400_000, 2_000_000, 8_000_000, 5_000_000, 5_000_000,
    ]);
    expect(equity.fee).toBe(23_200_000);
    expect(() => computeServiceFee(SERVICE_FEE_DEFAULT, 'vehicle' as never, 1)).toThrow(RangeError);
    expect(() => computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', -1)).toThrow(RangeError);
  });

  it('tops a small fee up to the minimum with a line of its own', () => {
    // 50,000 yuan at 10‰ is 500 yuan, below the 2,000 yuan minimum
    expect(computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', 5_000_000)).toEqual({
      fee: 200_000,
      lines: [
        { from: 0, to: 5_000_000, ratePermille: 10, amount: 50_000 },
        { from: 0, to: 5_000_000, ratePermille: 0, amount: 150_000, isMinimum: true },
      ],
    });
    expect(computeServiceFee(SERVICE_FEE_DEFAULT, 'cap', 0)).toEqual({
      fee: 1_000_000,
      lines: [{ from: 0, to: 0, ratePermille: 0, amount: 1_000_000, isMinimum: true }],
    });
  });

  it('rounds each line half up to the fen', () => {
    const schedule: ServiceFeeSchedule = {
      ...SERVICE_FEE_DEFAULT,
      physical: {
        tiers: [
          { upTo: 1_000, ratePermille: 2.5 },
          { upTo: null, ratePermille: 0.01 },
        ],
        minFee: 0,
      },
    };
    // 1,000 fen at 2.5‰ = 2.5 fen -> 3; 49,999 fen at 0.01‰ = 0.49999 fen -> 0
    expect(computeServiceFee(schedule, 'bulk', 50_999).lines.map((line) => line.amount)).toEqual([3, 0]);
    // 1,000 fen at 2.5‰ = 2.5 -> 3; 150,000 fen at 0.01‰ = 1.5 -> 2
    expect(computeServiceFee(schedule, 'bulk', 151_000).fee).toBe(5);
  });

  it('keeps exact integers on the largest amounts', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const result = computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', max);
    expect(Number.isSafeInteger(result.fee)).toBe(true);
    expect(result.lines.at(-1)?.to).toBe(max);
  });

  const arbitrarySchedule: fc.Arbitrary<FeeGroupSchedule> = fc
    .record({
      bounds: fc.uniqueArray(fc.integer({ min: 1, max: 10_000_000_000 }), { maxLength: 9 }),
      rates: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 10, maxLength: 10 }),
      minFee: fc.integer({ min: 0, max: 100_000_000 }),
    })
    .map(({ bounds, rates, minFee }) => {
      const ends = [...bounds].sort((a, b) => a - b);
      return {
        tiers: [...ends, null].map((upTo, i) => ({ upTo, ratePermille: (rates[i] ?? 0) / 100 })),
        minFee,
      };
    });

  const arbitraryFamily = fc.constantFrom('bulk', 'coll', 'stock', 'privateStock', 'cap', 'capOpen' as const);

  function scheduleOf(group: FeeGroupSchedule): ServiceFeeSchedule {
    return Object.fromEntries(FEE_GROUP_KEYS.map((key) => [key, group])) as ServiceFeeSchedule;
  }

  it('every generated schedule is one the definition accepts', () => {
    fc.assert(
      fc.property(arbitrarySchedule, (group) => {
        expect(def('serviceFee').schema.safeParse(scheduleOf(group)).success).toBe(true);
      }),
    );
  });

  it('is the sum of its lines, never below the minimum, whole fen', () => {
    fc.assert(
      fc.property(
        arbitrarySchedule,
        arbitraryFamily,
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (group, family, amount) => {
          const { fee, lines } = computeServiceFee(scheduleOf(group), family, amount);
          expect(fee).toBe(lines.reduce((sum, line) => sum + line.amount, 0));
          expect(fee).toBeGreaterThanOrEqual(group.minFee);
          expect(lines.every((line) => Number.isSafeInteger(line.amount) && line.amount >= 0)).toBe(true);
          // the bands cover the amount exactly, in order
          const bands = lines.filter((line) => line.isMinimum !== true);
          expect(bands.reduce((sum, line) => sum + (line.to - line.from), 0)).toBe(amount);
        },
      ),
    );
  });

  it('never falls when the amount rises', () => {
    fc.assert(
      fc.property(
        arbitrarySchedule,
        arbitraryFamily,
        fc.integer({ min: 0, max: 2 ** 50 }),
        fc.integer({ min: 0, max: 2 ** 50 }),
        (group, family, a, b) => {
          const schedule = scheduleOf(group);
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(computeServiceFee(schedule, family, high).fee).toBeGreaterThanOrEqual(
            computeServiceFee(schedule, family, low).fee,
          );
          // one fen more never costs less either (the band edges included)
          expect(computeServiceFee(schedule, family, low + 1).fee).toBeGreaterThanOrEqual(
            computeServiceFee(schedule, family, low).fee,
          );
        },
      ),
    );
  });
});

describe('rediscoveryPriceRefusal (a batch disclosed again at a lowered price)', () => {
  const appraisal = 10_000_001; // 100,000.01 yuan: 90% of it is 90,000.009, held as 90,000.01

  it("holds the new price to the floor's share of the appraisal, rounded up to the fen, and names the least", () => {
    expect(
      rediscoveryPriceRefusal({ startingPrice: 9_000_000, appraisal, floorPercent: 90, hasApproval: false }),
    ).toBe(formatMessage(MSG.rediscoveryPriceBelowFloor, { percent: 90, min: '90,000.01' }));
    expect(
      rediscoveryPriceRefusal({ startingPrice: 9_000_001, appraisal, floorPercent: 90, hasApproval: false }),
    ).toBeNull();
  });

  it('takes the written consent, and asks nothing without an appraisal or a new price', () => {
    const base = { appraisal, floorPercent: 95, hasApproval: false };
    expect(rediscoveryPriceRefusal({ ...base, startingPrice: 1, hasApproval: true })).toBeNull();
    expect(rediscoveryPriceRefusal({ ...base, startingPrice: 1, appraisal: null })).toBeNull();
    expect(rediscoveryPriceRefusal({ ...base, startingPrice: undefined })).toBeNull();
  });

  it('never lets the exchange set the floor below the regulation’s 90%', () => {
    expect(def('rediscoveryPriceFloor').defaultValue).toBe(90);
    expect(firstMessage('rediscoveryPriceFloor', 89)).toBe(MSG.dictRulePercentRange);
    expect(firstMessage('rediscoveryPriceFloor', 95.5)).toBe(MSG.dictRulePercentRange);
    expect(firstMessage('rediscoveryPriceFloor', 100)).toBeNull();
  });
});

describe('the sandbox clock (演练时钟倍速)', () => {
  it('is refused above the real pace in production only', () => {
    expect(sandboxSpeedRefusal(true, 60)).toBe(MSG.sandboxSpeedInProduction);
    expect(sandboxSpeedRefusal(true, 1)).toBeNull();
    expect(sandboxSpeedRefusal(false, 60)).toBeNull();
  });
});
