// The sms module owns the outbox. Sending is two steps: `enqueue` writes the message (and its audit row) in the
// caller's transaction, so a rolled-back change sends nothing; `deliver`, called after commit, hands it to the
// provider and records the outcome. Message texts and codes never reach the log.
//
// 短信管理 reads the outbox (`list`), the templates the contents are built from (`templates`) and the channel's
// state (`providerState`), and resends a failed message (`resend`): a new outbox row with the same content,
// delivered at once, linked to the failed one by its `sms.resend` audit row. Only the newest row of a message can
// be resent, and at most SMS_RESEND_MAX times in all.
//
// Each job is one use case (use-cases/: send, list, resend, channel); the outbox helpers they share sit in
// outbox.ts; this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { SmsDeps } from './deps.ts';
import { providerState, templates } from './use-cases/channel.ts';
import { list } from './use-cases/list.ts';
import { resend } from './use-cases/resend.ts';
import { deliver, enqueue } from './use-cases/send.ts';

export type { OutgoingSms, SmsActor, SmsDeps } from './deps.ts';

export type SmsService = ReturnType<typeof createSmsService>;

export function createSmsService(deps: SmsDeps) {
  /** A use case with the module's deps bound: what the routes and the other modules call. */
  const bound = bindDeps(deps);

  return {
    enqueue: bound(enqueue),
    deliver: bound(deliver),
    list: bound(list),
    resend: bound(resend),
    templates: bound(templates),
    providerState: bound(providerState),
  };
}
