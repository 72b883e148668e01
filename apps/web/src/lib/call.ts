// Calls the API through its contracts (packages/domain/src/contract.ts): the contract gives the method, the path
// with its params filled in, and the answer's type, so a call site names the call and passes typed input, never a
// path string or an answer type of its own. The HTTP client (http.ts) does the rest: the token, the time-outs and
// the error catalogue. A call without input takes `{}`.
//
// A page that must stay light (the sign-in page loads no zod) names its calls by route instead: `const route:
// CallRoute<typeof xCall> = { method: 'POST', path: '/api/x' }` with `import type { xCall }`. The compiler checks
// the method and path against the contract and types the input and answer from it, and none of the contract's
// schemas is bundled.
import type { Envelope } from '@cqjy/domain/api';
import { callPath } from '@cqjy/domain/call-path';
import type { CallAnswer, CallDef, CallInput } from '@cqjy/domain/contract';
import { request, unwrap, type RequestOptions, type UnwrapOptions } from './http.ts';

export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'data'>;

/** A call by its method and path alone, typed by its contract (see above); any contract is its own route. */
export type CallRoute<C extends CallDef> = Pick<C, 'method' | 'path'>;

/** Sends the call; answers its envelope (a nonzero status is the caller's to read). */
export function callApi<C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallAnswer<C>>> {
  return callRoute<C>(call, input, options);
}

/** Sends the call and answers its data: status 0 gives it, any other shows the message and throws (SH-8.8). */
export async function fetchData<C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options: CallOptions & UnwrapOptions = {},
): Promise<CallAnswer<C>> {
  return fetchRoute<C>(call, input, options);
}

/** callApi by route. */
export function callRoute<C extends CallDef>(
  route: CallRoute<C>,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallAnswer<C>>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
  };
  return request<Envelope<CallAnswer<C>>>(callPath(route, params), {
    ...options,
    method: route.method,
    ...(query === undefined ? {} : { params: query as Record<string, unknown> }),
    ...(body === undefined ? {} : { data: body }),
  });
}

/** fetchData by route. */
export async function fetchRoute<C extends CallDef>(
  route: CallRoute<C>,
  input: CallInput<C>,
  options: CallOptions & UnwrapOptions = {},
): Promise<CallAnswer<C>> {
  const { showSuccess, showError, ...rest } = options;
  return unwrap(await callRoute(route, input, rest), {
    ...(showSuccess === undefined ? {} : { showSuccess }),
    ...(showError === undefined ? {} : { showError }),
  });
}
