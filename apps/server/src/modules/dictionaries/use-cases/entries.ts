// The data dictionaries' entries: flat or as a tree, narrowed by BF-6.1 for the signed-in company when the form
// names its business type; the labels a document shows for stored keys; the keys a form may choose.
import {
  DISCLOSURE_PERIOD_LABELS,
  disclosureDaysOf,
  filterDictionaryOptions,
  identityName,
  isDisclosurePeriodKey,
  stripWorkdays,
  type DictionaryCode,
  type DictItem,
  type DictTreeNode,
} from '@cqjy/domain';
import type { SessionContext } from '../../../platform/auth.ts';
import type { DictionariesDeps, DictQuery } from '../deps.ts';
import * as repo from '../repo.ts';
import type { Db } from '../../../db/client.ts';
import { kindSettings } from './rules.ts';

/** The dictionary whose entries name the disclosure periods; its answer says each period's days as in force. */
const DISCLOSURE_DICTIONARY = 'disclosurePeriod';

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

/**
 * The disclosure periods' entries say their rule with the working days in force today (产权转让正式信息披露期（20个
 * 工作日）): the forms read their hints and checks from this answer, so they follow 规则参数 as the server does.
 */
async function withPeriodDays(deps: DictionariesDeps, rows: repo.EntryRow[]): Promise<repo.EntryRow[]> {
  const settings = await kindSettings(deps);
  return rows.map((row) => {
    if (!isDisclosurePeriodKey(row.key)) return row;
    const name = stripWorkdays(row.label) || DISCLOSURE_PERIOD_LABELS[row.key];
    return { ...row, label: `${name}（${disclosureDaysOf(settings, row.key)}个工作日）` };
  });
}

export async function listEntries(
  deps: DictionariesDeps,
  session: SessionContext,
  query: DictQuery,
): Promise<DictItem[]> {
  const { db, users } = deps;
  const active = await repo.listActiveEntries(db, query.code);
  const rows = query.code === DISCLOSURE_DICTIONARY ? await withPeriodDays(deps, active) : active;
  if (query.businessType === undefined) return rows;
  const { permissionProject } = await users.getPermissions(session.operatorId, true);
  const identity = identityName(session.identityType);
  return filterDictionaryOptions(query.code, rows, {
    businessType: query.businessType === '' ? null : query.businessType,
    permissionProject,
    ...(identity === undefined ? {} : { identity }),
  });
}

export async function entryTree(
  deps: DictionariesDeps,
  session: SessionContext,
  query: DictQuery,
): Promise<DictTreeNode[]> {
  return buildTree(await listEntries(deps, session, query));
}

/** The labels of the entries of some dictionaries: what a document shows for a stored key (the key if unknown). */
export async function labeler(
  { db }: DictionariesDeps,
  codes: readonly DictionaryCode[],
  executor: Db = db,
): Promise<(code: DictionaryCode, key: string) => string> {
  const entries = await Promise.all(
    codes.map(async (code) => [code, await repo.listActiveEntries(executor, code)] as const),
  );
  const labels = new Map(
    entries.flatMap(([code, rows]) => rows.map((row) => [`${code}/${row.key}`, row.label])),
  );
  return (code, key) => labels.get(`${code}/${key}`) ?? key;
}

/** The keys of a dictionary's active entries: what a form may choose. */
export async function activeKeys({ db }: DictionariesDeps, code: DictionaryCode): Promise<string[]> {
  return (await repo.listActiveEntries(db, code)).map((row) => row.key);
}
