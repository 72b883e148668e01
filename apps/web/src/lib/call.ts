// Calls the API through its contracts (packages/domain/src/contract.ts): the contract gives the method, the path
// with its params filled in, and the answer's type, so a call site names the call and passes typed input, never a
// path string or an answer type of its own. The HTTP client (http.ts) does the rest: the token, the time-outs and
// the error catalogue. A call without input takes `{}`.
import type { Envelope } from '@cqjy/domain/api';
import { callPath, type CallAnswer, type CallDef, type CallInput } from '@cqjy/domain/contract';
import { request, unwrap, type RequestOptions, type UnwrapOptions } from './http.ts';

export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'data'>;

/** Sends the call; answers its envelope (a nonzero status is the caller's to read). */
export function callApi<C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallAnswer<C>>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
  };
  return request<Envelope<CallAnswer<C>>>(callPath(call, params), {
    ...options,
    method: call.method,
    ...(query === undefined ? {} : { params: query as Record<string, unknown> }),
    ...(body === undefined ? {} : { data: body }),
  });
}

/** Sends the call and answers its data: status 0 gives it, any other shows the message and throws (SH-8.8). */
export async function fetchData<C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options: CallOptions & UnwrapOptions = {},
): Promise<CallAnswer<C>> {
  const { showSuccess, showError, ...rest } = options;
  return unwrap(await callApi(call, input, rest), {
    ...(showSuccess === undefined ? {} : { showSuccess }),
    ...(showError === undefined ? {} : { showError }),
  });
}
