import { describe, expect, it } from 'vitest';
import { SMALL_LEDGER_REGISTRY } from '../../registries/ledger.ts';
import { startDraft, startFamilies } from '../../registries/starts.ts';
import { findAction } from '../../workflow/actions.ts';
import { applyEffect } from '../../workflow/effects.ts';
import { DEFAULT_KIND_SETTINGS } from './settings.ts';
import { checkSmallProjectRules, SMALL_KIND, type SmallProjectForm } from './small.ts';

const COMPLETE: SmallProjectForm = {
  name: '废旧钢材等3项标的',
  disposalMethod: 'auction',
  listingPrice: 1_200_000,
  disclosureDays: 10,
  viewingPlace: '重庆市九龙坡区仓库',
  viewingFrom: '2026-12-01',
  viewingTo: '2026-12-05',
  viewingContact: '张三',
  viewingMobile: '13800138000',
  paymentDays: 5,
  pickupDays: 10,
  contactName: '李四',
  contactMobile: '13900139000',
};

const check = (form: SmallProjectForm) => checkSmallProjectRules(form, {}, DEFAULT_KIND_SETTINGS);

describe('the small-lot kind', () => {
  it('passes a complete form and names every missing required field, the scrap facts only for scrap', () => {
    expect(check(COMPLETE)).toEqual([]);
    const { viewingPlace: _place, pickupDays: _days, ...incomplete } = COMPLETE;
    expect(check(incomplete)).toEqual(['请填写看样地点', '请填写提货期限']);
    expect(check({ ...COMPLETE, isScrap: true })).toEqual(['请填写废物类别', '请填写受让方资质要求']);
    expect(
      check({ ...COMPLETE, isScrap: true, wasteCategory: 'HW08', buyerLicence: '危险废物经营许可证' }),
    ).toEqual([]);
  });

  it('refuses a short period, a deposit above 30% of the starting price and a viewing window backwards', () => {
    expect(check({ ...COMPLETE, disclosureDays: 9 })).toEqual(['披露期不得少于10个工作日']);
    expect(check({ ...COMPLETE, depositAmount: 360_001, depositDeadline: '2026-12-10' })).toEqual([
      '交易保证金不能超过起始价的30%',
    ]);
    expect(check({ ...COMPLETE, depositAmount: 360_000 })).toEqual(['请选择保证金交纳截止日期']);
    expect(check({ ...COMPLETE, viewingTo: '2026-11-30' })).toEqual(['看样截止日期不能早于看样开始日期']);
  });

  it('stores only its own fields, typed', () => {
    expect(SMALL_KIND.parse({ name: '办公家具一批', pickupDays: 61 })).toEqual({
      message: '提货期限须为1至60之间的整数',
    });
    expect(SMALL_KIND.parse({ name: '办公家具一批', foreign: 1, isScrap: true })).toEqual({
      form: { name: '办公家具一批', isScrap: true },
      message: null,
    });
  });

  it('deals on the confirmed result: resultConfirm makes the project dealt, an imported auction result is a record', () => {
    const now = new Date('2026-12-20T02:00:00Z');
    const state = {
      status: 'awaitingContract' as const,
      disclosureStart: null,
      disclosureEnd: null,
      pausedAt: null,
      details: {},
    };
    const form = { transfereeName: '重庆再生资源公司', dealPrice: 1_500_000 };
    const confirm = findAction('small', 'resultConfirm');
    expect(confirm?.allowedProjectStatuses).toContain('awaitingContract');
    expect(applyEffect(confirm!, state, form, now).status).toBe('dealt');
    const imported = findAction('small', 'auctionResultImport');
    expect(imported?.effect).toBe('record');
    expect(applyEffect(imported!, { ...state, status: 'disclosing' }, form, now).status).toBe('disclosing');
    // a vehicle disposal's result confirmation is the vehicles module's, no application of the engine
    expect(findAction('motorVehicle', 'resultConfirm')).toBeUndefined();
  });
});

describe('the small-lot ledger starts a project of its ticked lots', () => {
  const lot = (name: string, extra: Record<string, string | number> = {}) => ({
    principalName: '示范集团有限公司',
    name,
    category: '废旧物资',
    quantity: '2',
    unit: '吨',
    location: '一号仓库',
    startingPrice: 100_000,
    appraisedValue: 120_000,
    status: '在库',
    ...extra,
  });

  it('sums the starting prices and appraisals, names the owner, and lists each lot without the ledger columns', () => {
    const draft = startDraft(
      SMALL_LEDGER_REGISTRY,
      'small',
      [lot('废钢'), lot('废铜', { wasteCode: '900-041-49' })],
      {
        name: '代理会员',
        creditCode: null,
      },
    );
    expect(draft).toEqual({
      form: {
        name: '废钢等2项标的',
        principalName: '示范集团有限公司',
        disposalMethod: 'auction',
        listingPrice: 200_000,
        appraisalPrice: 240_000,
        isScrap: true,
      },
      rows: [
        {
          category: 'lot',
          values: {
            name: '废钢',
            category: '废旧物资',
            quantity: '2',
            unit: '吨',
            location: '一号仓库',
            startingPrice: 100_000,
            appraisedValue: 120_000,
          },
        },
        {
          category: 'lot',
          values: {
            name: '废铜',
            category: '废旧物资',
            quantity: '2',
            unit: '吨',
            location: '一号仓库',
            startingPrice: 100_000,
            appraisedValue: 120_000,
            wasteCode: '900-041-49',
          },
        },
      ],
    });
  });

  it('refuses lots of two owners in one project, and a lot already dealt', () => {
    expect(
      startDraft(SMALL_LEDGER_REGISTRY, 'small', [lot('废钢'), lot('废铜', { principalName: '另一集团' })], {
        name: '代理会员',
        creditCode: null,
      }),
    ).toEqual({ message: '所选标的属于不同委托方（示范集团有限公司、另一集团），请按委托方分别发起项目' });
    expect(startFamilies(SMALL_LEDGER_REGISTRY, lot('废钢', { status: '已成交' }))).toEqual([]);
    expect(startFamilies(SMALL_LEDGER_REGISTRY, lot('废钢'))).toEqual(['small']);
  });
});
