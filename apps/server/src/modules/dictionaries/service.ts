// The dictionaries module answers the option lists of the forms: data dictionaries (flat or as a tree, narrowed
// by BF-6.1 for the signed-in company when the form names its business type), the GB/T 2260 regions, and the
// enterprise directory of the state-asset regulators (SH-7.5); and the exchange's rule parameters as in force on a
// day (the versions of 规则参数): the disclosure periods the project kinds read, the service-fee schedule.
import {
  ASSET_SOURCE_SEARCH,
  computeServiceFee,
  DISCLOSURE_PERIOD_LABELS,
  disclosureDaysOf,
  filterDictionaryOptions,
  formatDate,
  identityName,
  isDisclosurePeriodKey,
  isProjectFamily,
  kindSettingsOn,
  listCities,
  listProvinces,
  padRegionCode,
  resolveParameterVersion,
  RULE_PARAMETER_KEYS,
  stripWorkdays,
  type DictionaryCode,
  type DictItem,
  type DictTreeNode,
  type EnterpriseDirectoryItem,
  type EnterpriseDirectorySearch,
  type KindSettings,
  type RuleParameterKey,
  type RuleValues,
  type ServiceFee,
  type ZoningItem,
} from '@cqjy/domain';
import { listDistricts } from '@cqjy/domain/region-districts';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../../platform/auth.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
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

/** The dictionary whose entries name the disclosure periods; its answer says each period's days as in force. */
const DISCLOSURE_DICTIONARY = 'disclosurePeriod';

/** The disclosure periods' keys among the rule parameters. */
const DISCLOSURE_KEYS = RULE_PARAMETER_KEYS.filter(isDisclosurePeriodKey);

/** A service fee and the day the schedule it was counted by took effect ('' for the default schedule). */
export type ServiceFeeQuote = ServiceFee & { scheduleFrom: string };

export function createDictionariesService(deps: { db: Db; users: UsersService; clock?: Clock }) {
  const { db, users } = deps;
  const clock = deps.clock ?? systemClock;

  // The rule readers take the caller's transaction when there is one (`executor`): another module reading a rule
  // inside its own transaction must read through it — on the embedded database a query outside an open transaction
  // waits for it to end, so reading through `db` there would wait forever.

  /** The version of a rule parameter in force at `at` (its +08:00 day): its value and day (null: the default). */
  async function ruleVersion<K extends RuleParameterKey>(
    key: K,
    at: Date = clock.now(),
    executor: Db = db,
  ): Promise<{ value: RuleValues[K]; effectiveFrom: string | null }> {
    return resolveParameterVersion(await repo.listVersions(executor, [key]), key, formatDate(at));
  }

  /** The value of a rule parameter in force at `at`: the latest version effective on its day, else the default. */
  async function ruleValue<K extends RuleParameterKey>(
    key: K,
    at: Date = clock.now(),
    executor: Db = db,
  ): Promise<RuleValues[K]> {
    return (await ruleVersion(key, at, executor)).value;
  }

  /**
   * The exchange's settings the project kinds read, as in force at `at`: the disclosure periods of 规则参数. A
   * submission's rule check asks for the moment of the submission (the default, now); what was submitted earlier
   * carries its own days and is never checked again.
   */
  async function kindSettings(at: Date = clock.now(), executor: Db = db): Promise<KindSettings> {
    return kindSettingsOn(await repo.listVersions(executor, DISCLOSURE_KEYS), formatDate(at));
  }

  /**
   * The service fee of a deal of `family` for `amountFen`, by the schedule in force on `day` (YYYY-MM-DD); undefined
   * for a family the schedule does not bill. Inside a transaction, pass it as `executor`.
   */
  async function serviceFeeQuote(
    family: string,
    amountFen: number,
    day: string,
    executor: Db = db,
  ): Promise<ServiceFeeQuote | undefined> {
    if (!isProjectFamily(family)) return undefined;
    const versions = await repo.listVersions(executor, ['serviceFee']);
    const schedule = resolveParameterVersion(versions, 'serviceFee', day);
    return {
      ...computeServiceFee(schedule.value, family, amountFen),
      scheduleFrom: schedule.effectiveFrom ?? '',
    };
  }

  /**
   * The disclosure periods' entries say their rule with the working days in force today (产权转让正式信息披露期（20个
   * 工作日）): the forms read their hints and checks from this answer, so they follow 规则参数 as the server does.
   */
  async function withPeriodDays(rows: repo.EntryRow[]): Promise<repo.EntryRow[]> {
    const settings = await kindSettings();
    return rows.map((row) => {
      if (!isDisclosurePeriodKey(row.key)) return row;
      const name = stripWorkdays(row.label) || DISCLOSURE_PERIOD_LABELS[row.key];
      return { ...row, label: `${name}（${disclosureDaysOf(settings, row.key)}个工作日）` };
    });
  }

  async function list(session: SessionContext, query: DictQuery): Promise<DictItem[]> {
    const active = await repo.listActiveEntries(db, query.code);
    const rows = query.code === DISCLOSURE_DICTIONARY ? await withPeriodDays(active) : active;
    if (query.businessType === undefined) return rows;
    const { permissionProject } = await users.getPermissions(session.operatorId, true);
    const identity = identityName(session.identityType);
    return filterDictionaryOptions(query.code, rows, {
      businessType: query.businessType === '' ? null : query.businessType,
      permissionProject,
      ...(identity === undefined ? {} : { identity }),
    });
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

  return {
    list,
    tree,
    kindSettings,
    ruleValue,
    ruleVersion,
    serviceFeeQuote,
    labeler,
    activeKeys,
    listZoning,
    searchDirectory,
    listSource,
  };
}
