// Notification calls (消息提醒), served from their contracts (packages/domain/src/contracts/notifications.ts). Every
// answer is the envelope; the reader is the signed-in operator's company (and user, for notifications raised for
// one user). Another company's notification answers {status: 404} exactly as an id that does not exist, and
// changes nothing.
//
//   GET  /api/message/list?page=&size=&unread=   -> {list: NotificationRow[], total}; unread=1|true: unread only
//   GET  /api/message/unread/count               -> {count}: the header's bell; any signed-in operator
//   POST /api/message/read/{id}                  -> {id}: read (for the whole company)
//   POST /api/message/read/all                   -> {count}: how many were marked read
// The list and the marking need GJS_MESSAGE (or the exchange's GJS_MESSAGE_ADMIN), the codes of the 消息提醒 page.
import { MSG } from '@cqjy/domain';
import {
  countUnreadNotificationsCall,
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
  MESSAGE_CODES,
} from '@cqjy/domain/contracts/notifications';
import type { FastifyPluginCallback } from 'fastify';
import { requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { NotificationsService } from './service.ts';

export const notificationsRoutes: FastifyPluginCallback<{ notifications: NotificationsService }> = (
  app,
  { notifications },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...MESSAGE_CODES])];

  serve(app, listNotificationsCall, guard, async ({ query }, request) => {
    const { page, size, unread } = query;
    const isUnread = unread === '1' || unread === 'true';
    return ok(await notifications.list(requireSession(request), { page, size, isUnread }));
  });

  serve(app, countUnreadNotificationsCall, [app.authenticate], async (_, request) =>
    ok(await notifications.unreadCount(requireSession(request))),
  );

  serve(app, markAllNotificationsReadCall, guard, async (_, request) =>
    ok(await notifications.markAllRead(requireSession(request)), MSG.notificationsAllRead),
  );

  serve(app, markNotificationReadCall, guard, async ({ params }, request) =>
    ok(await notifications.markRead(requireSession(request), params.id)),
  );

  done();
};
