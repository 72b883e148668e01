// The sms module owns the outbox. Sending is two steps: `enqueue` writes the message (and its audit row) in the
// caller's transaction, so a rolled-back change sends nothing; `deliver`, called after commit, hands it to the
// provider and records the outcome. Message texts and codes never reach the log.
//
// 短信管理 reads the outbox (`list`), the templates the contents are built from (`templates`) and the channel's
// state (`providerState`), and resends a failed message (`resend`): a new outbox row with the same content,
// delivered at once, linked to the failed one by its `sms.resend` audit row. Only the newest row of a message can
// be resent, and at most SMS_RESEND_MAX times in all.
import {
  formatMessage,
  MSG,
  SMS_PROVIDER_WINDOW_HOURS,
  SMS_RESEND_MAX,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
  exampleSmsText,
  smsPurposeLabel,
  type PageResult,
  type SmsListItem,
  type SmsListQuery,
  type SmsProviderState,
  type SmsTemplateCode,
  type SmsTemplateItem,
  type SmsTemplateParam,
  toDate,
} from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { AuditService } from '../audit/service.ts';
import * as repo from './repo.ts';

/** A message to send: its content is built from the template's definition (sms-templates.ts) by the sender. */
export type OutgoingSms = { mobile: string; purpose: string; template: SmsTemplateCode; content: string };

/** Who caused the message, for its audit row. */
export type SmsActor = Omit<AuditEntry, 'action' | 'result' | 'target' | 'detail'>;

export type SmsService = ReturnType<typeof createSmsService>;

const MAX_ERROR_LENGTH = 500;
/** the reason of a failure the provider did not explain */
const UNEXPLAINED_FAILURE = '发送失败';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type Links = { resentFrom: Map<number, repo.ResendLink>; resentAs: Map<number, repo.ResendLink> };

function indexLinks(links: readonly repo.ResendLink[]): Links {
  return {
    resentFrom: new Map(links.map((link) => [link.resendId, link])),
    resentAs: new Map(links.map((link) => [link.smsId, link])),
  };
}

function toItem(row: repo.SmsRow, links: Links): SmsListItem {
  const from = links.resentFrom.get(row.id);
  const as = links.resentAs.get(row.id);
  const resendCount = from?.attempt ?? 0;
  return {
    id: row.id,
    mobile: row.mobile,
    purpose: row.purpose,
    template: row.template,
    content: row.content,
    status: row.status,
    provider: row.provider,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    resentFromId: from?.smsId ?? null,
    resentAsId: as?.resendId ?? null,
    resendCount,
    canResend: row.status === 'failed' && as === undefined && resendCount < SMS_RESEND_MAX,
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH) || UNEXPLAINED_FAILURE;
}

function toTemplateItem(code: SmsTemplateCode): SmsTemplateItem {
  const template = SMS_TEMPLATES[code];
  const params: Readonly<Record<string, SmsTemplateParam>> = template.params;
  return {
    code,
    name: template.name,
    text: template.text,
    params: Object.entries(params).map(([name, param]) => ({ name, ...param })),
    purposes: template.purposes.map((purpose) => ({ code: purpose, label: smsPurposeLabel(purpose) })),
    example: exampleSmsText(code),
  };
}

