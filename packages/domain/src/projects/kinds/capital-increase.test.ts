import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPITAL_INCREASE_ATTACHMENTS } from '../../attachment-tags.ts';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { composeCreditCode } from '../../validation/credit-code.ts';
import { SHARE_WHOLE } from '../shares.ts';
import {
  CAP_KIND,
  CAP_OPEN_KIND,
  capitalIncreaseProjectFormSchema,
  checkCapitalIncreasePlan,
  type CapitalIncreaseProjectForm,
} from './capital-increase.ts';
import { isFormField } from './fields.ts';
import type { RuleContext } from './kind.ts';
import { DEFAULT_KIND_SETTINGS, readKindSettings } from './settings.ts';

const CREDIT = composeCreditCode('110000', '20240002');

/** A capital increase ready for its formal disclosure (money in fen, shares in millionths). */
const COMPLETE_FORM: CapitalIncreaseProjectForm = {
  name: '北京示范科技有限公司增资项目',
  enterpriseName: '北京示范科技有限公司',
  creditCode: CREDIT,
  legalRepresentative: '李明',
  region: '110100',
  industry: 'I',
  economyType: '2',
  enterpriseType: '1',
  scale: '2',
  foundedOn: '2008-06-18',
  shareholders: [
    { name: '北京示范国有资产经营有限公司', share: 600_000 },
    { name: '北京示范投资有限公司', share: 400_000 },
  ],
  capitalBefore: 100_000_000_00,
  capitalAdded: 25_000_000_00,
  capitalAfter: 125_000_000_00,
  raiseMin: 60_000_000_00,
  raiseMax: 80_000_000_00,
  offeredShare: 200_000,
  increaseType: '1',
  existingShareholdersJoin: false,
  employeesJoin: true,
  fundUse: '用于新产品研发及补充流动资金。',
  investorCount: 2,
  investorConditions: '意向投资方应为依法设立并有效存续的企业法人，最近一年末净资产不低于1亿元。',
  selectionMethod: 'evaluation',
  depositAmount: 10_000_000_00,
  depositDeadline: '2027-03-20',
  preDisclosureDays: 20,
  disclosureDays: 40,
  announcement: '北京示范科技有限公司拟通过增资扩股引入2家投资方，新增股权比例20%。',
  contactName: '王经理',
  contactMobile: '13800000001',
};

/** One file under each of the seven required tags; the audit, appraisal and other files are not given. */
const REQUIRED = CAPITAL_INCREASE_ATTACHMENTS.filter((entry) => entry.requiredMessage !== undefined);
const FILES = Object.fromEntries(REQUIRED.map((entry) => [entry.tag, 1]));
const formal: RuleContext = { files: FILES, settings: DEFAULT_KIND_SETTINGS, stage: 'formal' };
const pre: RuleContext = { ...formal, stage: 'pre' };

const without = (key: keyof CapitalIncreaseProjectForm): CapitalIncreaseProjectForm =>
  Object.fromEntries(
    Object.entries(COMPLETE_FORM).filter(([name]) => name !== key),
  ) as CapitalIncreaseProjectForm;

