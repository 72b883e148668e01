import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeCreditCode } from '../../validation/credit-code.ts';
import { MSG } from '../../messages.ts';
import { formatMessage } from '../../format.ts';
import { SHARE_WHOLE } from '../shares.ts';
import {
  checkEquityPrice,
  checkTransferorShares,
  EQUITY_APPROVAL_TAG,
  equityProjectFormSchema,
  PRICE_REDUCTION_APPROVAL_TAG,
  type EquityProjectForm,
} from './equity.ts';
import { PROJECT_KINDS } from './index.ts';
import { DEFAULT_KIND_SETTINGS, readKindSettings } from './settings.ts';

const CREDIT = composeCreditCode('110000', '20240001');

/** A stock project ready for its formal disclosure. */
export const COMPLETE_EQUITY_FORM: EquityProjectForm = {
  name: '北京示范科技有限公司40%股权',
  targetName: '北京示范科技有限公司',
  targetCreditCode: CREDIT,
  targetLegalRepresentative: '李明',
  targetRegisteredCapital: 50_000_000_00,
  targetFoundedOn: '2008-06-18',
  targetRegion: '110100',
  targetIndustry: 'I',
  targetEconomyType: '2',
  targetEnterpriseType: '1',
  targetScale: '2',
  targetEmployees: 186,
  transferors: [
    { name: '北京示范国有资产经营有限公司', creditCode: CREDIT, heldShare: 600_000, offeredShare: 400_000 },
  ],
  appraisalFirm: '北京示范资产评估有限公司',
  appraisalBaseDate: '2026-06-30',
  netAssetValue: 80_000_000_00,
  shareAppraisalValue: 32_000_000_00,
  listingPrice: 32_000_000_00,
  approvalType: '1',
  approvalBody: '北京市人民政府国有资产监督管理委员会',
  approvalDocumentNo: '京国资产权〔2026〕18号',
  transfereeConditions: '意向受让方应为依法设立并有效存续的企业法人。',
  depositAmount: 3_000_000_00,
  depositDeadline: '2027-01-20',
  paymentMode: 'lump',
  employeePlacement: '标的企业职工劳动关系不变。',
  preDisclosureDays: 20,
  disclosureDays: 20,
  announcement: '北京示范国有资产经营有限公司拟转让所持北京示范科技有限公司40%股权。',
  contactName: '王经理',
  contactMobile: '13800000001',
};

const stock = PROJECT_KINDS.stock;
const privateStock = PROJECT_KINDS.privateStock;
const files = { [EQUITY_APPROVAL_TAG]: 1 };
const formal = { files, settings: DEFAULT_KIND_SETTINGS, stage: 'formal' as const };

describe('the equity form', () => {
  it('stores a complete form as it is and a draft with its name only', () => {
    expect(stock.parse(COMPLETE_EQUITY_FORM)).toEqual({ form: COMPLETE_EQUITY_FORM, message: null });
    expect(stock.parse({ name: '股权项目' })).toEqual({ form: { name: '股权项目' }, message: null });
  });

  it('refuses a bad credit code, a share above 100% or with five decimals, an unknown region', () => {
    expect(stock.parse({ name: '股权项目', targetCreditCode: '91110000X' }).message).toBe(
      MSG.creditCodeInvalid,
    );
    const share = (offeredShare: number) =>
      stock.parse({ name: '股权项目', transferors: [{ offeredShare }] }).message;
    expect(share(SHARE_WHOLE + 1)).toBe(formatMessage(MSG.sheetsShareInvalid, { label: '拟转让比例' }));
    expect(share(1.5)).toBe(formatMessage(MSG.sheetsShareInvalid, { label: '拟转让比例' }));
    expect(stock.parse({ name: '股权项目', targetRegion: '999999' }).message).toBe('请选择所在地区');
  });

  it('passes every rule of the formal disclosure when complete', () => {
    expect(stock.checkRules(COMPLETE_EQUITY_FORM, formal)).toEqual([]);
  });

  it('takes a landline with area code as 联系电话, in the saved shape and in the rules', () => {
    const form = { ...COMPLETE_EQUITY_FORM, contactMobile: '010-88886666' };
    expect(stock.parse(form).message).toBeNull();
    expect(equityProjectFormSchema.safeParse(form).success).toBe(true);
    expect(stock.checkRules(form, formal)).toEqual([]);
    expect(stock.parse({ ...form, contactMobile: '88886666' }).message).toBe(MSG.telephoneInvalid);
  });

  it('names what the pre-disclosure still lacks: the enterprise, the transferors, the period', () => {
    const messages = stock.checkRules(
      { name: '股权项目', contactName: '王经理', contactMobile: '13800000001' },
      {
        ...formal,
        stage: 'pre',
      },
    );
    expect(messages).toContain('请填写标的企业名称');
    expect(messages).toContain('请填写转让方');
    expect(messages).toContain(MSG.equityPreDisclosureDaysRequired);
    // the price is not asked of the pre-disclosure
    expect(messages).not.toContain('请填写挂牌价');
  });

  it('needs 20 working days of each disclosure, or what the exchange sets', () => {
    const short = { ...COMPLETE_EQUITY_FORM, preDisclosureDays: 19, disclosureDays: 19 };
    expect(stock.checkRules(short, formal)).toEqual([
      formatMessage(MSG.projectsDisclosureDaysMin, { days: 20 }),
      formatMessage(MSG.equityPreDisclosureDaysMin, { days: 20 }),
    ]);
    const settings = readKindSettings([{ key: 'equity', label: '产权转让正式信息披露期（25个工作日）' }]);
    expect(stock.checkRules(COMPLETE_EQUITY_FORM, { ...formal, settings })).toEqual([
      formatMessage(MSG.projectsDisclosureDaysMin, { days: 25 }),
    ]);
  });

  it('the state-owned kind needs the approval and its file; the non-state one does not', () => {
    const {
      approvalBody: _b,
      approvalDocumentNo: _d,
      approvalType: _t,
      ...noApproval
    } = COMPLETE_EQUITY_FORM;
    const none = { ...formal, files: {} };
    expect(stock.checkRules(noApproval, none)).toEqual([
      '请选择批准类型',
      '请填写批准单位',
      '请填写批准文件文号',
      '请上传批准文件',
    ]);
    expect(privateStock.checkRules(noApproval, none)).toEqual([]);
  });
});

