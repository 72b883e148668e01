import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  FAMILY_SCREENS,
  FAMILY_TITLES,
  familiesOfScreens,
  listWorkflowRoutes,
} from './families.ts';

const routes = listWorkflowRoutes();
const countOf = (name: string): number => routes.filter((route) => route.name === name).length;

const STEPS = ['Aon', 'MfyRrn', 'EicSre'] as const;
const BULK_ACTIONS = [
  'Abort',
  'Recovery',
  'End',
  'Supplement',
  'Termination',
  'Rediscovery',
  'Online',
  'Contract',
  'Price',
] as const;

// BF-2.1, spelled in spec 001 "Right-transfer (stock right) contract and price group".
const BF_2_1 = [
  'rightContractAon',
  'rightContractEdit',
  'rightContractMfyRrn',
  'rightPriceAon',
  'rightPriceMfyRrn',
  'rightPriceEicSre',
];

// BF-2.2: "For each action there are three screens: Aon, MfyRrn, EicSre" plus the names spelled one by one.
const BF_2_2 = [
  'bulkShowProject',
  ...BULK_ACTIONS.flatMap((action) => STEPS.map((step) => `bulk${action}${step}`)),
  'bulkTransferAon',
  'bulkTransferMfyRrn',
  'bulkMfyRrn',
  'bulkEicSre',
  'bulkWithdrawalEicSre',
  'bulkSurveyEicSre',
  'bulkExhibitionEicSre',
  'bulkPriceDeductionSre',
];

// BF-2.3: coll mirrors bulk; its price is named as an e-signature.
const BF_2_3 = [
  'collShowProject',
  'collMfyRrn',
  'collEicSre',
  ...BULK_ACTIONS.filter((action) => action !== 'Price').flatMap((action) =>
    STEPS.map((step) => `coll${action}${step}`),
  ),
  'collTransferAon',
  'collTransferMfyRrn',
  'collPriceEicSre',
  'collPriceDeductionSre',
  'collWithdrawalEicSre',
  'collSurveyEicSre',
  'collExhibitionEicSre',
];

// BF-2.4: the names spec 001 spells for the other families, and smallShowProject of spec 000.
const BF_2_4 = [
  'rightShowProject',
  'rightEicSre',
  'rightEicSreF',
  'rightWithdrawalEicSre',
  'rightIntentionReview',
  'registrationEicSre',
  'registrationShow',
  'unifiedShowProject',
  'unifiedIntentionReview',
  'memberIntentionReviewEicSre',
  'memberIntentionReviewShow',
  'unifiedContract',
  'smallShowProject',
];

describe('workflow families', () => {
  it('holds the ten screen groups, and the eleven families each on one group (the equity families on right, the vehicle disposal on vehicle)', () => {
    expect(Object.keys(FAMILIES).sort()).toEqual(
      ['auction', 'bulk', 'cap', 'capOpen', 'coll', 'ledger', 'right', 'small', 'unified', 'vehicle'].sort(),
    );
    for (const screens of Object.keys(FAMILIES)) {
      expect(routes.some((route) => route.screens === screens)).toBe(true);
    }
    expect(Object.keys(FAMILY_SCREENS).sort()).toEqual(
      [
        ...Object.keys(FAMILIES).filter((key) => key !== 'right' && key !== 'vehicle'),
        'stock',
        'privateStock',
        'motorVehicle',
      ].sort(),
    );
    expect(familiesOfScreens('right')).toEqual(['stock', 'privateStock']);
    // the spec's calls name the family motorVehicle (/api/project/motorVehicle/..., its processLog variant)
    expect(familiesOfScreens('vehicle')).toEqual(['motorVehicle']);
    expect(FAMILY_TITLES.motorVehicle).toBe('机动车处置');
    expect(FAMILY_TITLES.stock).toBe('产权转让');
    expect(FAMILY_TITLES.bulk).toBe('实物资产');
  });

  it.each([
    ['BF-2.1', BF_2_1],
    ['BF-2.2', BF_2_2],
    ['BF-2.3', BF_2_3],
    ['BF-2.4', BF_2_4],
  ])('%s: every name the spec spells is present exactly once and not marked derived', (_clause, names) => {
    for (const name of names) {
      expect({ name, count: countOf(name) }).toEqual({ name, count: 1 });
      expect({ name, isDerived: routes.find((route) => route.name === name)?.isDerived }).toEqual({
        name,
        isDerived: false,
      });
    }
  });

  it('the bulk family holds the BF-2.2 screens and, besides them, only the derived contract edit and refund letter', () => {
    const bulk = routes.filter((route) => route.screens === 'bulk').map((route) => route.name);
    expect(bulk.filter((name) => !BF_2_2.includes(name))).toEqual([
      'bulkContractEdit',
      'bulkRefundCashoutEicSre',
    ]);
  });

  it('keeps every route name unique across families', () => {
    const names = routes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('marks names the spec does not spell as derived', () => {
    const derived = (name: string) => routes.find((route) => route.name === name)?.isDerived;
    expect(derived('rightAbortAon')).toBe(true);
    expect(derived('unifiedAbortAon')).toBe(true);
    expect(derived('collPriceAon')).toBe(true);
    expect(derived('bulkContractEdit')).toBe(true);
    expect(derived('collRefundCashoutEicSre')).toBe(true);
    expect(derived('rightPreEicSre')).toBe(true);
    expect(derived('bulkAbortAon')).toBe(false);
  });

  it('names each step with its suffix, apart from the spec-spelled intention reviews and single pages', () => {
    const suffixed = routes.filter((route) => route.step !== 'Page' && route.step !== 'Show');
    const exceptions = ['rightIntentionReview', 'unifiedIntentionReview'];
    for (const route of suffixed) {
      if (exceptions.includes(route.name)) continue;
      expect({ name: route.name, ok: route.name.endsWith(route.step) }).toEqual({
        name: route.name,
        ok: true,
      });
    }
  });

  it('titles screens in Chinese as action plus step', () => {
    const titleOf = (name: string) => routes.find((route) => route.name === name)?.title;
    expect(titleOf('bulkAbortAon')).toBe('项目中止申请');
    expect(titleOf('bulkAbortMfyRrn')).toBe('项目中止退回修改');
    expect(titleOf('bulkAbortEicSre')).toBe('项目中止电子签章');
    expect(titleOf('rightContractEdit')).toBe('合同信息修改');
    expect(titleOf('bulkShowProject')).toBe('查看项目');
    expect(titleOf('unifiedContract')).toBe('交易管理');
    expect(FAMILIES.bulk.title).toBe('实物资产');
    expect(FAMILIES.coll.title).toBe('抵质押资产');
    for (const route of routes) {
      expect({ name: route.name, isChinese: /^[\u4e00-\u9fff]+$/.test(route.title) }).toEqual({
        name: route.name,
        isChinese: true,
      });
    }
  });
});
