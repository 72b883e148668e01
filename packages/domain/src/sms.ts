// 短信管理 (textMessage, GJS_SYSTEM_SMS_ADMIN: the exchange's administrator and the operations administrator): the
// outbox of every SMS the portal sent, its templates (sms-templates.ts) and the state of the channel that sends
// them. A failed message may be resent: a new outbox row with the same content, linked to the one it repeats.
//
//   POST /api/sms/list         {pageNum, pageSize, mobile?, status?, purpose?, template?, dateFrom?, dateTo?}
//   POST /api/sms/resend/{id}  -> the new row
//   GET  /api/sms/templates    -> SmsTemplateItem[]
//   GET  /api/sms/provider     -> SmsProviderState
import { z } from 'zod';
import type { SmsStatus } from './api.ts';

export const SMS_STATUSES = ['queued', 'sent', 'failed'] as const satisfies readonly SmsStatus[];

export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: '待发送',
  sent: '已发送',
  failed: '发送失败',
};

/**
 * How often one message may be resent, counting the resends of its resends: a number the carrier keeps refusing
 * is not tried for ever, and a code that failed four times is better asked for again by its owner. With only a
 * failed row resendable, and only the newest row of a message, this caps what resending can send: no more than
 * SMS_RESEND_MAX messages per message the portal sent. (No per-minute limit on the call: the rate limiter counts
 * before the permission check, so refused callers would leave counters behind.)
 */
export const SMS_RESEND_MAX = 3;

/** How far back the 服务状态 tab counts messages. */
export const SMS_PROVIDER_WINDOW_HOURS = 24;

/** The channels (outbox `provider`) by name; a channel not listed shows its name. */
export const SMS_PROVIDER_LABELS: Readonly<Record<string, string>> = {
  log: '日志通道（未接入短信运营商）',
  http: 'HTTP 短信网关',
};

export function smsProviderLabel(name: string): string {
  return Object.hasOwn(SMS_PROVIDER_LABELS, name) ? (SMS_PROVIDER_LABELS[name] ?? name) : name;
}

/** A row of the 发送记录 list: the outbox row and how it is linked to the resends of its message. */
export const ZSmsListItem = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  template: z.string(),
  content: z.string(),
  status: z.enum(SMS_STATUSES),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** the row this one resent, null for a message sent by the portal itself */
  resentFromId: z.number().int().nullable(),
  /** the row that resent this one, null while it was not resent */
  resentAsId: z.number().int().nullable(),
  /** 0 for a message the portal sent, n for the n-th resend of it */
  resendCount: z.number().int(),
  /** failed, not resent yet, and resent fewer than SMS_RESEND_MAX times */
  canResend: z.boolean(),
});

export type SmsListItem = z.infer<typeof ZSmsListItem>;

/** What the list's filters are; dates are 'YYYY-MM-DD' in +08:00, both days included. */
export type SmsListQuery = {
  pageNum: number;
  pageSize: number;
  mobile?: string | undefined;
  status?: SmsStatus | undefined;
  purpose?: string | undefined;
  template?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

/** A template as GET /api/sms/templates answers it (the definition of sms-templates.ts, listed). */
export const ZSmsTemplateItem = z.object({
  code: z.string(),
  name: z.string(),
  text: z.string(),
  params: z.array(z.object({ name: z.string(), label: z.string(), example: z.string() })),
  purposes: z.array(z.object({ code: z.string(), label: z.string() })),
  /** the text with the example values, as a recipient reads it */
  example: z.string(),
});

export type SmsTemplateItem = z.infer<typeof ZSmsTemplateItem>;

/** GET /api/sms/provider: the channel and what it did lately. Never a credential. */
export const ZSmsProviderState = z.object({
  /** the channel's name, as the outbox rows record it (log, http ...) */
  name: z.string(),
  /** whether a carrier is behind the channel: false for the log channel, which only notes the messages */
  isConfigured: z.boolean(),
  /** where the channel sends: the gateway's scheme, host and port, without path, query or credentials */
  endpoint: z.string().nullable(),
  windowHours: z.number().int(),
  /** messages created in the last windowHours, by status, whatever channel sent them */
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  /** the newest failed message: its reason and when it was sent */
  lastError: z.object({ smsId: z.number().int(), error: z.string(), at: z.string() }).nullable(),
  checkedAt: z.string(),
});

export type SmsProviderState = z.infer<typeof ZSmsProviderState>;
