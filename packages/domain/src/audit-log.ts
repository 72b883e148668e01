// 操作日志 (spec 000 section 2: logs, GJS_WORKLOG_LT; the exchange's GJS_WORKLOG_LT_ADMIN). The server appends a
// row to the audit log for every change (apps/server/src/modules/audit): an action code (`registry.create`,
// `login` ...), its result, who, which company, from where, and a detail object. The page reads them back with the
// action's Chinese name, the operator's and the company's names, and the detail as lines of text: each changed
// field as 名称：旧值 → 新值, every other fact as 名称：值 (describeAuditDetail), never the raw object. The labels
// (audit-log-labels.ts) cover every code the server writes (a server test scans its modules for them); an unknown
// code shows as itself, so a row written by a newer server is never hidden.
import { z } from 'zod';
import { auditDetailLabel } from './audit-log-labels.ts';
import { formatDateTime, formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import { clipText } from './notifications.ts';
import { findRegistry } from './registries/index.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { FAMILIES } from './workflow/families.ts';
import { PROJECT_STATUS_LABELS } from './workflow/statuses.ts';

// The labels, reached from here as ever.
export * from './audit-log-labels.ts';

/**
 * A changed field whose old and new value a row keeps under two keys of the detail, named by the action that
 * writes it (the rows that keep `before` and `after`, or `previous` beside the new values, need no entry: those
 * read the same way for every action). `values` names the codes the two values may be.
 */
type AuditChange = {
  label: string;
  from: string;
  to: string;
  values?: Readonly<Record<string, string>>;
};

const AUDIT_CHANGES: Readonly<Record<string, readonly AuditChange[]>> = {
  'project.otcUpdate': [{ label: '项目状态', from: 'from', to: 'to', values: PROJECT_STATUS_LABELS }],
  'phone.update': [{ label: '手机号', from: 'from', to: 'to' }],
  'operator.main.change': [{ label: '主操作员', from: 'from', to: 'to' }],
  'account.setup': [{ label: '用户名', from: 'previous', to: 'username' }],
  'dict.rule.save': [{ label: '参数值', from: 'replaced', to: 'value' }],
  // the export's filters: the range of days it was narrowed to
  'logs.export': [{ label: '时间范围', from: 'from', to: 'to' }],
};

/** One line of a row's 详情: a fact (label：value), or a changed field (label：old → new). */
export type AuditFact =
  | { kind: 'fact'; label: string; value: string }
  | { kind: 'change'; label: string; from: string; to: string };

/** The longest detail text a row carries: the list is a table, and a snapshot of a form may be long. */
export const AUDIT_DETAIL_MAX = 300;

/** What a value that is not there reads as, on either side of a change. */
const NONE = '—';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;
/** A digest shows as its first 16 hex characters, as the portal's verification codes do. */
const DIGEST_SHOWN = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A value as text: codes by their titles, instants in +08:00, digests cut, lists and records without braces. */
function auditValue(key: string, value: unknown, values?: Readonly<Record<string, string>>): string {
  if (isBlank(value)) return NONE;
  if (typeof value === 'string') {
    if (values !== undefined && Object.hasOwn(values, value)) return values[value] ?? value;
    // the codes a detail names by key read as their titles: 实物资产, 企业客户
    if (key === 'family' && Object.hasOwn(FAMILIES, value))
      return FAMILIES[value as keyof typeof FAMILIES].title;
    if (key === 'registry') return findRegistry(value)?.title ?? value;
    if (ISO_INSTANT.test(value)) return formatDateTime(value) || value;
    if (SHA256_HEX.test(value)) return `${value.slice(0, DIGEST_SHOWN)}…`;
    return value;
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '无';
    return value
      .map((item) => (isPlainObject(item) ? `（${auditValue(key, item)}）` : auditValue(key, item)))
      .join('、');
  }
  if (isPlainObject(value)) {
    return Object.entries(value)
      .filter(([, inner]) => !isBlank(inner))
      .map(([inner, item]) => `${auditDetailLabel(inner)}：${auditValue(inner, item)}`)
      .join('，');
  }
  return String(value);
}

function clipFact(fact: AuditFact): AuditFact {
  return fact.kind === 'fact'
    ? { ...fact, value: clipText(fact.value, AUDIT_DETAIL_MAX) }
    : { ...fact, from: clipText(fact.from, AUDIT_DETAIL_MAX), to: clipText(fact.to, AUDIT_DETAIL_MAX) };
}

function change(label: string, from: string, to: string): AuditFact {
  return { kind: 'change', label, from, to };
}

/**
 * The keys under which a row keeps a whole record (a form's fields, a snapshot of what was submitted, an export's
 * filters): their own keys are the facts. Any other record nested in the detail is one fact under its own key.
 */
const RECORD_KEYS: ReadonlySet<string> = new Set(['fields', 'snapshot', 'filters']);

function listFacts(record: Readonly<Record<string, unknown>>, skip: ReadonlySet<string>): AuditFact[] {
  return Object.entries(record).flatMap(([key, value]): AuditFact[] => {
    if (skip.has(key) || isBlank(value)) return [];
    if (RECORD_KEYS.has(key) && isPlainObject(value)) return listFacts(value, new Set());
    return [{ kind: 'fact', label: auditDetailLabel(key), value: auditValue(key, value) }];
  });
}

/**
 * A row's detail as lines a person reads: each changed field as label：old → new, every other fact as
 * label：value, in the order the row keeps them. Changes are read from the action's own pairs of keys
 * (AUDIT_CHANGES), from `before` and `after`, and from `previous` beside the current values; a whole record kept
 * in the detail (RECORD_KEYS) gives its own facts. Values longer than AUDIT_DETAIL_MAX are cut.
 */
export function describeAuditDetail(
  detail: Readonly<Record<string, unknown>> | null | undefined,
  action = '',
): AuditFact[] {
  if (!isPlainObject(detail)) return [];
  const facts: AuditFact[] = [];
  const used = new Set<string>();
  for (const pair of AUDIT_CHANGES[action] ?? []) {
    if (!(pair.from in detail) && !(pair.to in detail)) continue;
    if (isBlank(detail[pair.from]) && isBlank(detail[pair.to])) continue;
    facts.push(
      change(
        pair.label,
        auditValue(pair.to, detail[pair.from], pair.values),
        auditValue(pair.to, detail[pair.to], pair.values),
      ),
    );
    used.add(pair.from).add(pair.to);
  }
  const { before, after, previous } = detail;
  if (isPlainObject(before) || isPlainObject(after)) {
    const old = isPlainObject(before) ? before : {};
    const next = isPlainObject(after) ? after : {};
    for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
      facts.push(change(auditDetailLabel(key), auditValue(key, old[key]), auditValue(key, next[key])));
    }
    used.add('before').add('after');
  }
  if (isPlainObject(previous) && !used.has('previous')) {
    for (const [key, value] of Object.entries(previous)) {
      facts.push(change(auditDetailLabel(key), auditValue(key, value), auditValue(key, detail[key])));
      used.add(key);
    }
    used.add('previous');
  }
  facts.push(...listFacts(detail, used));
  return facts.map(clipFact);
}

