// The single error handler: every failure leaves as the envelope. Business errors (AppError) keep their status;
// bad input becomes a refused operation with a Chinese message; anything unexpected is logged with its stack and
// answered as HTTP 500 with a reference id only, never internals. Access refusals (401, 403, 404) are handed to a
// listener first, which app.ts wires to the audit log.
import { API_STATUS, MSG } from '@cqjy/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure } from './envelope.ts';
import { isAppError, notFound } from './errors.ts';

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** Our schemas carry Chinese messages; library defaults are English and are replaced by a generic one. */
function pickMessage(messages: readonly (string | undefined)[]): string {
  return messages.find((m): m is string => m !== undefined && HAS_CHINESE.test(m)) ?? MSG.badRequest;
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  409: MSG.conflict,
  429: MSG.tooManyRequests,
};

export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isAppError(error)) {
    return reply.code(error.httpStatus).send(failure(error.status, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .code(200)
      .send(failure(API_STATUS.refused, pickMessage(error.validation.map((v) => v.message))));
  }
  if (error instanceof z.ZodError) {
    return reply.code(200).send(failure(API_STATUS.refused, pickMessage(error.issues.map((i) => i.message))));
  }
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Malformed JSON, an unsupported content type, a body too large ...: the client's fault, no stack needed.
    request.log.info({ code: (error as FastifyError).code, statusCode }, 'request refused');
    return reply
      .code(statusCode)
      .send(failure(statusCode, CLIENT_ERROR_MESSAGES[statusCode] ?? MSG.badRequest));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(failure(500, `${MSG.serverError} (编号 ${request.id})`));
}

/** The access refusals: no live session (401), no permission (403), a record the caller may not see (404). */
export type AccessRefusal = 401 | 403 | 404;

/**
 * Told of every access refusal before it is answered (the audit log records them). It must not throw and should
 * be quick: the caller is waiting.
 */
export type AccessRefusalListener = (request: FastifyRequest, status: AccessRefusal) => Promise<void>;

function accessRefusalOf(error: unknown): AccessRefusal | null {
  if (!isAppError(error)) return null;
  return error.status === 401 || error.status === 403 || error.status === 404 ? error.status : null;
}

/**
 * Whether the request's path named no row: a path param refused with 数据不存在或无权访问 (a row's id that is no id,
 * `zPathId`; a list kind that does not exist). It is answered as a row the caller may not see (404), never with more
 * than that. A param a person types (a mobile, a username, a code's purpose) keeps its own message.
 */
function isPathNamingNothing(error: unknown): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) &&
    (error as { validationContext?: string }).validationContext === 'params' &&
    error.validation.some((issue) => issue.message === MSG.notFound)
  );
}

export function registerErrorHandler(
  app: FastifyInstance,
  options: { onAccessRefused?: AccessRefusalListener } = {},
): void {
  const { onAccessRefused } = options;
  app.setErrorHandler(async (thrown, request, reply) => {
    const error = isPathNamingNothing(thrown) ? notFound() : thrown;
    const refusal = onAccessRefused === undefined ? null : accessRefusalOf(error);
    if (refusal !== null) await onAccessRefused?.(request, refusal);
    return answerError(error, request, reply);
  });
}
