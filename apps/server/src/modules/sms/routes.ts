// SMS management (短信管理, GJS_SYSTEM_SMS_ADMIN: the exchange's administrator and the operations administrator).
// HTTP 403 without the code, whatever the input. The outbox is the portal's own, not a company's: the code alone
// opens all of it.
//   POST /api/sms/list         body {pageNum = 1, pageSize = 10 (at most 100), mobile?: digits, matched anywhere,
//                              status?: queued | sent | failed, purpose?, template?, dateFrom?, dateTo?: YYYY-MM-DD
//                              in +08:00, both days included} -> {list: SmsListItem[], total}, newest first
//   POST /api/sms/resend/{id}  -> the new row (sent), msg 短信已重发; refused: not failed, already resent, resent
//                              SMS_RESEND_MAX times, or delivered and failed again (the reason in msg); 404 unknown id
//   GET  /api/sms/templates    -> SmsTemplateItem[]: the texts the portal sends
//   GET  /api/sms/provider     -> SmsProviderState: the channel, the last 24 h by status, the newest failure
import {
  isCalendarDate,
  isSmsPurpose,
  isSmsTemplateCode,
  MSG,
  SMS_STATUSES,
  ZSmsListItem,
  ZSmsProviderState,
  ZSmsTemplateItem,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { parseId } from '../projects/routes.ts';
import type { SmsService } from './service.ts';

/** A filter left empty on the screen arrives as '' and means no filter, as an absent one does. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const zDay = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

// Absent body: the first page. Fastify hands an absent body over as null or undefined.
const ZListBody = z.preprocess(
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
      dateFrom: optionalFilter(zDay(MSG.smsDateInvalid)),
      dateTo: optionalFilter(zDay(MSG.smsDateInvalid)),
    })
    .refine(
      // 'YYYY-MM-DD' texts compare as the days they name
      (body) => body.dateFrom === undefined || body.dateTo === undefined || body.dateFrom <= body.dateTo,
      { message: MSG.smsDateOrder, path: ['dateTo'] },
    ),
);

const ZSmsPage = z.object({ list: z.array(ZSmsListItem), total: z.number().int() });

const ZIdParams = z.object({ id: z.string().max(32) });

export const smsRoutes: FastifyPluginCallbackZod<{ sms: SmsService }> = (app, { sms }, done) => {
  // before the body is validated: a caller without the permission learns nothing about the body's form
  const guard = [app.authenticate, requirePermission('GJS_SYSTEM_SMS_ADMIN')];
  const tags = ['sms'];

  app.post(
    '/api/sms/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '短信管理：发送记录',
        body: ZListBody,
        response: { 200: zEnvelope(ZSmsPage) },
      },
    },
    async (request) => ok(await sms.list(request.body)),
  );

  app.post(
    '/api/sms/resend/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '短信管理：重发发送失败的短信',
        params: ZIdParams,
        response: { 200: zEnvelope(ZSmsListItem) },
      },
    },
    async (request) => {
      const actor = toAuditActor({ ...requireSession(request), ...readOrigin(request) });
      return ok(await sms.resend(actor, parseId(request.params.id)), MSG.smsResent);
    },
  );

  app.get(
    '/api/sms/templates',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '短信管理：短信模板',
        response: { 200: zEnvelope(z.array(ZSmsTemplateItem)) },
      },
    },
    () => Promise.resolve(ok(sms.templates())),
  );

  app.get(
    '/api/sms/provider',
    {
      preValidation: guard,
      schema: { tags, summary: '短信管理：服务状态', response: { 200: zEnvelope(ZSmsProviderState) } },
    },
    async () => ok(await sms.providerState()),
  );
  done();
};
