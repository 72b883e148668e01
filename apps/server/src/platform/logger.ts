// Logger options. Secrets must never reach the log: requests are logged by method and path only (no headers,
// no bodies), and redaction covers the secret fields wherever a later log call might carry them.
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

const SECRET_FIELDS = [
  'password',
  'newpassword',
  'newpassword2',
  'captcha',
  'otp',
  'duanxin',
  'phonecode',
  'code',
  'access_token',
  'token',
] as const;

const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["session-id"]'] as const;

export const REDACT_PATHS: string[] = [
  ...SECRET_HEADERS.flatMap((h) => {
    const key = h.startsWith('[') ? h : `.${h}`;
    return [
      `headers${key}`,
      `req.headers${key}`,
      `res.headers${key}`,
      `request.headers${key}`,
      `reply.headers${key}`,
    ];
  }),
  ...SECRET_FIELDS.flatMap((f) => [f, `body.${f}`, `*.body.${f}`]),
  // `code` is left out of the one-level wildcard, which would also hide error codes (err.code).
  ...SECRET_FIELDS.filter((f) => f !== 'code').map((f) => `*.${f}`),
];

const MOBILE_IN_PATH = /(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g;
/** Path segments that are secrets themselves: the face-authentication confirmation token. */
const SECRET_IN_PATH = /(\/api\/face\/confirm\/)[^/]+/g;

/**
 * Only the path of the URL (query strings may carry codes), with mobile numbers in it masked (138****0001) and
 * secret path segments hidden.
 */
function stripQuery(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  return path.replace(MOBILE_IN_PATH, '$1****$2').replace(SECRET_IN_PATH, '$1[已隐藏]');
}

// Serializers also meet whatever a log call passes under `req`/`res`, so they read fields defensively and
// copy only the harmless ones: a request's headers and body never reach the log.
function serializeRequest(request: unknown): Record<string, unknown> {
  const r = (request ?? {}) as Partial<FastifyRequest>;
  return { method: r.method, url: stripQuery(r.url), remoteAddress: r.ip };
}

function serializeReply(reply: unknown): Record<string, unknown> {
  return { statusCode: (reply as Partial<FastifyReply> | undefined)?.statusCode };
}

export function createLoggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[已隐藏]' },
    serializers: {
      req: serializeRequest,
      res: serializeReply,
      err: pino.stdSerializers.err,
    },
  };
}

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: Writable): Logger {
  const options = createLoggerOptions(config);
  return stream === undefined ? pino(options) : pino(options, stream);
}
