// SMS management (短信管理, GJS_SYSTEM_SMS_ADMIN: the exchange's administrator and the operations administrator),
// served from its contracts (packages/domain/src/contracts/sms.ts). HTTP 403 without the code, whatever the input.
// The outbox is the portal's own, not a company's: the code alone opens all of it.
//   POST /api/sms/list         body {pageNum = 1, pageSize = 10 (at most 100), mobile?: digits, matched anywhere,
//                              status?: queued | sent | failed, purpose?, template?, dateFrom?, dateTo?: YYYY-MM-DD
//                              in +08:00, both days included} -> {list: SmsListItem[], total}, newest first
//   POST /api/sms/resend/{id}  -> the new row (sent), msg 短信已重发; refused: not failed, already resent, resent
//                              SMS_RESEND_MAX times, or delivered and failed again (the reason in msg); 404 unknown id
//   GET  /api/sms/templates    -> SmsTemplateItem[]: the texts the portal sends
//   GET  /api/sms/provider     -> SmsProviderState: the channel, the last 24 h by status, the newest failure
import { MSG } from '@cqjy/domain';
import { listSmsCall, resendSmsCall, smsProviderCall, smsTemplatesCall } from '@cqjy/domain/contracts/sms';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { SmsService } from './service.ts';

export const smsRoutes: FastifyPluginCallback<{ sms: SmsService }> = (app, { sms }, done) => {
  // before the body is validated: a caller without the permission learns nothing about the body's form
  const guard = [app.authenticate, requirePermission('GJS_SYSTEM_SMS_ADMIN')];

  serve(app, listSmsCall, guard, async ({ body }) => ok(await sms.list(body)));

  serve(app, resendSmsCall, guard, async ({ params }, request) => {
    const actor = toAuditActor({ ...requireSession(request), ...readOrigin(request) });
    return ok(await sms.resend(actor, params.id), MSG.smsResent);
  });

  serve(app, smsTemplatesCall, guard, () => Promise.resolve(ok(sms.templates())));

  serve(app, smsProviderCall, guard, async () => ok(await sms.providerState()));
  done();
};
