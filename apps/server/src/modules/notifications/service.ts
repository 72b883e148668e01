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
//
// Each group of jobs is one file of use cases (use-cases/: raise, read); this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { NotificationsDeps } from './deps.ts';
import { raise, raiseOnce } from './use-cases/raise.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './use-cases/read.ts';

export type {
  NotificationListQuery,
  NotificationReader,
  NotificationsDeps,
  RaiseNotificationInput,
} from './deps.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: NotificationsDeps) {
  /** A use case with the module's deps bound: what the routes and every raising module call. */
  const bound = bindDeps(deps);

  return {
    raise: bound(raise),
    raiseOnce: bound(raiseOnce),
    list: bound(listNotifications),
    unreadCount: bound(unreadCount),
    markRead: bound(markRead),
    markAllRead: bound(markAllRead),
  };
}
