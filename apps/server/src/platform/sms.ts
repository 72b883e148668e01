// The SMS provider seam (BLUEPRINT section 5). Messages are written to the outbox first (sms module); a provider
// only delivers them. The default provider has no carrier behind it: it notes the delivery in the log, where
// only the masked number may appear, never the text (it carries the code).
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { FastifyBaseLogger } from 'fastify';

/** One outbox message on its way to the carrier. */
export type SmsMessage = { id: number; mobile: string; purpose: string; content: string };

export type SmsProvider = {
  /** recorded on each outbox row, so the SMS screen shows which channel sent it */
  readonly name: string;
  /** resolves once the carrier accepted the message; rejects with a reason otherwise */
  send(message: SmsMessage): Promise<void>;
};

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  send(message: SmsMessage): Promise<void> {
    this.#log.info(
      { smsId: message.id, mobile: maskMobile(message.mobile), purpose: message.purpose },
      '短信已投递（日志通道，短信内容见短信管理）',
    );
    return Promise.resolve();
  }
}
