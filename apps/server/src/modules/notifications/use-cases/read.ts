// The receiving company's operators list their notifications, count the unread ones and mark them read. Reads
// are per company (see tables.ts); a notification for one user is answered 404 to anyone else.
import {
  notificationKindLabel,
  type MarkedRead,
  type NotificationRow,
  type PageResult,
  type UnreadCount,
} from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { NotificationListQuery, NotificationReader, NotificationsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

function toRow(row: repo.NotificationDbRow): NotificationRow {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: notificationKindLabel(row.kind),
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const audienceOf = (reader: NotificationReader): repo.Audience => ({
  companyId: reader.companyId,
  userId: reader.userId,
});

/** GET /api/message/list: the reader's notifications, newest first; the unread ones only when isUnread. */
export async function listNotifications(
  deps: NotificationsDeps,
  reader: NotificationReader,
  query: NotificationListQuery,
): Promise<PageResult<NotificationRow>> {
  const page = await repo.listNotifications(deps.db, audienceOf(reader), {
    page: query.page,
    size: query.size,
    isUnread: query.isUnread === true,
  });
  return { list: page.list.map(toRow), total: page.total };
}

/** GET /api/message/unread/count: the header's bell. */
export async function unreadCount(deps: NotificationsDeps, reader: NotificationReader): Promise<UnreadCount> {
  return { count: await repo.countUnread(deps.db, audienceOf(reader)) };
}

/** POST /api/message/read/{id}: read for the whole company; 404 for an id the reader cannot see. */
export async function markRead(
  deps: NotificationsDeps,
  reader: NotificationReader,
  id: number,
): Promise<{ id: number }> {
  const { db, clock } = deps;
  if (!(await repo.markRead(db, audienceOf(reader), id, clock.now()))) throw notFound();
  return { id };
}

/** POST /api/message/read/all: every unread notification the reader sees; answers how many were marked. */
export async function markAllRead(deps: NotificationsDeps, reader: NotificationReader): Promise<MarkedRead> {
  const { db, clock } = deps;
  return { count: await repo.markAllRead(db, audienceOf(reader), clock.now()) };
}
