// The calls of 消息提醒 (the reminder page and the header's bell; contracts/notifications.ts): the reader's
// notifications (scoped by the server to its company), the unread count, and marking one or all of them read.
// Both queries live under ['notifications'], so marking anything read refreshes the page and the bell together.
// The bell is on every page (the header): the calls are named by route, typed by their contracts (lib/call.ts), so
// that the first page after sign-in bundles none of their schemas.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  countUnreadNotificationsCall,
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
} from '@cqjy/domain/contracts/notifications';
import { NOTIFICATION_POLL_MS } from '@cqjy/domain/notifications';
import type { MarkedRead } from '@cqjy/domain/notifications';
import { fetchRoute, type CallRoute } from '../../lib/call.ts';

const listNotifications: CallRoute<typeof listNotificationsCall> = {
  method: 'GET',
  path: '/api/message/list',
};
const countUnread: CallRoute<typeof countUnreadNotificationsCall> = {
  method: 'GET',
  path: '/api/message/unread/count',
};
const markAllNotificationsRead: CallRoute<typeof markAllNotificationsReadCall> = {
  method: 'POST',
  path: '/api/message/read/all',
};
const markNotificationRead: CallRoute<typeof markNotificationReadCall> = {
  method: 'POST',
  path: '/api/message/read/:id',
};

export type NotificationQuery = { page: number; size: number; isUnread: boolean };

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsQuery = (query: NotificationQuery) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', query] as const,
    queryFn: () =>
      fetchRoute(listNotifications, {
        query: { page: query.page, size: query.size, unread: query.isUnread ? '1' : undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * The bell's count: asked again every NOTIFICATION_POLL_MS while the page is visible and whenever the window
 * gets the focus. A background poll reports nothing when it fails (the next one may work); the user's own calls
 * still report an expired session.
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'] as const,
    queryFn: () => fetchRoute(countUnread, {}, { isSilent: true, showError: false }),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export async function markRead(id: number): Promise<void> {
  await fetchRoute(markNotificationRead, { params: { id } });
}

export async function markAllRead(): Promise<MarkedRead> {
  return fetchRoute(markAllNotificationsRead, {}, { showSuccess: true });
}