describe('the capital-increase kinds', () => {
  it('are business type 3 with the announcement, their investors section and no list sheets; only the open one pre-discloses', () => {
    expect(CAP_KIND.family).toBe('cap');
    expect(CAP_OPEN_KIND.family).toBe('capOpen');
    for (const kind of [CAP_KIND, CAP_OPEN_KIND]) {
      expect(kind.businessType).toBe('3');
      expect(kind.sections).toEqual(['announcement', 'custom']);
      expect(kind.ownerLabel).toBe('融资方');
      expect(kind.sheets).toEqual([]);
    }
    expect(CAP_KIND.preDisclosure).toBe('none');
    expect(CAP_OPEN_KIND.preDisclosure).toBe('optional');
  });

  it('list the lower bound of the amount sought as the listing price', () => {
    expect(CAP_OPEN_KIND.listingPrice(COMPLETE_FORM)).toBe(60_000_000_00);
    expect(CAP_KIND.listingPrice({ name: '增资项目' })).toBeUndefined();
  });

  it('have every field in one group once, the stored form and the ten attachments', () => {
    const schemaKeys = Object.keys(capitalIncreaseProjectFormSchema.shape).sort();
    for (const kind of [CAP_KIND, CAP_OPEN_KIND]) {
      const names = kind.fields.map((entry) => entry.name);
      expect(new Set(names).size).toBe(names.length);
      expect(kind.groups.map((group) => group.title)).toEqual([
        '增资企业',
        '增资方案',
        '投资方条件及遴选',
        '交易条件',
        '附件材料',
        '信息披露',
        '联系方式',
      ]);
      expect(kind.fields.filter((entry) => !isFormField(entry)).map((entry) => entry.tag)).toEqual(
        CAPITAL_INCREASE_ATTACHMENTS.map((entry) => entry.tag),
      );
    }
    const formNames = (kind: typeof CAP_KIND) =>
      kind.fields
        .filter(isFormField)
        .map((entry) => entry.name)
        .sort();
    expect(formNames(CAP_OPEN_KIND)).toEqual(schemaKeys);
    // the ordinary kind has no pre-disclosure, so no period of it on its form
    expect(formNames(CAP_KIND)).toEqual(schemaKeys.filter((key) => key !== 'preDisclosureDays'));
  });
});

describe('the stored form', () => {
  it('keeps a complete form as it is, a draft with its name only, and drops unknown keys', () => {
    expect(CAP_OPEN_KIND.parse(COMPLETE_FORM)).toEqual({ form: COMPLETE_FORM, message: null });
    expect(CAP_KIND.parse({ name: '增资项目' })).toEqual({ form: { name: '增资项目' }, message: null });
    const parsed = CAP_KIND.parse({
      ...COMPLETE_FORM,
      listingPrice: 1,
      shareholders: [{ name: '甲', share: 1_000_000, capital: 5 }],
    });
    expect(parsed).toEqual({
      form: { ...COMPLETE_FORM, shareholders: [{ name: '甲', share: 1_000_000 }] },
      message: null,
    });
  });

  it('refuses a draft without a name, an unknown selection method, a count of investors out of range', () => {
    expect(CAP_KIND.parse({}).message).toBe(MSG.projectsNameInvalid);
    expect(CAP_KIND.parse({ name: '增资项目', selectionMethod: 'auction' }).message).toBe('请选择遴选方式');
    expect(CAP_KIND.parse({ name: '增资项目', investorCount: 0 }).message).toBe(
      '拟征集投资方数量须为1至200之间的整数',
    );
    expect(CAP_KIND.parse({ name: '增资项目', offeredShare: SHARE_WHOLE + 1 }).message).toBe(
      formatMessage(MSG.sheetsShareInvalid, { label: '拟新增股权比例' }),
    );
    expect(CAP_KIND.parse({ name: '增资项目', raiseMin: 0 }).message).toBe(
      '拟募集资金金额下限须为大于0的金额，最多两位小数',
    );
  });
});

