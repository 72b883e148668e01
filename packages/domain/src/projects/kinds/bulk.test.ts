import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../messages.ts';
import { BULK_ASSET_CATEGORIES } from '../assets.ts';
import {
  BULK_KIND,
  checkBulkProjectRules,
  isBelowAppraisal,
  minDisclosureDays,
  type BulkProjectForm,
} from './bulk.ts';

/** The first message of a form that does not have the saved shape, or null. */
const validateBulkProjectShape = (form: unknown): string | null => BULK_KIND.parse(form).message;

const complete: BulkProjectForm = {
  name: '旧办公设备一批',
  assetCategory: 'machinery',
  listingPrice: 50_000_00,
  appraisalPrice: 50_000_00,
  disclosureDays: 10,
  paymentMode: 'lump',
  contactName: '张三',
  contactMobile: '13800000001',
  description: '设备二十台',
};

describe('bulk project form shape', () => {
  it('accepts a complete form and a draft with a name only, dropping unknown keys', () => {
    expect(validateBulkProjectShape(complete)).toBeNull();
    expect(validateBulkProjectShape({ name: '设备' })).toBeNull();
    expect(BULK_KIND.parse({ name: ' 设备 ', extra: 1 })).toEqual({ form: { name: '设备' }, message: null });
  });

  it('refuses a bad name, category, price or mobile with its Chinese message', () => {
    expect(validateBulkProjectShape({})).toBe(MSG.projectsNameInvalid);
    expect(validateBulkProjectShape({ name: 'a' })).toBe(MSG.projectsNameInvalid);
    expect(validateBulkProjectShape({ name: '项'.repeat(101) })).toBe(MSG.projectsNameInvalid);
    expect(validateBulkProjectShape({ name: '设备', assetCategory: 'ship' })).toBe(
      MSG.projectsAssetCategoryRequired,
    );
    expect(validateBulkProjectShape({ name: '设备', listingPrice: 0 })).toBe(MSG.projectsListingPriceInvalid);
    expect(validateBulkProjectShape({ name: '设备', listingPrice: 1.5 })).toBe(
      MSG.projectsListingPriceInvalid,
    );
    expect(validateBulkProjectShape({ name: '设备', contactMobile: '123' })).toBe(MSG.telephoneInvalid);
    // 联系电话 is a contact number: a landline with area code (and extension) is as good as a mobile
    for (const phone of ['010-88886666', '0755-12345678-123', '13800000001']) {
      expect(validateBulkProjectShape({ ...complete, contactMobile: phone }), phone).toBeNull();
      expect(checkBulkProjectRules({ ...complete, contactMobile: phone }, 0), phone).toEqual([]);
    }
    expect(validateBulkProjectShape({ name: '设备', description: '字'.repeat(2001) })).toBe(
      '项目描述不能超过2000个字符',
    );
  });

  it('knows every asset category with its Chinese label', () => {
    expect(BULK_ASSET_CATEGORIES.map((c) => c.label)).toEqual([
      '在建工程',
      '房产',
      '土地',
      '存货',
      '机器设备',
      '其他',
      '金融资产',
      '技术资产',
      '债权',
      '车辆',
    ]);
  });
});

describe('bulk project rules', () => {
  it('passes a complete lump-sum form', () => {
    expect(checkBulkProjectRules(complete, 0)).toEqual([]);
  });

  it('needs 10 working days of disclosure, 20 above 10 million yuan (the boundary itself is 10)', () => {
    expect(minDisclosureDays(1_000_000_000)).toBe(10);
    expect(minDisclosureDays(1_000_000_001)).toBe(20);
    expect(checkBulkProjectRules({ ...complete, disclosureDays: 9 }, 0)).toEqual([
      '披露期不得少于10个工作日',
    ]);
    expect(
      checkBulkProjectRules({ ...complete, listingPrice: 2_000_000_000, appraisalPrice: undefined }, 0),
    ).toEqual(['披露期不得少于20个工作日']);
  });

  it('property: the disclosure rule holds exactly at the band minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000_00 }),
        fc.integer({ min: 1, max: 250 }),
        (price, days) => {
          const messages = checkBulkProjectRules(
            { ...complete, listingPrice: price, appraisalPrice: undefined, disclosureDays: days },
            0,
          );
          const min = price > 1_000_000_000 ? 20 : 10;
          expect(messages.length === 0).toBe(days >= min);
        },
      ),
    );
  });

  it('asks a deposit of at most 30% of the listing price, with its deadline, or none at all', () => {
    expect(
      checkBulkProjectRules({ ...complete, depositAmount: 15_000_00, depositDeadline: '2026-12-01' }, 0),
    ).toEqual([]);
    expect(
      checkBulkProjectRules({ ...complete, depositAmount: 15_000_01, depositDeadline: '2026-12-01' }, 0),
    ).toEqual([MSG.depositTooHigh]);
    expect(checkBulkProjectRules({ ...complete, depositAmount: 1_000_00 }, 0)).toEqual([
      MSG.depositDeadlineRequired,
    ]);
    expect(validateBulkProjectShape({ name: '设备', depositAmount: 0 })).toBe(MSG.depositAmountInvalid);
  });

  it('a listing below 90% of the appraisal needs the approval and its file', () => {
    const below = { ...complete, listingPrice: 89_99, appraisalPrice: 100_00 };
    expect(isBelowAppraisal(below)).toBe(true);
    expect(isBelowAppraisal({ ...below, listingPrice: 90_00 })).toBe(false);
    expect(checkBulkProjectRules(below, 0)).toEqual(['挂牌价低于评估值90%须上传批准文件']);
    expect(checkBulkProjectRules({ ...below, reserveBelowAppraisalApproved: true }, 0)).toEqual([
      MSG.projectsPriceApprovalRequired,
    ]);
    expect(checkBulkProjectRules({ ...below, reserveBelowAppraisalApproved: true }, 1)).toEqual([]);
  });

  it('property: below-appraisal is exactly listing < 0.9 x appraisal, in integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (l, a) => {
        expect(isBelowAppraisal({ listingPrice: l, appraisalPrice: a })).toBe(
          BigInt(l) * 10n < BigInt(a) * 9n,
        );
      }),
    );
  });

  it('instalments: first payment at least 30%, at most a year, with a guarantee', () => {
    const instalment: BulkProjectForm = {
      ...complete,
      paymentMode: 'instalment',
      firstPaymentRatio: 0.3,
      instalmentMonths: 12,
      hasGuarantee: true,
    };
    expect(checkBulkProjectRules(instalment, 0)).toEqual([]);
    expect(checkBulkProjectRules({ ...instalment, firstPaymentRatio: 0.29 }, 0)).toEqual([
      '分期付款首付比例不得低于30%',
    ]);
    expect(checkBulkProjectRules({ ...instalment, instalmentMonths: 13 }, 0)).toEqual([
      '分期付款期限不得超过一年',
    ]);
    expect(checkBulkProjectRules({ ...instalment, hasGuarantee: false }, 0)).toEqual(['分期付款须提供担保']);
  });

  it('names every missing required field on submission', () => {
    expect(checkBulkProjectRules({ name: '设备' }, 0)).toEqual([
      MSG.projectsAssetCategoryRequired,
      MSG.projectsListingPriceInvalid,
      MSG.projectsDisclosureDaysInvalid,
      MSG.projectsPaymentModeRequired,
      MSG.projectsContactNameRequired,
      MSG.telephoneRequired,
    ]);
  });
});
