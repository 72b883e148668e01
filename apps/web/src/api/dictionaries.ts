// Option lists of the forms (spec 000 section 7, Shared; SH-7.5): data dictionaries, regions and the state-asset
// enterprise directories, each as a fetcher and a queryOptions so widgets share one cache entry per list.
import { queryOptions } from '@tanstack/react-query';
import type { DictItem, DictTreeNode, EnterpriseDirectoryItem, ZoningItem } from '@cqjy/domain/api';
import {
  assetSourceCall,
  dictCodeListCall,
  dictListCall,
  dictTreeCall,
  enterpriseDirectoryCall,
  zoningCall,
} from '@cqjy/domain/contracts/dictionaries';
import { enterpriseDirectorySearch } from '@cqjy/domain/regions';
import type { EnterpriseDirectorySearch } from '@cqjy/domain/regions';
import { fetchData } from '../lib/call.ts';

// Option lists change only when an administrator edits a dictionary: a page visit may reuse them.
const OPTIONS_STALE_MS = 10 * 60_000;

/** GET /api/app/dict/data/list/{code}: the entries in order. */
export function fetchDictList(code: string): Promise<DictItem[]> {
  return fetchData(dictListCall, { params: { code }, query: {} });
}

/** GET /api/app/dict/data/list/{code}/tree: the entries nested by parentKey. */
export function fetchDictTree(code: string): Promise<DictTreeNode[]> {
  return fetchData(dictTreeCall, { params: { code }, query: {} });
}

/** GET /api/app/dict/data/{code}/list: the entries filtered for the company's project permissions (BF-6.1). */
export function fetchFilteredDictList(code: string, businessType: string): Promise<DictItem[]> {
  return fetchData(dictCodeListCall, { params: { code }, query: { businessType } });
}

/** POST /api/app/getZoningDict: provinces without a parent, else the parent's cities (or a city's counties). */
export function fetchZoning(parentCode?: string): Promise<ZoningItem[]> {
  return fetchData(zoningCall, { body: parentCode ? { parentCode } : {} });
}

/** POST /api/app/enterprise/directory (SH-7.5: 1 国务院国资委, 2 北京市国资委, 3 财政部). */
export function fetchEnterpriseDirectory(
  search: EnterpriseDirectorySearch,
  keyword?: string,
): Promise<EnterpriseDirectoryItem[]> {
  return fetchData(enterpriseDirectoryCall, { body: keyword ? { search, keyword } : { search } });
}

/** GET /api/project/asset/source/{code}: the enterprises of any other asset source code. */
export function fetchAssetSource(code: string): Promise<EnterpriseDirectoryItem[]> {
  return fetchData(assetSourceCall, { params: { code } });
}

/** SH-7.5: the directory call for the three coded sources, the asset-source call for every other code. */
export function fetchEnterprisesBySource(code: string): Promise<EnterpriseDirectoryItem[]> {
  const search = enterpriseDirectorySearch(code);
  return search === undefined ? fetchAssetSource(code) : fetchEnterpriseDirectory(search);
}

export const dictTreeQuery = (code: string) =>
  queryOptions({
    queryKey: ['dict', 'tree', code],
    queryFn: () => fetchDictTree(code),
    staleTime: OPTIONS_STALE_MS,
  });

export const dictListQuery = (code: string) =>
  queryOptions({
    queryKey: ['dict', 'list', code],
    queryFn: () => fetchDictList(code),
    staleTime: OPTIONS_STALE_MS,
  });

export const zoningQuery = (parentCode?: string) =>
  queryOptions({
    queryKey: ['zoning', parentCode ?? ''],
    queryFn: () => fetchZoning(parentCode),
    staleTime: OPTIONS_STALE_MS,
  });

export const enterpriseDirectoryQuery = (search: EnterpriseDirectorySearch) =>
  queryOptions({
    queryKey: ['enterprise-directory', search],
    queryFn: () => fetchEnterpriseDirectory(search),
    staleTime: OPTIONS_STALE_MS,
  });