describe('the formal disclosure', () => {
  it('passes every rule of both kinds when complete, without the optional attachments', () => {
    expect(CAP_OPEN_KIND.checkRules(COMPLETE_FORM, formal)).toEqual([]);
    expect(CAP_KIND.checkRules(COMPLETE_FORM, formal)).toEqual([]);
  });

  it('names the required fields it lacks: 请填写 for what is typed, 请选择 for choices', () => {
    expect(CAP_KIND.checkRules(without('selectionMethod'), formal)).toEqual(['请选择遴选方式']);
    expect(CAP_KIND.checkRules(without('fundUse'), formal)).toEqual(['请填写募集资金用途']);
    expect(CAP_KIND.checkRules(without('investorConditions'), formal)).toEqual(['请填写投资方资格条件']);
    expect(CAP_KIND.checkRules(without('depositAmount'), formal)).toEqual(['请填写交易保证金']);
    expect(CAP_KIND.checkRules(without('increaseType'), formal)).toEqual(['请选择增资方式']);
    expect(CAP_KIND.checkRules(without('disclosureDays'), formal)).toEqual(['请填写正式披露期']);
    expect(CAP_KIND.checkRules(without('contactName'), formal)).toEqual([MSG.projectsContactNameRequired]);
    // the upper bound and the two yes/no questions may stay unanswered
    expect(CAP_KIND.checkRules(without('raiseMax'), formal)).toEqual([]);
    expect(CAP_KIND.checkRules(without('employeesJoin'), formal)).toEqual([]);
  });

  it('refuses each of the seven required attachments missing, with its own message', () => {
    expect(REQUIRED).toHaveLength(7);
    for (const entry of REQUIRED) {
      const files = { ...FILES, [entry.tag]: 0 };
      for (const kind of [CAP_KIND, CAP_OPEN_KIND]) {
        expect(kind.checkRules(COMPLETE_FORM, { ...formal, files })).toEqual([entry.requiredMessage]);
      }
    }
    expect(CAP_KIND.checkRules(COMPLETE_FORM, { ...formal, files: {} })).toEqual(
      REQUIRED.map((entry) => entry.requiredMessage),
    );
  });

  it('needs 40 working days of formal disclosure; the dictionary may ask more, never less', () => {
    expect(CAP_KIND.checkRules({ ...COMPLETE_FORM, disclosureDays: 39 }, formal)).toEqual([
      formatMessage(MSG.capitalIncreaseDisclosureDaysMin, { days: 40 }),
    ]);
    const more = readKindSettings([
      { key: 'capitalIncrease', label: '增资扩股正式信息披露期（45个工作日）' },
    ]);
    expect(CAP_OPEN_KIND.checkRules(COMPLETE_FORM, { ...formal, settings: more })).toEqual([
      formatMessage(MSG.capitalIncreaseDisclosureDaysMin, { days: 45 }),
    ]);
    expect(CAP_OPEN_KIND.minPeriodDays(COMPLETE_FORM, 'formal', more)).toBe(45);
    const fewer = readKindSettings([
      { key: 'capitalIncrease', label: '增资扩股正式信息披露期（30个工作日）' },
    ]);
    expect(CAP_KIND.minPeriodDays(COMPLETE_FORM, 'formal', fewer)).toBe(40);
    expect(
      CAP_KIND.checkRules({ ...COMPLETE_FORM, disclosureDays: 39 }, { ...formal, settings: fewer }),
    ).toEqual([formatMessage(MSG.capitalIncreaseDisclosureDaysMin, { days: 40 })]);
  });

  it('checks a pre-disclosure period given on the open kind; the ordinary kind has none', () => {
    const short = { ...COMPLETE_FORM, preDisclosureDays: 19 };
    expect(CAP_OPEN_KIND.checkRules(short, formal)).toEqual([
      formatMessage(MSG.equityPreDisclosureDaysMin, { days: 20 }),
    ]);
    expect(CAP_OPEN_KIND.checkRules(without('preDisclosureDays'), formal)).toEqual([]);
    expect(CAP_KIND.checkRules(short, formal)).toEqual([]);
    expect(CAP_KIND.minPeriodDays(COMPLETE_FORM, 'pre', DEFAULT_KIND_SETTINGS)).toBe(0);
  });
});

