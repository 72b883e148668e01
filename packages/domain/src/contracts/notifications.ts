// The calls of 消息提醒 (the reminder page and the header's bell). The reader is the signed-in operator's company
// (and user, for notifications raised for one user); another company's notification answers 404 exactly as an id
// that does not exist, and changes nothing. The list and the marking need GJS_MESSAGE (or the exchange's
// GJS_MESSAGE_ADMIN), the codes of the 消息提醒 page; the unread count any signed-in operator.
import { z } from 'zod';
import { defineCall, zPageOf, zPathId, zQueryInt } from '../contract.ts';
import { MSG } from '../messages.ts';
import { ZMarkedRead, ZNotificationRow, ZUnreadCount } from '../notifications.ts';

export const MESSAGE_CODES = ['GJS_MESSAGE', 'GJS_MESSAGE_ADMIN'] as const;

/** GET /api/message/list?page=&size=&unread=: one page of the reader's notifications; unread=1|true: unread only. */
export const listNotificationsCall = defineCall({
  method: 'GET',
  path: '/api/message/list',
  tag: 'message',
  summary: '消息提醒列表',
  query: z.object({
    page: zQueryInt(100_000, 1),
    size: zQueryInt(100, 10),
    unread: z.enum(['0', '1', 'true', 'false'], { error: MSG.badRequest }).optional(),
  }),
  answer: zPageOf(ZNotificationRow),
});
export type NotificationListQuery = z.input<typeof listNotificationsCall.query>;

/** GET /api/message/unread/count: the header's bell; any signed-in operator. */
export const countUnreadNotificationsCall = defineCall({
  method: 'GET',
  path: '/api/message/unread/count',
  tag: 'message',
  summary: '未读消息数',
  answer: ZUnreadCount,
});

/** POST /api/message/read/all: every notification of the reader read; answers how many were marked. */
export const markAllNotificationsReadCall = defineCall({
  method: 'POST',
  path: '/api/message/read/all',
  tag: 'message',
  summary: '全部标为已读',
  answer: ZMarkedRead,
});

/** POST /api/message/read/{id}: one notification read (for the whole company). */
export const markNotificationReadCall = defineCall({
  method: 'POST',
  path: '/api/message/read/:id',
  tag: 'message',
  summary: '标为已读',
  params: z.object({ id: zPathId }),
  answer: z.object({ id: z.number() }),
});
