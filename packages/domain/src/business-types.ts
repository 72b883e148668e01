// Project business types. The order of this list is the API contract: the permissions call answers
// permissionProject as one entry per type in exactly this order, so permissionProject[i] belongs to
// BUSINESS_TYPES[i] (key String(i + 1)) and the shell reads index 4 for the small-lot ledger (SH-4.14).
import type { ProjectPermission } from './api.ts';

export const BUSINESS_TYPES = [
  { key: '1', label: '产权转让' },
  { key: '2', label: '实物资产' },
  { key: '3', label: '增资扩股' },
  { key: '4', label: '股权转让' },
  { key: '5', label: '小宗实物' },
  { key: '6', label: '机动车处置' },
  { key: '7', label: '抵质押资产' },
  { key: '8', label: '私募股权' },
  { key: '9', label: '综合类' },
  { key: '10', label: '拍卖' },
  { key: '11', label: '土地资产' },
  { key: '12', label: '其他' },
] as const;

export type BusinessTypeKey = (typeof BUSINESS_TYPES)[number]['key'];

export function isBusinessTypeKey(value: unknown): value is BusinessTypeKey {
  return BUSINESS_TYPES.some((type) => type.key === value);
}

/** The small-lot type (小宗实物) whose asset types open the ledger menu. */
export const SMALL_LOT_BUSINESS_TYPE: BusinessTypeKey = '5';

/**
 * Stored project permissions in the contract order: one entry per business type, an empty asset-type list for
 * a type the company holds nothing of. Unknown types in the stored data are dropped.
 */
export function orderProjectPermissions(stored: readonly ProjectPermission[]): ProjectPermission[] {
  const byType = new Map(stored.map((entry) => [entry.businessType, entry.projectAssetType]));
  return BUSINESS_TYPES.map(({ key }) => ({
    businessType: key,
    // Stored data may carry null where the type says a list.
    projectAssetType: [...((byType.get(key) as readonly string[] | null | undefined) ?? [])],
  }));
}
