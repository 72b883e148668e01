// The notifications module owns what business events tell a company (消息提醒): any service raises one with
// `raise(tx, ...)` inside its own transaction, so the notification exists exactly when the change that caused it
// commits (an approval rolled back leaves no "approved" notification behind). The receiving company's operators
// list them, count the unread ones (the header's bell) and mark them read.
//
// Reads are per company (see tables.ts): a company-wide notification read by one operator is read for all of
// them. A notification for one user (userId) is seen by that user only, in that company; anyone else asking for
// its id is answered 404, exactly as for an id that does not exist, and nothing changes.
//
// Nothing here is audited: raising is part of the caller's change, which the caller audits, and reading or marking
// read is not a business change. (The platform still records access refusals, as for every module.)
import {
  clipText,
  isInAppLink,
  notificationKindLabel,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type MarkedRead,
  type NotificationKind,
  type NotificationRow,
  type PageResult,
  type UnreadCount,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import type { PlatformDeps } from '../../platform/deps.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** What a raising service says; see `raise`. */
export type RaiseNotificationInput = {
  /** the receiving company */
  companyId: number;
  /** one user of that company only; absent or null: every operator of the company */
  userId?: number | null | undefined;
  kind: NotificationKind;
  title: string;
  body: string;
  /** an in-app path such as `/index/bulkShowProject?id=3` (isInAppLink); absent or null: nothing to open */
  link?: string | null | undefined;
  /** when the event happened; defaults to the app clock's now (the demo seed dates its past events) */
  createdAt?: Date | undefined;
};

/** Who reads: the signed-in operator's company and user. */
export type NotificationReader = Pick<SessionContext, 'companyId' | 'userId'>;

export type NotificationListQuery = { page: number; size: number; isUnread?: boolean | undefined };

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

export function createNotificationsService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /**
   * Stores a notification for `input.companyId` in the caller's transaction `tx` (or any Db). Title and body are
   * trimmed and cut to NOTIFICATION_TITLE_MAX / NOTIFICATION_BODY_MAX (a long opinion never fails the caller's
   * change). An empty title or a link that is not an in-app path is a programming error: it throws, which rolls
   * back the caller's transaction. Answers the new notification's id.
   */
  async function raise(tx: Db, input: RaiseNotificationInput): Promise<{ id: number }> {
    const title = clipText(input.title.trim(), NOTIFICATION_TITLE_MAX);
    if (title === '') throw new Error(`notification ${input.kind} without a title`);
    const link = input.link ?? null;
    if (link !== null && !isInAppLink(link))
      throw new Error(`notification link is not an in-app path: ${link}`);
    return repo.insertNotification(tx, {
      companyId: input.companyId,
      userId: input.userId ?? null,
      kind: input.kind,
      title,
      body: clipText(input.body.trim(), NOTIFICATION_BODY_MAX),
      link,
      createdAt: input.createdAt ?? clock.now(),
    });
  }

  /**
   * Raises the notification unless the company was already told of the same kind and link: a reminder that a
   * periodic run finds due again is not repeated. Answers whether it was raised.
   */
  async function raiseOnce(tx: Db, input: RaiseNotificationInput & { link: string }): Promise<boolean> {
    if (await repo.hasBeenRaised(tx, { companyId: input.companyId, kind: input.kind, link: input.link })) {
      return false;
    }
    await raise(tx, input);
    return true;
  }

  /** GET /api/message/list: the reader's notifications, newest first; the unread ones only when isUnread. */
  async function list(
    reader: NotificationReader,
    query: NotificationListQuery,
  ): Promise<PageResult<NotificationRow>> {
    const page = await repo.listNotifications(db, audienceOf(reader), {
      page: query.page,
      size: query.size,
      isUnread: query.isUnread === true,
    });
    return { list: page.list.map(toRow), total: page.total };
  }

  /** GET /api/message/unread/count: the header's bell. */
  async function unreadCount(reader: NotificationReader): Promise<UnreadCount> {
    return { count: await repo.countUnread(db, audienceOf(reader)) };
  }

  /** POST /api/message/read/{id}: read for the whole company; 404 for an id the reader cannot see. */
  async function markRead(reader: NotificationReader, id: number): Promise<{ id: number }> {
    if (!(await repo.markRead(db, audienceOf(reader), id, clock.now()))) throw notFound();
    return { id };
  }

  /** POST /api/message/read/all: every unread notification the reader sees; answers how many were marked. */
  async function markAllRead(reader: NotificationReader): Promise<MarkedRead> {
    return { count: await repo.markAllRead(db, audienceOf(reader), clock.now()) };
  }

  return { raise, raiseOnce, list, unreadCount, markRead, markAllRead };
}
