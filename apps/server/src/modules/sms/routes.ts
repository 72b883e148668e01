// SMS management (短信管理, admin only): the outbox, newest first.
//   POST /api/sms/list  body {pageNum = 1, pageSize = 10 (at most 100), mobile?: digits, matched anywhere}
//   -> {status: 0, data: {list: SmsOutboxItem[], total}}; HTTP 403 without GJS_SYSTEM_SMS_ADMIN.
import { MSG, type PageResult, type SmsOutboxItem } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import type { SmsService } from './service.ts';

// Absent body: the first page. Fastify hands an absent body over as null or undefined.
const ZListBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    pageNum: z.coerce.number().int().min(1, MSG.badRequest).default(1),
    pageSize: z.coerce.number().int().min(1, MSG.badRequest).max(100, MSG.badRequest).default(10),
    mobile: z
      .string()
      .trim()
      .regex(/^\d{0,11}$/, MSG.mobileInvalid)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  }),
);

const ZSmsItem = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  template: z.string(),
  content: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
}) satisfies z.ZodType<SmsOutboxItem>;

const ZSmsPage = z.object({ list: z.array(ZSmsItem), total: z.number().int() }) satisfies z.ZodType<
  PageResult<SmsOutboxItem>
>;

export const smsRoutes: FastifyPluginCallbackZod<{ sms: SmsService }> = (app, { sms }, done) => {
  app.post(
    '/api/sms/list',
    {
      // before the body is validated: a caller without the permission learns nothing about the body's form
      preValidation: [app.authenticate, requirePermission('GJS_SYSTEM_SMS_ADMIN')],
      schema: {
        tags: ['sms'],
        summary: '短信管理：发件箱列表',
        body: ZListBody,
        response: { 200: zEnvelope(ZSmsPage) },
      },
    },
    async (request) => ok(await sms.list(request.body)),
  );
  done();
};
