// Queries on audit_log. There is deliberately no update or delete here: the log is append-only. The 操作日志
// reads join the operator's names (users) and the company's (companies), read only.
import { and, asc, count, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { companies, users } from '../users/tables.ts';
import { auditLog } from './tables.ts';

export type AuditRow = typeof auditLog.$inferSelect;

// Any constant shared by every appender; the lock lives until the end of the appending transaction.
const AUDIT_CHAIN_LOCK = 0x6175_6469; // 'audi'

export async function lockChain(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
}

export async function findLastHash(tx: Db): Promise<string | undefined> {
  const rows = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return rows[0]?.hash;
}

export async function nextId(tx: Db): Promise<number> {
  const rows = await selectRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`,
  );
  return Number(rows[0]?.id);
}

export async function insertRow(tx: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** One page of the chain in id order, starting after `afterId`. */
export async function listAfter(db: Db, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}

/** Whose rows a reader sees: one company's (GJS_WORKLOG_LT), or every company's (GJS_WORKLOG_LT_ADMIN). */
export type LogScope = { kind: 'all' } | { kind: 'company'; companyId: number };

/** The 操作日志 filters as the database reads them: contains-texts, an exact code, and [from, before) times. */
export type LogFilter = {
  scope: LogScope;
  operator?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** only for the exchange: a company-scoped reader has one company */
  companyName?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
};

/** A row with the names the page shows: the operator's (users, through user_id) and the company's. */
export type LogItem = AuditRow & {
  nickname: string | null;
  username: string | null;
  companyName: string | null;
};

const logColumns = {
  row: auditLog,
  nickname: users.nickname,
  username: users.username,
  companyName: companies.name,
};

function whereOfLog(filter: LogFilter): SQL | undefined {
  const text = (value: string | undefined): string => value?.trim() ?? '';
  const operator = text(filter.operator);
  const target = text(filter.target);
  const companyName = text(filter.companyName);
  const action = text(filter.action);
  return and(
    filter.scope.kind === 'company' ? eq(auditLog.companyId, filter.scope.companyId) : undefined,
    operator === ''
      ? undefined
      : or(
          ilike(users.nickname, containsPattern(operator)),
          ilike(users.username, containsPattern(operator)),
        ),
    action === '' ? undefined : eq(auditLog.action, action),
    target === '' ? undefined : ilike(auditLog.target, containsPattern(target)),
    companyName === '' || filter.scope.kind === 'company'
      ? undefined
      : ilike(companies.name, containsPattern(companyName)),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.before === undefined ? undefined : lt(auditLog.at, filter.before),
  );
}

/** The rows matching, with the names joined (left joins: a refused anonymous call has neither). */
function selectLog(db: Db) {
  return db
    .select(logColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId));
}

function toLogItem(row: {
  row: AuditRow;
  nickname: string | null;
  username: string | null;
  companyName: string | null;
}): LogItem {
  return { ...row.row, nickname: row.nickname, username: row.username, companyName: row.companyName };
}

/** How many rows match, counted up to `cap` + 1 (beyond it the caller only needs to know there are more). */
export async function countLog(db: Db, filter: LogFilter, cap: number): Promise<number> {
  const counted = db
    .select({ one: sql`1` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(whereOfLog(filter))
    .limit(cap + 1)
    .as('counted');
  const rows = await db.select({ n: count() }).from(counted);
  return rows[0]?.n ?? 0;
}

/** A page of the log, newest first (by time, then by id: the chain's order within a moment). */
export async function listLog(
  db: Db,
  filter: LogFilter,
  page: { page: number; size: number },
): Promise<LogItem[]> {
  const rows = await selectLog(db)
    .where(whereOfLog(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return rows.map(toLogItem);
}

/**
 * The export's next rows, newest first, after the last row of the page before (by time and id, so no row is read
 * twice or skipped however many rows are appended meanwhile, and no page costs an offset).
 */
export async function listLogAfter(
  db: Db,
  filter: LogFilter,
  after: { at: Date; id: number } | undefined,
  limit: number,
): Promise<LogItem[]> {
  const rows = await selectLog(db)
    .where(
      and(
        whereOfLog(filter),
        after === undefined
          ? undefined
          : or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id))),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(toLogItem);
}
