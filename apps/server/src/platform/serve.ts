// Registers a route from its contract (packages/domain/src/contract.ts): the method and path, the schemas Fastify
// validates the params, query and body with (a path that does not parse answers 404, error-handler.ts), the answer
// serialised through the envelope of the contract's `data`, and the OpenAPI entry, all from the one description.
// The route adds only who may call it and what it does: its guard (run before the input is read, so a caller
// without the right is told 401 or 403 whatever it sent) and its handler, which receives the parsed input.
import type { CallAnswer, CallArgs, CallDef, Envelope } from '@cqjy/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { zEnvelope } from './envelope.ts';

/** Who may call: the hooks that authenticate and authorise, or `public` for the calls anyone may make. */
export type CallGuard = readonly preValidationHookHandler[] | 'public';

export type CallHandler<C extends CallDef> = (
  input: CallArgs<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Envelope<CallAnswer<C>> | FastifyReply>;

/** A route's own settings beside its contract: its rate limit (`@fastify/rate-limit`'s per-route config). */
export type ServeOptions = { config?: Record<string, unknown> };

export function serve<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  guard: CallGuard,
  handler: CallHandler<C>,
  options: ServeOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    ...(guard === 'public' ? {} : { preValidation: [...guard] }),
    ...(options.config === undefined ? {} : { config: options.config }),
    schema: {
      tags: [call.tag],
      summary: call.summary,
      ...(call.description === undefined ? {} : { description: call.description }),
      ...(call.params === undefined ? {} : { params: call.params }),
      ...(call.query === undefined ? {} : { querystring: call.query }),
      ...(call.body === undefined ? {} : { body: call.body }),
      response: { 200: zEnvelope(call.answer) },
    },
    handler: (request, reply) =>
      handler(
        { params: request.params, query: request.query, body: request.body } as CallArgs<C>,
        request,
        reply,
      ),
  });
}
