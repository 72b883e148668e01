// Queries on the documents. A document as listed joins its company's name and the names of the operators who
// acknowledged it and took it in (companies, operators, users: read only).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  IDENTITY,
  type DocumentDirection,
  type DocumentReadState,
  type DocumentReceiptState,
  type DocumentStatus,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { companies, operators, users } from '../users/tables.ts';
import { documents } from './tables.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type DocumentPatch = Partial<
  Omit<NewDocument, 'id' | 'direction' | 'version' | 'createdBy' | 'createdAt'>
>;
export type DocumentItem = DocumentRow & {
  companyName: string;
  acknowledgedByName: string | null;
  exchangeReceivedByName: string | null;
};

export type DocumentFilter = {
  direction: DocumentDirection;
  /** one company's documents, or every company's (the exchange) */
  companyId?: number | undefined;
  status?: DocumentStatus | undefined;
  readState?: DocumentReadState | undefined;
  receiptState?: DocumentReceiptState | undefined;
  keyword?: string | undefined;
  /** 发文日期 from and to, YYYY-MM-DD, both included */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  page: number;
  size: number;
};

const ackOperators = alias(operators, 'ack_operators');
const ackUsers = alias(users, 'ack_users');
const takeOperators = alias(operators, 'take_operators');
const takeUsers = alias(users, 'take_users');

const nameOf = (table: { realName: AnyColumn; nickname: AnyColumn; username: AnyColumn }) =>
  sql<string | null>`coalesce(${table.realName}, ${table.nickname}, ${table.username})`;

const itemColumns = {
  document: documents,
  companyName: companies.name,
  acknowledgedByName: nameOf(ackUsers),
  exchangeReceivedByName: nameOf(takeUsers),
};

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(documents)
    .innerJoin(companies, eq(companies.id, documents.companyId))
    .leftJoin(ackOperators, eq(ackOperators.id, documents.acknowledgedBy))
    .leftJoin(ackUsers, eq(ackUsers.id, ackOperators.userId))
    .leftJoin(takeOperators, eq(takeOperators.id, documents.exchangeReceivedBy))
    .leftJoin(takeUsers, eq(takeUsers.id, takeOperators.userId));
}

const toItem = (row: {
  document: DocumentRow;
  companyName: string;
  acknowledgedByName: string | null;
  exchangeReceivedByName: string | null;
}): DocumentItem => ({
  ...row.document,
  companyName: row.companyName,
  acknowledgedByName: row.acknowledgedByName,
  exchangeReceivedByName: row.exchangeReceivedByName,
});

export async function findItem(db: Db, id: number): Promise<DocumentItem | undefined> {
  const [row] = await selectItems(db).where(eq(documents.id, id));
  return row === undefined ? undefined : toItem(row);
}

function conditionsOf(filter: DocumentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(documents.direction, filter.direction)];
  if (filter.companyId !== undefined) conditions.push(eq(documents.companyId, filter.companyId));
  if (filter.status !== undefined) conditions.push(eq(documents.status, filter.status));
  if (filter.readState !== undefined) {
    conditions.push(filter.readState === 'read' ? isNotNull(documents.readAt) : isNull(documents.readAt));
  }
  if (filter.receiptState !== undefined) {
    conditions.push(
      filter.receiptState === 'received'
        ? isNotNull(documents.exchangeReceivedAt)
        : isNull(documents.exchangeReceivedAt),
    );
  }
  if (filter.dateFrom !== undefined) conditions.push(gte(documents.sentOn, filter.dateFrom));
  if (filter.dateTo !== undefined) conditions.push(lte(documents.sentOn, filter.dateTo));
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(
        ilike(documents.title, pattern),
        ilike(documents.docNumber, pattern),
        ilike(documents.sender, pattern),
        ilike(companies.name, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** A page of documents, newest first, with the total. */
export async function listDocuments(
  db: Db,
  filter: DocumentFilter,
): Promise<{ list: DocumentItem[]; total: number }> {
  const where = conditionsOf(filter);
  const [rows, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(desc(documents.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ value: count() })
      .from(documents)
      .innerJoin(companies, eq(companies.id, documents.companyId))
      .where(where),
  ]);
  return { list: rows.map(toItem), total: total?.value ?? 0 };
}

export async function insertDocument(db: Db, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (row === undefined) throw new Error('document insert returned nothing');
  return row;
}

/** Changes a document if it is still at `version` (and, when given, in `status`); undefined otherwise. */
export async function updateGuarded(
  db: Db,
  id: number,
  version: number,
  patch: DocumentPatch,
  status?: DocumentStatus,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ ...patch, version: sql`${documents.version} + 1` })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.version, version),
        status === undefined ? undefined : eq(documents.status, status),
      ),
    )
    .returning();
  return row;
}

/** Marks a sent document read once; undefined when it was read already. */
export async function markRead(db: Db, id: number, now: Date): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ readAt: now, updatedAt: now, version: sql`${documents.version} + 1` })
    .where(and(eq(documents.id, id), eq(documents.status, 'sent'), isNull(documents.readAt)))
    .returning();
  return row;
}

/** Deletes a draft still at `version`; false when it changed or was sent meanwhile. */
export async function deleteDraft(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.version, version), eq(documents.status, 'draft')))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** The exchange's own identities, which receive no documents from themselves. */
const EXCHANGE_IDENTITIES = [IDENTITY.admin, IDENTITY.opsAdmin];

/** Companies a document may be sent to, by name or credit code, by name. */
export async function listReceivers(
  db: Db,
  keyword: string,
  size: number,
): Promise<{ id: number; name: string }[]> {
  const conditions: (SQL | undefined)[] = [notInArray(companies.identityType, EXCHANGE_IDENTITIES)];
  if (keyword.trim() !== '') {
    const pattern = containsPattern(keyword.trim());
    conditions.push(or(ilike(companies.name, pattern), ilike(companies.creditCode, pattern)));
  }
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(...conditions))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(size);
}

/** A company a document may be sent to, or undefined. */
export async function findReceiver(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, id), notInArray(companies.identityType, EXCHANGE_IDENTITIES)));
  return row;
}