export function createSmsService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  provider: SmsProvider;
  log: FastifyBaseLogger;
}) {
  const { db, clock, audit, provider, log } = deps;

  /** Writes the message and its audit row in `tx`; answers the outbox id to deliver once `tx` has committed. */
  function enqueue(tx: Db, message: OutgoingSms, actor: SmsActor): Promise<number> {
    return write(tx, message, actor);
  }

  /** `enqueue` for any template code: a resent row keeps the code it was written with, whatever it names today. */
  async function write(
    tx: Db,
    message: Omit<OutgoingSms, 'template'> & { template: string },
    actor: SmsActor,
  ): Promise<number> {
    const row = await repo.insertMessage(tx, {
      ...message,
      status: 'queued',
      provider: provider.name,
      createdAt: clock.now(),
    });
    await audit.append(tx, {
      ...actor,
      action: 'sms.send',
      result: 'ok',
      target: maskMobile(message.mobile),
      detail: { smsId: row.id, purpose: message.purpose, template: message.template },
    });
    return row.id;
  }

  /** Hands a committed message to the provider; answers whether the provider accepted it. */
  async function deliver(id: number): Promise<boolean> {
    const row = await repo.findMessage(db, id);
    if (row?.status !== 'queued') return row?.status === 'sent';
    try {
      await provider.send({ id: row.id, mobile: row.mobile, purpose: row.purpose, content: row.content });
    } catch (error) {
      const reason = describeError(error);
      // The reason comes from the provider, the text stays out of the log.
      log.warn(
        { smsId: id, mobile: maskMobile(row.mobile), provider: provider.name, reason },
        '短信发送失败',
      );
      await repo.markDelivered(db, id, { status: 'failed', error: reason });
      return false;
    }
    await repo.markDelivered(db, id, { status: 'sent', sentAt: clock.now() });
    return true;
  }

  /** Newest first, filtered; the dates are +08:00 calendar days, both included (checked by the route). */
  async function list(query: SmsListQuery): Promise<PageResult<SmsListItem>> {
    const { rows, total } = await repo.listPage(db, {
      offset: (query.pageNum - 1) * query.pageSize,
      limit: query.pageSize,
      mobileDigits: query.mobile,
      status: query.status,
      purpose: query.purpose,
      template: query.template,
      from: query.dateFrom === undefined ? undefined : toDate(query.dateFrom),
      until: query.dateTo === undefined ? undefined : new Date(toDate(query.dateTo).getTime() + DAY_MS),
    });
    const links = indexLinks(await repo.findResendLinks(db, rows));
    return { list: rows.map((row) => toItem(row, links)), total };
  }

  /**
   * Resends failed message `id` to its mobile with its content. Refused unless it failed, is the newest row of
   * its message and was resent fewer than SMS_RESEND_MAX times; HTTP-200 404 for an unknown id. Answers the new
   * row once delivered; a delivery that fails again is refused with the reason (the new row stays, as failed).
   */
  async function resend(actor: SmsActor, id: number): Promise<SmsListItem> {
    const { resendId, link } = await db.transaction(async (tx) => {
      const row = await repo.findMessageForUpdate(tx, id);
      if (row === undefined) throw notFound();
      if (row.status !== 'failed') throw refused(MSG.smsResendNotFailed);
      const links = indexLinks(await repo.findResendLinks(tx, [row]));
      if (links.resentAs.has(row.id)) throw refused(MSG.smsResendAlready);
      const from = links.resentFrom.get(row.id);
      const attempt = (from?.attempt ?? 0) + 1;
      if (attempt > SMS_RESEND_MAX) {
        throw refused(formatMessage(MSG.smsResendTooMany, { max: SMS_RESEND_MAX }));
      }
      const newId = await write(
        tx,
        { mobile: row.mobile, purpose: row.purpose, template: row.template, content: row.content },
        actor,
      );
      const created: repo.ResendLink = {
        smsId: row.id,
        resendId: newId,
        originId: from?.originId ?? row.id,
        attempt,
      };
      await audit.append(tx, {
        ...actor,
        action: repo.RESEND_ACTION,
        result: 'ok',
        target: maskMobile(row.mobile),
        detail: created,
      });
      return { resendId: newId, link: created };
    });
    const isSent = await deliver(resendId);
    const row = await repo.findMessage(db, resendId);
    if (row === undefined) throw new Error(`sms_outbox row ${resendId} vanished after its resend`);
    if (!isSent) {
      throw refused(formatMessage(MSG.smsResendFailed, { reason: row.error ?? UNEXPLAINED_FAILURE }));
    }
    return toItem(row, indexLinks([link]));
  }

  function templates(): SmsTemplateItem[] {
    return SMS_TEMPLATE_CODES.map(toTemplateItem);
  }

  async function providerState(): Promise<SmsProviderState> {
    const now = clock.now();
    const counts = await repo.countByStatus(
      db,
      new Date(now.getTime() - SMS_PROVIDER_WINDOW_HOURS * HOUR_MS),
    );
    const failure = await repo.findLastFailure(db);
    return {
      name: provider.name,
      isConfigured: provider.isConfigured ?? true,
      endpoint: provider.endpoint ?? null,
      windowHours: SMS_PROVIDER_WINDOW_HOURS,
      counts,
      lastError:
        failure === undefined
          ? null
          : {
              smsId: failure.id,
              error: failure.error ?? UNEXPLAINED_FAILURE,
              at: failure.createdAt.toISOString(),
            },
      checkedAt: now.toISOString(),
    };
  }

  return { enqueue, deliver, list, resend, templates, providerState };
}
