// Notification calls (消息提醒). Every answer is the envelope; the reader is the signed-in operator's company (and
// user, for notifications raised for one user). Another company's notification answers {status: 404} exactly as
// an id that does not exist, and changes nothing.
//
//   GET  /api/message/list?page=&size=&unread=   -> {list: NotificationRow[], total}; unread=1|true: unread only
//   GET  /api/message/unread/count               -> {count}: the header's bell; any signed-in operator
//   POST /api/message/read/{id}                  -> {id}: read (for the whole company)
//   POST /api/message/read/all                   -> {count}: how many were marked read
// The list and the marking need GJS_MESSAGE (or the exchange's GJS_MESSAGE_ADMIN), the codes of the 消息提醒 page.
import { MSG, ZMarkedRead, ZNotificationRow, ZUnreadCount } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { parseId } from '../projects/routes.ts';
import type { NotificationsService } from './service.ts';

export const MESSAGE_CODES = ['GJS_MESSAGE', 'GJS_MESSAGE_ADMIN'] as const;

/** Query-string numbers arrive as text. */
const zQueryInt = (max: number, fallback: number) =>
  z.coerce
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .max(max, MSG.badRequest)
    .default(fallback);

const ZListQuery = z.object({
  page: zQueryInt(100_000, 1),
  size: zQueryInt(100, 10),
  unread: z.enum(['0', '1', 'true', 'false'], { error: MSG.badRequest }).optional(),
});

export const notificationsRoutes: FastifyPluginCallbackZod<{ notifications: NotificationsService }> = (
  app,
  { notifications },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...MESSAGE_CODES])];
  const tags = ['message'];

  app.get(
    '/api/message/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '消息提醒列表',
        querystring: ZListQuery,
        response: {
          200: zEnvelope(z.object({ list: z.array(ZNotificationRow), total: z.number() })),
        },
      },
    },
    async (request) => {
      const { page, size, unread } = request.query;
      const isUnread = unread === '1' || unread === 'true';
      return ok(await notifications.list(requireSession(request), { page, size, isUnread }));
    },
  );

  app.get(
    '/api/message/unread/count',
    {
      preValidation: app.authenticate,
      schema: { tags, summary: '未读消息数', response: { 200: zEnvelope(ZUnreadCount) } },
    },
    async (request) => ok(await notifications.unreadCount(requireSession(request))),
  );

  app.post(
    '/api/message/read/all',
    {
      preValidation: guard,
      schema: { tags, summary: '全部标为已读', response: { 200: zEnvelope(ZMarkedRead) } },
    },
    async (request) => ok(await notifications.markAllRead(requireSession(request)), MSG.notificationsAllRead),
  );

  app.post(
    '/api/message/read/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '标为已读',
        params: z.object({ id: z.string().max(32) }),
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await notifications.markRead(requireSession(request), parseId(request.params.id))),
  );

  done();
};
