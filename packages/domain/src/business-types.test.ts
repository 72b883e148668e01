import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES, orderProjectPermissions, SMALL_LOT_BUSINESS_TYPE } from './business-types.ts';
import { hasLedgerPermission } from './menus.ts';

describe('business types', () => {
  it('numbers the types 1..12 in order, small-lot at index 4', () => {
    expect(BUSINESS_TYPES.map((t) => t.key)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(BUSINESS_TYPES[4]).toEqual({ key: SMALL_LOT_BUSINESS_TYPE, label: '小宗实物' });
  });

  it('orders stored permissions by type and fills the missing ones with no asset type', () => {
    const ordered = orderProjectPermissions([
      { businessType: '5', projectAssetType: ['1'] },
      { businessType: '1', projectAssetType: ['1', '2'] },
      { businessType: '99', projectAssetType: ['1'] },
    ]);
    expect(ordered).toHaveLength(12);
    expect(ordered.map((p) => p.businessType)).toEqual(BUSINESS_TYPES.map((t) => t.key));
    expect(ordered[0]).toEqual({ businessType: '1', projectAssetType: ['1', '2'] });
    expect(ordered[1]).toEqual({ businessType: '2', projectAssetType: [] });
    expect(ordered[4]).toEqual({ businessType: '5', projectAssetType: ['1'] });
    expect(hasLedgerPermission(ordered)).toBe(true);
    expect(hasLedgerPermission(orderProjectPermissions([]))).toBe(false);
  });

  it('reads a null asset-type list from stored data as empty', () => {
    const stored = [{ businessType: '5', projectAssetType: null as unknown as string[] }];
    expect(orderProjectPermissions(stored)[4]).toEqual({ businessType: '5', projectAssetType: [] });
  });
});
