// The sms module owns the outbox. Sending is two steps: `enqueue` writes the message (and its audit row) in the
// caller's transaction, so a rolled-back change sends nothing; `deliver`, called after commit, hands it to the
// provider and records the outcome. Message texts and codes never reach the log.
import type { PageResult, SmsOutboxItem } from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { AuditService } from '../audit/service.ts';
import * as repo from './repo.ts';

export type OutgoingSms = { mobile: string; purpose: string; template: string; content: string };

/** Who caused the message, for its audit row. */
export type SmsActor = Omit<AuditEntry, 'action' | 'result' | 'target' | 'detail'>;

export type SmsListQuery = { pageNum: number; pageSize: number; mobile?: string | undefined };

export type SmsService = ReturnType<typeof createSmsService>;

const MAX_ERROR_LENGTH = 500;

function toItem(row: repo.SmsRow): SmsOutboxItem {
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
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH) || '发送失败';
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
  async function enqueue(tx: Db, message: OutgoingSms, actor: SmsActor): Promise<number> {
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

  async function list(query: SmsListQuery): Promise<PageResult<SmsOutboxItem>> {
    const { rows, total } = await repo.listPage(db, {
      offset: (query.pageNum - 1) * query.pageSize,
      limit: query.pageSize,
      mobileDigits: query.mobile,
    });
    return { list: rows.map(toItem), total };
  }

  return { enqueue, deliver, list };
}
