// Logger options. Secrets must never reach the log: requests are logged by method and path only (no headers,
// no bodies), redaction covers the secret fields wherever a later log call might carry them, and errors lose the
// values of a failed query and show mobile and ID numbers masked.
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

/** A failed query's parameter values, which Drizzle writes into its error message after `params:`. */
const QUERY_PARAMS = /\nparams: [^\n]*/g;
const MOBILE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const ID_NUMBER_IN_TEXT = /(?<![\dA-Za-z])(\d{6})\d{8}(\d{3}[\dXx])(?![\dA-Za-z])/g;

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value
      .replace(QUERY_PARAMS, '\nparams: [已隐藏]')
      .replace(MOBILE_IN_TEXT, '$1****$2')
      .replace(ID_NUMBER_IN_TEXT, '$1********$2');
  }
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      // the bound values of a failed query: the caller's data (a mobile, an ID number, a name)
      .filter(([key]) => key !== 'params')
      .map(([key, item]) => [key, scrub(item, depth + 1)]),
  );
}

/**
 * An error with its stack, but without what a caller sent: a failed query's bound values are dropped, and mobile
 * and ID numbers in the message, the stack or a driver's detail ("Key (mobile)=(...)") are masked.
 */
function serializeError(error: unknown): unknown {
  return scrub(pino.stdSerializers.err(error as Error));
}

export function createLoggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[已隐藏]' },
    serializers: {
      req: serializeRequest,
      res: serializeReply,
      err: serializeError,
    },
  };
}

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: Writable): Logger {
  const options = createLoggerOptions(config);
  return stream === undefined ? pino(options) : pino(options, stream);
}
