import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToYuan } from '../format.ts';
import { ASSET_COLUMNS, BULK_ASSET_CATEGORIES, checkAssetRow } from './assets.ts';
import { describeSheetColumn, isBlankSheetRow, normalizeSheetHeader, sheetHeader } from './sheets.ts';

const machine = {
  name: '数控车床',
  model: 'CK6140',
  manufacturer: '沈阳机床',
  quantity: 2,
  unit: '台',
  purchaseDate: '2018-06-01',
  originalValue: '120000',
  netValue: '45,000.50',
  appraisalValue: 40000,
  storage: '一号厂房',
};

describe('asset columns', () => {
  it('every category of the bulk form has columns with unique keys, a required name first, and a note', () => {
    for (const category of BULK_ASSET_CATEGORIES) {
      const columns = ASSET_COLUMNS[category.code];
      const keys = columns.map((c) => c.key);
      expect(new Set(keys).size, category.code).toBe(keys.length);
      expect(columns[0]).toMatchObject({ key: 'name', isRequired: true });
      expect(keys).toContain('note');
      const labels = columns.map((c) => normalizeSheetHeader(sheetHeader(c)));
      expect(new Set(labels).size, category.code).toBe(labels.length);
    }
  });

  it('marks required headers with * and reads them back with or without it, in half- or full-width brackets', () => {
    const area = ASSET_COLUMNS.house.find((c) => c.key === 'buildingArea');
    expect(area && sheetHeader(area)).toBe('*建筑面积（平方米）');
    expect(normalizeSheetHeader(' * 建筑面积(平方米) ')).toBe('建筑面积（平方米）');
    expect(normalizeSheetHeader('＊建筑面积（平方米）')).toBe('建筑面积（平方米）');
  });

  it('describes each rule for the template instructions', () => {
    const usage = ASSET_COLUMNS.house.find((c) => c.key === 'usage');
    expect(usage && describeSheetColumn(usage)).toBe(
      '选填；填写以下之一：住宅、商业、办公、工业、仓储、其他',
    );
    const vin = ASSET_COLUMNS.vehicle.find((c) => c.key === 'vin');
    expect(vin && describeSheetColumn(vin)).toBe('必填；17位车辆识别代号；17位，不含字母I、O、Q');
  });
});

describe('checkAssetRow', () => {
  it('accepts a machinery row: money in fen, dates as days, numbers from text or cells', () => {
    expect(checkAssetRow('machinery', machine)).toEqual({
      errors: [],
      values: {
        name: '数控车床',
        model: 'CK6140',
        manufacturer: '沈阳机床',
        quantity: 2,
        unit: '台',
        purchaseDate: '2018-06-01',
        originalValue: 12_000_000,
        netValue: 4_500_050,
        appraisalValue: 4_000_000,
        storage: '一号厂房',
      },
    });
  });

  it('takes a spreadsheet date and the usual ways of typing a day', () => {
    const day = (cell: Date | string) =>
      checkAssetRow('machinery', { ...machine, purchaseDate: cell }).values.purchaseDate;
    expect(day(new Date(Date.UTC(2019, 0, 31)))).toBe('2019-01-31');
    expect(day('2019/1/31')).toBe('2019-01-31');
    expect(day('2019年1月31日')).toBe('2019-01-31');
  });

  it('reports every bad cell of a row, in column order, with the column named', () => {
    const check = checkAssetRow('machinery', {
      name: '',
      quantity: '两台',
      unit: '台',
      purchaseDate: '2019-02-30',
      originalValue: '12.345',
      appraisalValue: '-1',
    });
    expect(check.errors).toEqual([
      '请填写设备名称',
      '数量须为不小于0的整数',
      '购置日期须为日期，如2024-05-01',
      '账面原值（元）须为不小于0的金额，最多两位小数',
      '评估值（元）须为不小于0的金额，最多两位小数',
    ]);
  });

  it('checks choices, text length, decimals and the vehicle identification number', () => {
    expect(
      checkAssetRow('house', { name: '办公楼', location: '北京', buildingArea: '1200.555' }).errors,
    ).toEqual(['建筑面积（平方米）须为不小于0的数，最多2位小数']);
    expect(
      checkAssetRow('house', { name: '办公楼', location: '北京', buildingArea: '1200.5', usage: '住房' })
        .errors,
    ).toEqual(['用途须为以下之一：住宅、商业、办公、工业、仓储、其他']);
    expect(checkAssetRow('other', { name: '旧'.repeat(101), quantity: 1, unit: '件' }).errors).toEqual([
      '资产名称不能超过100个字符',
    ]);
    expect(checkAssetRow('vehicle', { name: '轿车', vin: 'LSVAU033512345678' }).errors).toEqual([]);
    expect(checkAssetRow('vehicle', { name: '轿车', vin: 'lsvau033512345678' }).values.vin).toBe(
      'LSVAU033512345678',
    );
    expect(checkAssetRow('vehicle', { name: '轿车', vin: 'LSVAU0335I2345678' }).errors).toEqual([
      '车辆识别代号须为17位字母或数字（不含I、O、Q）',
    ]);
  });

  it('leaves out empty optional cells and ignores cells of unknown columns', () => {
    const check = checkAssetRow('other', {
      name: '杂项',
      quantity: '3',
      unit: '批',
      model: '  ',
      extra: 'x',
    });
    expect(check).toEqual({ errors: [], values: { name: '杂项', quantity: 3, unit: '批' } });
  });

  it('any amount in yuan with at most two decimals is stored as the same amount in fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (fen) => {
        const yuan = fenToYuan(fen);
        const check = checkAssetRow('other', { name: '杂项', quantity: 1, unit: '件', bookValue: yuan });
        expect(check.errors).toEqual([]);
        expect(check.values.bookValue).toBe(fen);
      }),
    );
  });

  it('a row of blanks is blank', () => {
    expect(isBlankSheetRow({ name: ' ', quantity: null, unit: undefined })).toBe(true);
    expect(isBlankSheetRow({ name: ' ', quantity: 0 })).toBe(false);
  });
});