/** What stands between a changed field's old and new value. */
export const AUDIT_CHANGE_ARROW = ' → ';

/** A line of 详情: 名称：旧值 → 新值, or 名称：值. */
export function formatAuditFact(fact: AuditFact): string {
  return fact.kind === 'change'
    ? `${fact.label}：${fact.from}${AUDIT_CHANGE_ARROW}${fact.to}`
    : `${fact.label}：${fact.value}`;
}

/** The detail as one line (the lines of describeAuditDetail), cut at AUDIT_DETAIL_MAX characters. */
export function summarizeAuditDetail(
  detail: Readonly<Record<string, unknown>> | null | undefined,
  action = '',
): string {
  return clipText(describeAuditDetail(detail, action).map(formatAuditFact).join('；'), AUDIT_DETAIL_MAX);
}

const ZAuditFact = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fact'), label: z.string(), value: z.string() }),
  z.object({ kind: z.literal('change'), label: z.string(), from: z.string(), to: z.string() }),
]);

/** A row of POST /api/logs/list; `at` is ISO 8601. */
export const ZAuditLogRow = z.object({
  id: z.number(),
  at: z.string(),
  /** 操作人: the user's nickname, else the username; '' for a caller without a session */
  operatorName: z.string(),
  /** 所属单位: '' for a row of no company (a refused anonymous call) */
  companyName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  target: z.string(),
  result: z.string(),
  resultLabel: z.string(),
  ip: z.string(),
  /** the detail as one line of text (summarizeAuditDetail) */
  detail: z.string(),
  /** the detail as the lines 详情 shows (describeAuditDetail) */
  facts: z.array(ZAuditFact),
});