describe('the listing rules', () => {
  it('refuses a listing price below the appraisal of the shares offered', () => {
    const form = { ...COMPLETE_EQUITY_FORM, listingPrice: 31_999_999_99 };
    expect(checkEquityPrice(form, files)).toEqual([
      formatMessage(MSG.equityPriceBelowAppraisal, { value: '32,000,000.00' }),
    ]);
  });

  it('a reduced price down to 90% needs nothing more; below 90% the approving body’s consent', () => {
    const reduced = {
      ...COMPLETE_EQUITY_FORM,
      isPriceReduction: true,
      previousProjectCode: 'GR2026BJ0000001',
    };
    expect(checkEquityPrice({ ...reduced, listingPrice: 28_800_000_00 }, files)).toEqual([]);
    expect(checkEquityPrice({ ...reduced, listingPrice: 28_799_999_99 }, files)).toEqual([
      MSG.equityReductionApprovalRequired,
    ]);
    expect(
      checkEquityPrice(
        { ...reduced, listingPrice: 28_799_999_99 },
        { ...files, [PRICE_REDUCTION_APPROVAL_TAG]: 1 },
      ),
    ).toEqual([]);
  });

  it('property: a reduction needs the consent exactly when price x 10 < appraisal x 9, in integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        (price, value) => {
          const form = {
            ...COMPLETE_EQUITY_FORM,
            isPriceReduction: true,
            listingPrice: price,
            shareAppraisalValue: value,
            depositAmount: 1,
          };
          const needs = checkEquityPrice(form, files).includes(MSG.equityReductionApprovalRequired);
          expect(needs).toBe(price * 10 < value * 9);
        },
      ),
    );
  });

  it('the deposit is at most 30% of the listing price', () => {
    expect(checkEquityPrice({ ...COMPLETE_EQUITY_FORM, depositAmount: 9_600_000_00 }, files)).toEqual([]);
    expect(checkEquityPrice({ ...COMPLETE_EQUITY_FORM, depositAmount: 9_600_000_01 }, files)).toEqual([
      MSG.equityDepositTooHigh,
    ]);
  });

  it('the transferors offer at most what each holds, together at most the whole company', () => {
    expect(
      checkTransferorShares([
        { name: '甲', heldShare: 333_334, offeredShare: 333_334 },
        { name: '乙', heldShare: 333_333, offeredShare: 333_333 },
        { name: '丙', heldShare: 333_333, offeredShare: 333_333 },
      ]),
    ).toEqual([]);
    expect(checkTransferorShares([{ name: '甲', heldShare: 400_000, offeredShare: 500_000 }])).toEqual([
      formatMessage(MSG.equityOfferAboveHeld, { row: 1, name: '甲' }),
    ]);
    expect(
      checkTransferorShares([
        { name: '甲', heldShare: 600_000, offeredShare: 600_000 },
        { name: '乙', heldShare: 500_000, offeredShare: 400_001 },
      ]),
    ).toEqual([
      formatMessage(MSG.equityHeldOverWhole, { sum: '110.0000' }),
      formatMessage(MSG.equitySharesOverWhole, { sum: '100.0001' }),
    ]);
  });

  it('instalments: 30% first, within a year, with a guarantee', () => {
    const form = {
      ...COMPLETE_EQUITY_FORM,
      paymentMode: 'instalment' as const,
      firstPaymentRatio: 0.2,
      instalmentMonths: 13,
    };
    expect(stock.checkRules(form, formal)).toEqual([
      MSG.projectsFirstPaymentRatioMin,
      MSG.projectsInstalmentMonthsMax,
      MSG.projectsGuaranteeRequired,
    ]);
  });

  it('keeps the schema and the kinds on the same stored shape', () => {
    expect(equityProjectFormSchema.safeParse(COMPLETE_EQUITY_FORM).success).toBe(true);
    expect(privateStock.parse(COMPLETE_EQUITY_FORM).message).toBeNull();
  });
});
