import { describe, expect, it } from 'vitest';
import { composeCreditCode } from '../validation/credit-code.ts';
import { ASSET_REGISTRY, STOCK_RIGHT_REGISTRY } from './holdings.ts';
import { BUSINESS_OPPORTUNITY_REGISTRY } from './business-opportunities.ts';
import { assetListRow, canStartPlan, startDraft, startFamilies } from './starts.ts';

const OWNER = { name: '示范集团有限公司', creditCode: composeCreditCode('110000', '60000001') };

describe('assetListRow', () => {
  it("puts an asset's values in its category's columns, a required type the register lacks as 其他", () => {
    expect(
      assetListRow({ name: '国债', category: '金融资产', quantity: '1000', bookValue: 100_000 }),
    ).toMatchObject({
      message: null,
      row: {
        category: 'financial',
        values: { name: '国债', share: '1000', assetType: '其他', bookValue: 100_000 },
      },
    });
    expect(assetListRow({ name: '应收账款', category: '债权', quantity: '1', bookValue: 500 })).toMatchObject(
      {
        row: { category: 'obligee', values: { principal: 500 } },
      },
    );
  });

  it('names what a list requires and the asset lacks, and a fractional count', () => {
    expect(assetListRow({ name: '仓库', category: '房产', quantity: '1', unit: '栋' })).toEqual({
      message: '资产“仓库”转入房产资产清单时：缺少坐落位置，请先编辑补充',
    });
    expect(assetListRow({ name: '钢材', category: '存货', quantity: '2.5', unit: '吨' }).message).toContain(
      '数量',
    );
  });
});

describe('startDraft', () => {
  it('names a holding’s project by its enterprise and share, the owner its transferor', () => {
    const draft = startDraft(
      STOCK_RIGHT_REGISTRY,
      'stock',
      [
        {
          enterpriseName: '示范科技有限公司',
          creditCode: composeCreditCode('110108', '50000001'),
          share: 125_000,
        },
      ],
      OWNER,
    );
    expect(draft).toMatchObject({
      form: {
        name: '示范科技有限公司12.5%股权转让',
        transferors: [{ name: OWNER.name, creditCode: OWNER.creditCode, heldShare: 125_000 }],
      },
      rows: [],
    });
  });

  it('refuses a row that started something, or a family its registry does not start', () => {
    const started = { name: '车床', category: '机器设备', projectId: 3, projectCode: 'GR2026BJ1000003' };
    expect(startDraft(ASSET_REGISTRY, 'bulk', [started], OWNER)).toEqual({
      message: '资产“车床”已转入项目GR2026BJ1000003，不能重复发起',
    });
    expect(startFamilies(ASSET_REGISTRY, started)).toEqual([]);
    expect(startDraft(ASSET_REGISTRY, 'stock', [{ name: '车床', category: '机器设备' }], OWNER)).toEqual({
      message: '资产“车床”不能发起该类项目',
    });
  });

  it("lets a lead start its subject's families, and a plan for physical assets only", () => {
    const lead = { name: '设备处置', subject: '实物资产转让' };
    expect(startFamilies(BUSINESS_OPPORTUNITY_REGISTRY, lead)).toEqual(['bulk', 'coll']);
    expect(canStartPlan(BUSINESS_OPPORTUNITY_REGISTRY, lead)).toBe(true);
    expect(canStartPlan(BUSINESS_OPPORTUNITY_REGISTRY, { ...lead, subject: '增资扩股' })).toBe(false);
    expect(canStartPlan(BUSINESS_OPPORTUNITY_REGISTRY, { ...lead, planId: 1 })).toBe(false);
  });
});

describe('closed rows', () => {
  it('start nothing: an asset disposed of, a lead closed', () => {
    expect(startFamilies(ASSET_REGISTRY, { name: '旧锅炉', category: '其他', status: '已处置' })).toEqual([]);
    expect(
      canStartPlan(BUSINESS_OPPORTUNITY_REGISTRY, {
        name: '设备处置',
        subject: '实物资产转让',
        stage: '已关闭',
      }),
    ).toBe(false);
  });
});
