// The SMS provider seam (BLUEPRINT section 5). Messages are written to the outbox first (sms module); a provider
// only delivers them. The default provider has no carrier behind it: it notes the delivery in the log, where
// only the masked number may appear, never the text (it carries the code). With SMS_HTTP_URL set, messages go to
// an HTTP SMS gateway instead:
//
//   POST {SMS_HTTP_URL}   Authorization: Bearer {SMS_HTTP_TOKEN}   (the header only with a token)
//        {id, mobile, purpose, content}   (id: the outbox id, for the gateway to drop a repeated delivery)
//   any 2xx: the gateway accepted the message; any other answer, a refused connection or no answer within the
//   time-out: the delivery failed, with a reason the 短信管理 screen shows.
//
// A failure reason never carries the gateway's answer body: a gateway may echo the text, and reasons are logged.
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/** One outbox message on its way to the carrier. */
export type SmsMessage = { id: number; mobile: string; purpose: string; content: string };

export type SmsProvider = {
  /** recorded on each outbox row, so the SMS screen shows which channel sent it */
  readonly name: string;
  /**
   * whether a carrier is behind the channel (the SMS screen's 服务状态); absent counts as configured, as a
   * provider handed in by the embedding application is
   */
  readonly isConfigured?: boolean;
  /** where the messages go, for the SMS screen: never a path, query or credential */
  readonly endpoint?: string;
  /** resolves once the carrier accepted the message; rejects with a reason otherwise */
  send(message: SmsMessage): Promise<void>;
};

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly isConfigured = false;
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

/** How long a delivery waits for the gateway; the sender (a code request, a resend) waits as long. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

/** The reason of a request that got no answer, in words the administrator reads on the SMS screen. */
function describeUnreachable(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return '短信网关响应超时';
  // undici wraps the socket error: "fetch failed" with cause {code: 'ECONNREFUSED' ...}
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : undefined;
  return code === undefined ? '短信网关无法连接' : `短信网关无法连接（${code}）`;
}

export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  readonly isConfigured = true;
  readonly endpoint: string;
  readonly #url: string;
  readonly #headers: Record<string, string>;

  constructor(config: NonNullable<Config['smsHttp']>) {
    this.#url = config.url;
    // the origin only: a gateway's path or query may hold an account key
    this.endpoint = new URL(config.url).origin;
    this.#headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (config.token !== undefined) this.#headers.authorization = `Bearer ${config.token}`;
  }

  async send(message: SmsMessage): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: this.#headers,
        body: JSON.stringify({
          id: message.id,
          mobile: message.mobile,
          purpose: message.purpose,
          content: message.content,
        }),
        signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(describeUnreachable(error));
    }
    // the body is not read (see the top of the file), only released
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new Error(`短信网关拒绝发送（HTTP ${response.status}）`);
  }
}

/** The provider the configuration selects: the HTTP gateway when SMS_HTTP_URL is set, else the log channel. */
export function createSmsProvider(config: Pick<Config, 'smsHttp'>, log: FastifyBaseLogger): SmsProvider {
  return config.smsHttp === undefined ? new LogSmsProvider(log) : new HttpSmsProvider(config.smsHttp);
}
