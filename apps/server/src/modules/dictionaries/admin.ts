// 数据字典 as the exchange maintains it (GJS_SYSTEM_DICT_ADMIN: the exchange's admin and the operations admin). The
// dictionaries are shared reference data, so there is no company scope: whoever holds the code maintains every one.
//   - Entries: added with a key unique within their dictionary; afterwards only the name, order, status and remark
//     change — the key never does, since records carry it — and an entry is retired (停用), never deleted. The
//     entries of a dictionary naming rule parameters (disclosurePeriod) are neither added nor retired, and their
//     names say no working days: the days are the parameters'.
//   - Rule parameters: a change is a new version effective from a day, today or later, so no rule already applied is
//     rewritten. One version per key and day: a second one on the same day replaces it while that day is still to
//     come, and is refused once the day has begun; a version still to come may be withdrawn.
// Every change is audited in its transaction.
import {
  checkRuleBackedLabel,
  DICT_STATUS,
  findRuleParameter,
  formatDate,
  formatMessage,
  isCalendarDate,
  MSG,
  resolveParameterVersion,
  RULE_BACKED_DICTIONARIES,
  RULE_PARAMETER_GROUPS,
  RULE_PARAMETERS,
  ruleBackedMessage,
  sandboxSpeedRefusal,
  type DictDataRow,
  type DictTypeRow,
  type RuleList,
  type RuleParameterView,
  type RuleVersionView,
} from '@cqjy/domain';
import { toAuditActor, type AuditActor } from '../../platform/audit.ts';
import { notFound, refused } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';

export type DictionariesAdmin = ReturnType<typeof createDictionariesAdmin>;

/** Who changes: the signed-in operator and where the call came from. */
export type AdminActor = AuditActor & { userId: number };

export type EntryInput = {
  code: string;
  key: string;
  label: string;
  parentKey?: string | null | undefined;
  sort: number;
  remark?: string | null | undefined;
};

export type EntryUpdate = { label: string; sort: number; status: 0 | 1; remark?: string | null | undefined };

export type RuleInput = {
  key: string;
  value: unknown;
  effectiveFrom: string;
  note?: string | null | undefined;
};

