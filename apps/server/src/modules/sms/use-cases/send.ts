// Sending is two steps: `enqueue` in the caller's transaction, `deliver` after commit.
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { Db } from '../../../db/client.ts';
import type { OutgoingSms, SmsActor, SmsDeps } from '../deps.ts';
import { UNEXPLAINED_FAILURE, writeMessage } from '../outbox.ts';
import * as repo from '../repo.ts';

const MAX_ERROR_LENGTH = 500;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH) || UNEXPLAINED_FAILURE;
}

/** Writes the message and its audit row in `tx`; answers the outbox id to deliver once `tx` has committed. */
export function enqueue(deps: SmsDeps, tx: Db, message: OutgoingSms, actor: SmsActor): Promise<number> {
  return writeMessage(deps, tx, message, actor);
}

/** Hands a committed message to the provider; answers whether the provider accepted it. */
export async function deliver({ db, clock, provider, log }: SmsDeps, id: number): Promise<boolean> {
  const row = await repo.findMessage(db, id);
  if (row?.status !== 'queued') return row?.status === 'sent';
  try {
    await provider.send({ id: row.id, mobile: row.mobile, purpose: row.purpose, content: row.content });
  } catch (error) {
    const reason = describeError(error);
    // The reason comes from the provider, the text stays out of the log.
    log.warn({ smsId: id, mobile: maskMobile(row.mobile), provider: provider.name, reason }, '短信发送失败');
    await repo.markDelivered(db, id, { status: 'failed', error: reason });
    return false;
  }
  await repo.markDelivered(db, id, { status: 'sent', sentAt: clock.now() });
  return true;
}
