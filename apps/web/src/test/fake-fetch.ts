import { vi } from 'vitest';

export type FetchCall = { url: string; method: string; headers: Headers; body: unknown };

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function envelope<T>(data: T, status = 0, msg = ''): { status: number; msg: string; data: T } {
  return { status, msg, data };
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Installs a fetch that records each call and answers through `handler`; a handler that never resolves leaves the
 * call pending until its AbortSignal fires, as a real slow server would.
 */
export function stubFetch(handler: Handler): { calls: FetchCall[]; fetch: ReturnType<typeof vi.fn> } {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
        return;
      }
      signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      Promise.resolve()
        .then(() => handler(call))
        .then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** A handler that never answers. */
export function neverAnswer(): Promise<Response> {
  return new Promise<Response>(() => {});
}

/** The path of a recorded call, without its query. */
export const pathOf = (call: FetchCall): string => call.url.split('?')[0] ?? '';

/** The JSON body a recorded call sent. */
export const bodyOf = (call: FetchCall | undefined): Record<string, unknown> =>
  JSON.parse(String(call?.body)) as Record<string, unknown>;
