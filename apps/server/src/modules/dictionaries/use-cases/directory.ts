// The enterprise directory of the state-asset regulators (SH-7.5).
import {
  ASSET_SOURCE_SEARCH,
  type EnterpriseDirectoryItem,
  type EnterpriseDirectorySearch,
} from '@cqjy/domain';
import type { DictionariesDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const DIRECTORY_LIMIT = 200;

/** SH-7.5: the asset source code behind each directory search value. */
const SEARCH_CODES = new Map<number, string>(
  Object.entries(ASSET_SOURCE_SEARCH).map(([code, search]) => [search, code]),
);

export async function listSource(
  { db }: DictionariesDeps,
  sourceCode: string,
  keyword?: string,
): Promise<EnterpriseDirectoryItem[]> {
  const rows = await repo.listDirectory(db, { searchCode: sourceCode, keyword, limit: DIRECTORY_LIMIT });
  return rows.map((row) => ({ name: row.name, creditCode: row.creditCode, sourceCode: row.searchCode }));
}

/** SH-7.5: search 1, 2 or 3 lists the enterprises of GWYGZWJG, BJSGZW or A02002001. */
export async function searchDirectory(
  deps: DictionariesDeps,
  search: EnterpriseDirectorySearch,
  keyword?: string,
): Promise<EnterpriseDirectoryItem[]> {
  const sourceCode = SEARCH_CODES.get(search);
  return sourceCode === undefined ? [] : listSource(deps, sourceCode, keyword);
}
