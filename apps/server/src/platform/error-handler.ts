// The single error handler: every failure leaves as the envelope. Business errors (AppError) keep their status;
// bad input becomes a refused operation with a Chinese message; anything unexpected is logged with its stack and
// answered as HTTP 500 with a reference id only, never internals.
import { API_STATUS, MSG } from '@cqjy/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure } from './envelope.ts';
import { isAppError } from './errors.ts';

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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => answerError(error, request, reply));
}
