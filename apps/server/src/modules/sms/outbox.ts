// Helpers the sms use cases share: an outbox row written with its audit row, and a row as 短信管理 lists it with
// its resend links.
import { SMS_RESEND_MAX, type SmsListItem } from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { Db } from '../../db/client.ts';
import type { OutgoingSms, SmsActor, SmsDeps } from './deps.ts';
import * as repo from './repo.ts';

/** the reason of a failure the provider did not explain */
export const UNEXPLAINED_FAILURE = '发送失败';

export type Links = { resentFrom: Map<number, repo.ResendLink>; resentAs: Map<number, repo.ResendLink> };

export function indexLinks(links: readonly repo.ResendLink[]): Links {
  return {
    resentFrom: new Map(links.map((link) => [link.resendId, link])),
    resentAs: new Map(links.map((link) => [link.smsId, link])),
  };
}

export function toItem(row: repo.SmsRow, links: Links): SmsListItem {
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

/** `enqueue` for any template code: a resent row keeps the code it was written with, whatever it names today. */
export async function writeMessage(
  { clock, audit, provider }: SmsDeps,
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