describe('the pre-disclosure of the open kind', () => {
  it('passes when complete, without any attachment', () => {
    expect(CAP_OPEN_KIND.checkRules(COMPLETE_FORM, pre)).toEqual([]);
    expect(CAP_OPEN_KIND.checkRules(COMPLETE_FORM, { ...pre, files: {} })).toEqual([]);
  });

  it('asks the enterprise, the contact and the period, not the plan, the terms or the files', () => {
    const messages = CAP_OPEN_KIND.checkRules(
      { name: '增资项目', contactName: '王经理', contactMobile: '13800000001' },
      { ...pre, files: {} },
    );
    expect(messages).toContain('请填写增资企业名称');
    expect(messages).toContain('请选择所在地区');
    expect(messages).toContain('请填写增资前股东');
    expect(messages).toContain(MSG.equityPreDisclosureDaysRequired);
    expect(messages).not.toContain('请填写拟募集资金金额下限');
    expect(messages).not.toContain('请填写交易保证金');
    for (const entry of REQUIRED) expect(messages).not.toContain(entry.requiredMessage);
  });

  it('needs the days the dictionary sets (20 by default)', () => {
    expect(CAP_OPEN_KIND.checkRules({ ...COMPLETE_FORM, preDisclosureDays: 19 }, pre)).toEqual([
      formatMessage(MSG.equityPreDisclosureDaysMin, { days: 20 }),
    ]);
    const settings = readKindSettings([
      { key: 'capitalIncreasePre', label: '增资扩股信息预披露期（25个工作日）' },
    ]);
    expect(CAP_OPEN_KIND.checkRules(COMPLETE_FORM, { ...pre, settings })).toEqual([
      formatMessage(MSG.equityPreDisclosureDaysMin, { days: 25 }),
    ]);
    expect(CAP_OPEN_KIND.minPeriodDays(COMPLETE_FORM, 'pre', settings)).toBe(25);
  });
});

describe('the plan rules', () => {
  it('the registered capital after the increase is the sum of before and added', () => {
    expect(checkCapitalIncreasePlan({ ...COMPLETE_FORM, capitalAfter: 125_000_000_01 })).toEqual([
      MSG.capitalIncreaseCapitalSum,
    ]);
    expect(
      CAP_OPEN_KIND.checkRules({ ...COMPLETE_FORM, capitalAdded: 24_999_999_99 }, { ...pre, files: {} }),
    ).toEqual([MSG.capitalIncreaseCapitalSum]);
  });

  it('the lower bound of the amount sought is at most the upper one', () => {
    expect(checkCapitalIncreasePlan({ ...COMPLETE_FORM, raiseMax: 60_000_000_00 })).toEqual([]);
    expect(checkCapitalIncreasePlan({ ...COMPLETE_FORM, raiseMax: 59_999_999_99 })).toEqual([
      MSG.capitalIncreaseRaiseRange,
    ]);
  });

  it('the share offered is above 0 and below 100%', () => {
    const share = (offeredShare: number) => checkCapitalIncreasePlan({ ...COMPLETE_FORM, offeredShare });
    expect(share(0)).toEqual([MSG.capitalIncreaseShareInvalid]);
    expect(share(SHARE_WHOLE)).toEqual([MSG.capitalIncreaseShareInvalid]);
    expect(share(1)).toEqual([]);
    expect(share(SHARE_WHOLE - 1)).toEqual([]);
  });

  it('the shareholders before the increase hold at most the whole company', () => {
    const form = {
      ...COMPLETE_FORM,
      shareholders: [
        { name: '甲', share: 600_000 },
        { name: '乙', share: 400_001 },
      ],
    };
    expect(CAP_KIND.checkRules(form, formal)).toEqual([
      formatMessage(MSG.capitalIncreaseShareholdersOverWhole, { sum: '100.0001' }),
    ]);
  });

  it('the deposit is at most 30% of the lower bound of the amount sought', () => {
    expect(checkCapitalIncreasePlan({ ...COMPLETE_FORM, depositAmount: 18_000_000_00 })).toEqual([]);
    expect(CAP_KIND.checkRules({ ...COMPLETE_FORM, depositAmount: 18_000_000_01 }, formal)).toEqual([
      MSG.capitalIncreaseDepositTooHigh,
    ]);
  });

  it('property: the deposit is refused exactly when deposit x 10 > lower bound x 3, in integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        (depositAmount, raiseMin) => {
          const form = { ...COMPLETE_FORM, depositAmount, raiseMin, raiseMax: raiseMin };
          const refused = checkCapitalIncreasePlan(form).includes(MSG.capitalIncreaseDepositTooHigh);
          expect(refused).toBe(depositAmount * 10 > raiseMin * 3);
        },
      ),
    );
  });
});