function toDataRow(row: repo.DataRow, labels: ReadonlyMap<string, string>): DictDataRow {
  return {
    id: row.id,
    typeCode: row.typeCode,
    key: row.key,
    label: row.label,
    parentKey: row.parentKey,
    parentLabel: row.parentKey === null ? null : (labels.get(row.parentKey) ?? ''),
    sort: row.sort,
    status: row.status,
    remark: row.remark,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** JSON with the keys in one order: two values the schema parsed compare equal when they say the same. */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function createDictionariesAdmin(
  deps: Pick<PlatformDeps, 'db' | 'clock' | 'config'> & { audit: AuditService },
) {
  const { db, audit, clock } = deps;
  const { isProduction } = deps.config;

  const today = (): string => formatDate(clock.now());

  async function findTypeOrFail(code: string) {
    const type = await repo.findType(db, code);
    if (type === undefined) throw notFound();
    return type;
  }

  /** Every dictionary in its order with how many entries it has (and how many are in use). */
  async function listTypes(keyword?: string): Promise<DictTypeRow[]> {
    const needle = keyword?.trim().toLowerCase() ?? '';
    return (await repo.listTypesWithCounts(db))
      .filter(
        (type) =>
          needle === '' ||
          type.code.toLowerCase().includes(needle) ||
          type.name.toLowerCase().includes(needle),
      )
      .map((type) => ({
        code: type.code,
        name: type.name,
        remark: type.remark,
        sort: type.sort,
        status: type.status,
        itemCount: type.itemCount,
        activeCount: type.activeCount,
        isRuleBacked: RULE_BACKED_DICTIONARIES.includes(type.code),
      }));
  }

  /** A dictionary's entries, retired ones included, in order; the keyword narrows by key, name or remark. */
  async function listData(code: string, keyword?: string): Promise<DictDataRow[]> {
    await findTypeOrFail(code);
    const all = await repo.listEntries(db, code);
    const labels = new Map(all.map((row) => [row.key, row.label]));
    const rows = keyword === undefined || keyword === '' ? all : await repo.listEntries(db, code, keyword);
    return rows.map((row) => toDataRow(row, labels));
  }

  async function saveData(actor: AdminActor, input: EntryInput): Promise<DictDataRow> {
    const type = await findTypeOrFail(input.code);
    if (RULE_BACKED_DICTIONARIES.includes(type.code)) {
      throw refused(ruleBackedMessage(MSG.dictRuleBackedAdd, type.name));
    }
    const parentKey = input.parentKey === undefined || input.parentKey === '' ? null : input.parentKey;
    if (parentKey === input.key) throw refused(MSG.dictParentSelf);
    return db.transaction(async (tx) => {
      if (parentKey !== null && (await repo.findEntryByKey(tx, type.code, parentKey)) === undefined) {
        throw refused(formatMessage(MSG.dictParentMissing, { key: parentKey }));
      }
      const row = await repo.insertEntry(tx, {
        typeCode: type.code,
        key: input.key,
        label: input.label,
        parentKey,
        sort: input.sort,
        status: DICT_STATUS.active,
        remark: input.remark ?? null,
      });
      if (row === undefined) throw refused(formatMessage(MSG.dictKeyTaken, { key: input.key }));
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'dict.data.save',
        result: 'ok',
        target: `${type.code}/${row.key}`,
        detail: { id: row.id, label: row.label, parentKey, sort: row.sort },
      });
      const labels = new Map(
        (await repo.listEntries(tx, type.code)).map((entry) => [entry.key, entry.label]),
      );
      return toDataRow(row, labels);
    });
  }

  async function updateData(actor: AdminActor, id: number, input: EntryUpdate): Promise<DictDataRow> {
    const entry = await repo.findEntry(db, id);
    if (entry === undefined) throw notFound();
    const type = await findTypeOrFail(entry.typeCode);
    const labelRefusal = checkRuleBackedLabel(type.code, input.label);
    if (labelRefusal !== null) throw refused(labelRefusal);
    if (RULE_BACKED_DICTIONARIES.includes(type.code) && input.status !== DICT_STATUS.active) {
      throw refused(ruleBackedMessage(MSG.dictRuleBackedRetire, type.name));
    }
    const patch = {
      label: input.label,
      sort: input.sort,
      status: input.status,
      remark: input.remark ?? null,
    };
    return db.transaction(async (tx) => {
      const row = await repo.updateEntry(tx, entry.id, patch);
      if (row === undefined) throw notFound();
      const before = { label: entry.label, sort: entry.sort, status: entry.status, remark: entry.remark };
      const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => before[k] !== patch[k]);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'dict.data.update',
        result: 'ok',
        target: `${type.code}/${entry.key}`,
        detail: {
          id: entry.id,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, patch[k]])),
        },
      });
      const labels = new Map((await repo.listEntries(tx, type.code)).map((e) => [e.key, e.label]));
      return toDataRow(row, labels);
    });
  }

  function toVersionView(row: repo.VersionRow, day: string, currentFrom: string | null): RuleVersionView {
    return {
      id: row.id,
      value: row.value,
      effectiveFrom: row.effectiveFrom,
      note: row.note,
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
      state: row.effectiveFrom > day ? 'scheduled' : row.effectiveFrom === currentFrom ? 'current' : 'past',
    };
  }

  /** Every parameter: its definition, the value in force today, its versions and the next one scheduled. */
  async function listRules(): Promise<RuleList> {
    const day = today();
    const all = await repo.listVersions(db);
    const list = RULE_PARAMETERS.map((def): RuleParameterView => {
      const rows = all.filter((row) => row.key === def.key);
      const current = resolveParameterVersion(rows, def.key, day);
      const versions = rows.map((row) => toVersionView(row, day, current.effectiveFrom));
      const scheduled = versions.filter((version) => version.state === 'scheduled');
      return {
        key: def.key,
        kind: def.kind,
        name: def.name,
        group: def.group,
        groupLabel: RULE_PARAMETER_GROUPS[def.group],
        unit: def.unit,
        description: def.description,
        min: def.kind === 'feeSchedule' ? null : def.min,
        max: def.kind === 'feeSchedule' ? null : def.max,
        defaultValue: def.defaultValue,
        current,
        // versions run latest day first: the next one to take effect is the last scheduled
        next: scheduled.at(-1) ?? null,
        versions,
      };
    });
    return { today: day, list };
  }

  /** A new version of a parameter from its day; answers the day it takes effect. */
  async function saveRule(
    actor: AdminActor,
    input: RuleInput,
  ): Promise<{ key: string; effectiveFrom: string }> {
    const def = findRuleParameter(input.key);
    if (def === undefined) throw refused(MSG.dictRuleUnknown);
    const parsed = def.schema.safeParse(input.value);
    if (!parsed.success) throw refused(parsed.error.issues[0]?.message ?? MSG.dictRuleFeeInvalid);
    const value: unknown = parsed.data;
    // a sandbox's clock is never sped up where the exchange runs for real
    const sandbox = def.key === 'sandboxSpeed' ? sandboxSpeedRefusal(isProduction, Number(value)) : null;
    if (sandbox !== null) throw refused(sandbox);
    const day = input.effectiveFrom;
    if (!isCalendarDate(day)) throw refused(MSG.dictRuleDayInvalid);
    const now = clock.now();
    const todayNow = formatDate(now);
    if (day < todayNow) throw refused(formatMessage(MSG.dictRuleDayPast, { today: todayNow }));
    return db.transaction(async (tx) => {
      const existing = await repo.findVersionForUpdate(tx, def.key, day);
      if (existing !== undefined && day <= todayNow) {
        throw refused(formatMessage(MSG.dictRuleDayTaken, { day }));
      }
      if (existing === undefined) {
        // a version saying what is already in force that day would change nothing
        const inForce = resolveParameterVersion(await repo.listVersions(tx, [def.key]), def.key, day);
        if (sameValue(inForce.value, value)) throw refused(formatMessage(MSG.dictRuleUnchanged, { day }));
      }
      const saved = await repo.upsertVersion(
        tx,
        {
          key: def.key,
          value,
          effectiveFrom: day,
          note: input.note ?? null,
          createdBy: actor.userId,
          createdAt: now,
        },
        todayNow,
      );
      if (saved === undefined) throw refused(formatMessage(MSG.dictRuleDayTaken, { day }));
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'dict.rule.save',
        result: 'ok',
        target: def.key,
        detail: {
          effectiveFrom: day,
          value,
          ...(existing === undefined ? {} : { replaced: existing.value }),
          ...(input.note === undefined || input.note === null ? {} : { note: input.note }),
        },
      });
      return { key: def.key, effectiveFrom: day };
    });
  }

  /** Withdraws a version still to take effect. */
  async function cancelRule(
    actor: AdminActor,
    input: { key: string; effectiveFrom: string },
  ): Promise<{ key: string; effectiveFrom: string }> {
    const def = findRuleParameter(input.key);
    if (def === undefined) throw refused(MSG.dictRuleUnknown);
    if (!isCalendarDate(input.effectiveFrom)) throw refused(MSG.dictRuleDayInvalid);
    return db.transaction(async (tx) => {
      const removed = await repo.deleteScheduledVersion(tx, def.key, input.effectiveFrom, today());
      if (removed === undefined) throw refused(MSG.dictRuleNotScheduled);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'dict.rule.cancel',
        result: 'ok',
        target: def.key,
        detail: { effectiveFrom: removed.effectiveFrom, value: removed.value },
      });
      return { key: def.key, effectiveFrom: removed.effectiveFrom };
    });
  }

  return { listTypes, listData, saveData, updateData, listRules, saveRule, cancelRule };
}