export type AuditLogRow = z.infer<typeof ZAuditLogRow>;

export const LOGS_TEXT_MAX = 50;

const zDay = z.string({ error: MSG.logsDateInvalid }).refine(isCalendarDate, MSG.logsDateInvalid).optional();
const zText = z.string({ error: MSG.badRequest }).max(LOGS_TEXT_MAX, MSG.badRequest).optional();

/**
 * The filters of the list and the export: 操作人 (nickname or username contains), 操作 (an action code, exact),
 * 对象 (contains), 所属单位 (contains; the exchange's only), and a range of days (+08:00, both ends included).
 */
const filterShape = {
  operator: zText,
  action: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest).optional(),
  target: zText,
  companyName: zText,
  from: zDay,
  to: zDay,
};

const isRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }): boolean =>
  query.from === undefined || query.to === undefined || query.from <= query.to;

const rangeOrder = { message: MSG.logsDateRangeInvalid, path: ['to'] };

export const ZAuditLogFilters = z.object(filterShape).refine(isRangeInOrder, rangeOrder);

export type AuditLogFilters = z.infer<typeof ZAuditLogFilters>;

/** The list's body: the filters and the page. */
export const ZAuditLogQuery = z
  .object({
    page: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest).default(1),
    size: z
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .min(1, MSG.badRequest)
      .max(100, MSG.badRequest)
      .default(10),
    ...filterShape,
  })
  .refine(isRangeInOrder, rangeOrder);

export type AuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/** The message of a date range, or null when it may be searched (the page checks before it asks). */
export function checkAuditLogRange(from: string | undefined, to: string | undefined): string | null {
  if ((from !== undefined && !isCalendarDate(from)) || (to !== undefined && !isCalendarDate(to))) {
    return MSG.logsDateInvalid;
  }
  if (from !== undefined && to !== undefined && to < from) return MSG.logsDateRangeInvalid;
  return null;
}

/** GET /api/logs/verify: the whole chain (it is global), walked at most once a minute. */
export const ZAuditChainState = z.object({
  isValid: z.boolean(),
  /** rows verified (before the broken one) */
  count: z.number(),
  /** the id of the first row whose hash or link does not match */
  brokenId: z.number().optional(),
  /** ISO 8601: when the chain was walked */
  checkedAt: z.string(),
});

export type AuditChainState = z.infer<typeof ZAuditChainState>;

/** 日志链校验通过（共N条） or 日志链校验失败：第N条记录被篡改（日志编号…）. */
export function describeAuditChain(state: Pick<AuditChainState, 'isValid' | 'count' | 'brokenId'>): string {
  return state.isValid
    ? formatMessage(MSG.logsChainValid, { count: state.count })
    : formatMessage(MSG.logsChainBroken, { position: state.count + 1, id: state.brokenId ?? 0 });
}
