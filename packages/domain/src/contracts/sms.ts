// The calls of 短信管理 (GJS_SYSTEM_SMS_ADMIN: the exchange's administrator and the operations administrator). The
// outbox is the portal's own, not a company's: the code alone opens all of it.
import { z } from 'zod';
import { defineCall, zCalendarDay, zPathId } from '../contract.ts';
import { MSG } from '../messages.ts';
import { SMS_STATUSES, ZSmsListItem, ZSmsProviderState, ZSmsTemplateItem } from '../sms.ts';
import { isSmsPurpose, isSmsTemplateCode } from '../sms-templates.ts';

/** A filter left empty on the screen arrives as '' and means no filter, as an absent one does. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const ZSmsPage = z.object({ list: z.array(ZSmsListItem), total: z.number().int() });

/**
 * POST /api/sms/list: {pageNum = 1, pageSize = 10 (at most 100), mobile?: digits, matched anywhere, status?:
 * queued | sent | failed, purpose?, template?, dateFrom?, dateTo?: YYYY-MM-DD in +08:00, both days included} ->
 * one page of the outbox, newest first. No body is the first page (Fastify hands an absent body over as null or
 * undefined).
 */
export const listSmsCall = defineCall({
  method: 'POST',
  path: '/api/sms/list',
  tag: 'sms',
  summary: '短信管理：发送记录',
  body: z.preprocess(
    (body) => body ?? {},
    z
      .object({
        pageNum: z.coerce.number().int().min(1, MSG.badRequest).default(1),
        pageSize: z.coerce.number().int().min(1, MSG.badRequest).max(100, MSG.badRequest).default(10),
        mobile: z
          .string({ error: MSG.mobileInvalid })
          .trim()
          .regex(/^\d{0,11}$/, MSG.mobileInvalid)
          .optional()
          .transform((value) => (value === '' ? undefined : value)),
        status: optionalFilter(z.enum(SMS_STATUSES, { error: MSG.smsStatusInvalid })),
        purpose: optionalFilter(
          z.string({ error: MSG.smsPurposeInvalid }).refine(isSmsPurpose, MSG.smsPurposeInvalid),
        ),
        template: optionalFilter(
          z.string({ error: MSG.smsTemplateInvalid }).refine(isSmsTemplateCode, MSG.smsTemplateInvalid),
        ),
        dateFrom: optionalFilter(zCalendarDay(MSG.smsDateInvalid)),
        dateTo: optionalFilter(zCalendarDay(MSG.smsDateInvalid)),
      })
      .refine(
        // 'YYYY-MM-DD' texts compare as the days they name
        (body) => body.dateFrom === undefined || body.dateTo === undefined || body.dateFrom <= body.dateTo,
        { message: MSG.smsDateOrder, path: ['dateTo'] },
      ),
  ),
  answer: ZSmsPage,
});

/**
 * POST /api/sms/resend/{id}: the new row (sent), msg 短信已重发; refused: not failed, already resent, resent
 * SMS_RESEND_MAX times, or delivered and failed again (the reason in msg); 404 unknown id.
 */
export const resendSmsCall = defineCall({
  method: 'POST',
  path: '/api/sms/resend/:id',
  tag: 'sms',
  summary: '短信管理：重发发送失败的短信',
  params: z.object({ id: zPathId }),
  answer: ZSmsListItem,
});

/** GET /api/sms/templates: the texts the portal sends. */
export const smsTemplatesCall = defineCall({
  method: 'GET',
  path: '/api/sms/templates',
  tag: 'sms',
  summary: '短信管理：短信模板',
  answer: z.array(ZSmsTemplateItem),
});

/** GET /api/sms/provider: the channel, the last 24 h by status, the newest failure. */
export const smsProviderCall = defineCall({
  method: 'GET',
  path: '/api/sms/provider',
  tag: 'sms',
  summary: '短信管理：服务状态',
  answer: ZSmsProviderState,
});
