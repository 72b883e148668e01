// The dictionaries module answers the option lists of the forms: data dictionaries (flat or as a tree, narrowed
// by BF-6.1 for the signed-in company when the form names its business type), the GB/T 2260 regions, and the
// enterprise directory of the state-asset regulators (SH-7.5); and the exchange's settings kept as dictionary
// entries (the disclosure periods the project kinds read).
import {
  ASSET_SOURCE_SEARCH,
  filterDictionaryOptions,
  identityName,
  listCities,
  listProvinces,
  padRegionCode,
  readKindSettings,
  type DictionaryCode,
  type DictItem,
  type DictTreeNode,
  type EnterpriseDirectoryItem,
  type EnterpriseDirectorySearch,
  type KindSettings,
  type ZoningItem,
} from '@cqjy/domain';
import { listDistricts } from '@cqjy/domain/region-districts';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../../platform/auth.ts';
import type { UsersService } from '../users/service.ts';
import * as repo from './repo.ts';

export type DictionariesService = ReturnType<typeof createDictionariesService>;

export type DictQuery = {
  code: string;
  /** given (even empty) when the form asks for BF-6.1 filtering; the form's project business type */
  businessType?: string | undefined;
};

const DIRECTORY_LIMIT = 200;

/** SH-7.5: the asset source code behind each directory search value. */
const SEARCH_CODES = new Map<number, string>(
  Object.entries(ASSET_SOURCE_SEARCH).map(([code, search]) => [search, code]),
);

/** Entries whose parent is missing (retired, or filtered out) are shown at the top rather than lost. */
export function buildTree(items: readonly DictItem[]): DictTreeNode[] {
  const nodes = new Map<string, DictTreeNode>(items.map((item) => [item.key, { ...item, children: [] }]));
  const roots: DictTreeNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.key);
    if (node === undefined) continue;
    const parent = item.parentKey === null ? undefined : nodes.get(item.parentKey);
    if (parent === undefined || parent === node) roots.push(node);
    else parent.children.push(node);
  }
  return roots;
}

/** Six-digit codes of a province (xx0000) or a city (xxxx00); shorter forms are padded ('11' -> 110000). */
const REGION_CODE = /^\d{2}(?:\d{2}(?:\d{2})?)?$/;

export function createDictionariesService(deps: { db: Db; users: UsersService }) {
  const { db, users } = deps;

  async function list(session: SessionContext, query: DictQuery): Promise<DictItem[]> {
    const rows = await repo.listActiveEntries(db, query.code);
    if (query.businessType === undefined) return rows;
    const { permissionProject } = await users.getPermissions(session.operatorId, true);
    const identity = identityName(session.identityType);
    return filterDictionaryOptions(query.code, rows, {
      businessType: query.businessType === '' ? null : query.businessType,
      permissionProject,
      ...(identity === undefined ? {} : { identity }),
    });
  }

  /** The exchange's settings the project kinds read: the disclosure periods of the dictionary disclosurePeriod. */
  async function kindSettings(): Promise<KindSettings> {
    return readKindSettings(await repo.listActiveEntries(db, 'disclosurePeriod'));
  }

  /** The labels of the entries of some dictionaries: what a document shows for a stored key (the key if unknown). */
  async function labeler(
    codes: readonly DictionaryCode[],
  ): Promise<(code: DictionaryCode, key: string) => string> {
    const entries = await Promise.all(
      codes.map(async (code) => [code, await repo.listActiveEntries(db, code)] as const),
    );
    const labels = new Map(
      entries.flatMap(([code, rows]) => rows.map((row) => [`${code}/${row.key}`, row.label])),
    );
    return (code, key) => labels.get(`${code}/${key}`) ?? key;
  }

  async function tree(session: SessionContext, query: DictQuery): Promise<DictTreeNode[]> {
    return buildTree(await list(session, query));
  }

  /**
   * No parent: the provinces. A province: its cities (a municipality answers its 市辖区, SH-9.2). A city: its
   * counties. Anything else: nothing.
   */
  function listZoning(parentCode: string | undefined): ZoningItem[] {
    const citiesWithCounties = (code: string): ZoningItem[] =>
      listDistricts(code)
        .filter((district) => district.code !== code)
        .map((district) => ({ ...district, hasChildren: false }));
    if (parentCode === undefined) {
      return listProvinces().map((province) => ({ ...province, hasChildren: true }));
    }
    if (!REGION_CODE.test(parentCode)) return [];
    const code = padRegionCode(parentCode);
    if (code.endsWith('0000')) {
      return listCities(code).map((city) => ({
        ...city,
        hasChildren: citiesWithCounties(city.code).length > 0,
      }));
    }
    if (code.endsWith('00')) return citiesWithCounties(code);
    return [];
  }

  async function listSource(sourceCode: string, keyword?: string): Promise<EnterpriseDirectoryItem[]> {
    const rows = await repo.listDirectory(db, { searchCode: sourceCode, keyword, limit: DIRECTORY_LIMIT });
    return rows.map((row) => ({ name: row.name, creditCode: row.creditCode, sourceCode: row.searchCode }));
  }

  /** SH-7.5: search 1, 2 or 3 lists the enterprises of GWYGZWJG, BJSGZW or A02002001. */
  async function searchDirectory(
    search: EnterpriseDirectorySearch,
    keyword?: string,
  ): Promise<EnterpriseDirectoryItem[]> {
    const sourceCode = SEARCH_CODES.get(search);
    return sourceCode === undefined ? [] : listSource(sourceCode, keyword);
  }

  /** The keys of a dictionary's active entries: what a form may choose. */
  async function activeKeys(code: DictionaryCode): Promise<string[]> {
    return (await repo.listActiveEntries(db, code)).map((row) => row.key);
  }

  return { list, tree, kindSettings, labeler, activeKeys, listZoning, searchDirectory, listSource };
}
