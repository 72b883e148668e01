// 短信管理 resends a failed message: a new outbox row with the same content, delivered at once, linked to the
// failed one by its `sms.resend` audit row.
import { formatMessage, MSG, SMS_RESEND_MAX, type SmsListItem } from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { notFound, refused } from '../../../platform/errors.ts';
import type { SmsActor, SmsDeps } from '../deps.ts';
import { indexLinks, toItem, UNEXPLAINED_FAILURE, writeMessage } from '../outbox.ts';
import * as repo from '../repo.ts';
import { deliver } from './send.ts';

/**
 * Resends failed message `id` to its mobile with its content. Refused unless it failed, is the newest row of
 * its message and was resent fewer than SMS_RESEND_MAX times; HTTP-200 404 for an unknown id. Answers the new
 * row once delivered; a delivery that fails again is refused with the reason (the new row stays, as failed).
 */
export async function resend(deps: SmsDeps, actor: SmsActor, id: number): Promise<SmsListItem> {
  const { db, audit } = deps;
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
    const newId = await writeMessage(
      deps,
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
  const isSent = await deliver(deps, resendId);
  const row = await repo.findMessage(db, resendId);
  if (row === undefined) throw new Error(`sms_outbox row ${resendId} vanished after its resend`);
  if (!isSent) {
    throw refused(formatMessage(MSG.smsResendFailed, { reason: row.error ?? UNEXPLAINED_FAILURE }));
  }
  return toItem(row, indexLinks([link]));
}
