// Queries on notifications. Every read and write is scoped by `Audience`: the company's own rows, those for the
// whole company and those for the given user, so another company's id (or another operator's own notification)
// matches nothing, exactly as an id that does not exist.
import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { notifications } from './tables.ts';

export type NotificationDbRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Whose notifications: a company's, and among its per-user ones only those of this user. */
export type Audience = { companyId: number; userId: number };

function visibleTo(audience: Audience): SQL {
  return and(
    eq(notifications.companyId, audience.companyId),
    or(isNull(notifications.userId), eq(notifications.userId, audience.userId)),
  ) as SQL;
}

export async function insertNotification(db: Db, values: NewNotification): Promise<{ id: number }> {
  const rows = await db.insert(notifications).values(values).returning({ id: notifications.id });
  const row = rows[0];
  if (row === undefined) throw new Error('notification insert returned no row');
  return row;
}

/** Whether the company was already told of `kind` with this link (a reminder is raised once). */
export async function hasBeenRaised(
  db: Db,
  input: { companyId: number; kind: NotificationKind; link: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, input.companyId),
        eq(notifications.kind, input.kind),
        eq(notifications.link, input.link),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A page of the audience's notifications, newest first; unread ones only when `isUnread`. */
export async function listNotifications(
  db: Db,
  audience: Audience,
  filter: { page: number; size: number; isUnread: boolean },
): Promise<{ list: NotificationDbRow[]; total: number }> {
  const where = filter.isUnread
    ? and(visibleTo(audience), isNull(notifications.readAt))
    : visibleTo(audience);
  const [list, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

export async function countUnread(db: Db, audience: Audience): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(audience), isNull(notifications.readAt)));
  return rows[0]?.n ?? 0;
}

/**
 * Marks one of the audience's notifications read at `now` (a notification read before keeps its first read
 * time). Answers false when the audience has no such notification.
 */
export async function markRead(db: Db, audience: Audience, id: number, now: Date): Promise<boolean> {
  const found = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(audience)))
    .limit(1);
  const row = found[0];
  if (row === undefined) return false;
  if (row.readAt === null) {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  }
  return true;
}

/** Marks every unread notification of the audience read at `now`; answers how many. */
export async function markAllRead(db: Db, audience: Audience, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(visibleTo(audience), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
