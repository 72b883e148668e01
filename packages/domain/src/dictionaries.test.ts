import { describe, expect, it } from 'vitest';
import type { ProjectPermission } from './api.ts';
import { DICTIONARIES, filterBusinessTypeOptions, filterDictionaryOptions } from './dictionaries.ts';

type Option = { key: string; value: string };
const optionsOf = (...keys: (string | number)[]): Option[] =>
  keys.map((key) => ({ key: String(key), value: `项${key}` }));
const keysOf = (options: readonly { key: string | number }[]): string[] =>
  options.map((option) => String(option.key));

const ALL_TYPES = optionsOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
const ASSET_TYPES = optionsOf(1, 2, 3, 4, 5, 10);

/** permissionProject in contract order; `held` maps a business type to its asset types. */
const permissions = (held: Record<number, string[]>): ProjectPermission[] =>
  Array.from({ length: 11 }, (_, index) => ({
    businessType: String(index + 1),
    projectAssetType: held[index + 1] ?? [],
  }));
const FULL = permissions(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i + 1, ['1', '2']])));

describe('business-type options (BF-6.1)', () => {
  it('never offers key 12', () => {
    expect(
      keysOf(filterBusinessTypeOptions(ALL_TYPES, { permissionProject: FULL, identity: 'member' })),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('removes 3 and 10 without permission for type 1 or type 2, keeps them with either', () => {
    const none = filterBusinessTypeOptions(ALL_TYPES, { permissionProject: permissions({ 4: ['1'] }) });
    expect(keysOf(none)).toEqual(['1', '2', '4', '5', '6', '7', '8', '9', '11']);
    expect(
      keysOf(filterBusinessTypeOptions(ALL_TYPES, { permissionProject: permissions({ 1: ['2'] }) })),
    ).toContain('3');
    expect(
      keysOf(filterBusinessTypeOptions(ALL_TYPES, { permissionProject: permissions({ 2: ['1'] }) })),
    ).toContain('10');
    expect(keysOf(filterBusinessTypeOptions(ALL_TYPES, {}))).not.toContain('3');
  });

  it('keeps only keys 1 and 0 for transferors', () => {
    const withAll = [{ key: 0, value: '全部' }, ...ALL_TYPES];
    expect(
      keysOf(filterBusinessTypeOptions(withAll, { permissionProject: FULL, identity: 'transferor' })),
    ).toEqual(['0', '1']);
    expect(
      keysOf(filterBusinessTypeOptions(withAll, { permissionProject: FULL, identity: 'admin' })),
    ).toContain('5');
  });

  it('is what filterDictionaryOptions gives for the businessType dictionary, and leaves its input alone', () => {
    const input = [...ALL_TYPES];
    expect(
      filterDictionaryOptions('businessType', input, { permissionProject: FULL, businessType: 11 }),
    ).toEqual(filterBusinessTypeOptions(input, { permissionProject: FULL }));
    expect(input).toEqual(ALL_TYPES);
  });
});

describe('asset-type options (BF-6.1)', () => {
  it('leaves only key 5 for business type 1 without asset type 1', () => {
    const context = { businessType: 1, permissionProject: permissions({ 1: ['2'] }) };
    expect(keysOf(filterDictionaryOptions('projectAssetType', ASSET_TYPES, context))).toEqual(['5']);
    expect(keysOf(filterDictionaryOptions('projectAssetType', ASSET_TYPES, { businessType: '1' }))).toEqual([
      '5',
    ]);
  });

  it('removes key 10 for business type 2 without asset type 1', () => {
    const context = { businessType: '2', permissionProject: permissions({ 2: ['3'] }) };
    expect(keysOf(filterDictionaryOptions('projectAssetType', ASSET_TYPES, context))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('keeps every option with asset type 1, and for other business types', () => {
    expect(
      filterDictionaryOptions('projectAssetType', ASSET_TYPES, { businessType: 1, permissionProject: FULL }),
    ).toEqual(ASSET_TYPES);
    expect(
      filterDictionaryOptions('projectAssetType', ASSET_TYPES, { businessType: 2, permissionProject: FULL }),
    ).toEqual(ASSET_TYPES);
    expect(filterDictionaryOptions('projectAssetType', ASSET_TYPES, { businessType: 4 })).toEqual(
      ASSET_TYPES,
    );
  });

  it('reads the permission of the form’s own business type', () => {
    // asset type 1 held for type 2 only: type 1 is still restricted
    const context = { businessType: 1, permissionProject: permissions({ 2: ['1'] }) };
    expect(keysOf(filterDictionaryOptions('projectAssetType', ASSET_TYPES, context))).toEqual(['5']);
  });
});

describe('other dictionaries (BF-6.1)', () => {
  it('are empty for business type 11 and whole otherwise', () => {
    const currencies = optionsOf(1, 2, 3);
    for (const code of Object.keys(DICTIONARIES).filter(
      (code) => code !== 'businessType' && code !== 'projectAssetType',
    )) {
      expect(filterDictionaryOptions(code, currencies, { businessType: 11 }), code).toEqual([]);
      expect(filterDictionaryOptions(code, currencies, { businessType: '11' }), code).toEqual([]);
    }
    expect(filterDictionaryOptions('currency', currencies, { businessType: 1 })).toEqual(currencies);
    expect(filterDictionaryOptions('currency', currencies)).toEqual(currencies);
    expect(filterDictionaryOptions('projectAssetType', ASSET_TYPES, { businessType: 11 })).toEqual(
      ASSET_TYPES,
    );
  });
});
