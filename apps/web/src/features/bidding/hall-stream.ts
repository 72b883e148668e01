// The hall's live events (GET /api/bidding/{id}/events, text/event-stream). The portal signs its calls with a
// bearer header (lib/http.ts), which EventSource cannot send, so the stream is read with fetch and a small parser
// of the event-stream format. A drop (the network, a proxy's idle cut, a restart of the server) is followed by a
// new connection after a short, growing wait; since events may have been missed meanwhile, the caller is told to
// read the hall again once the new connection stands. A connection that stays silent past the server's heartbeat
// is taken as dead (a half-open socket never ends on its own).
import { BIDDING_EVENTS } from '@cqjy/domain/bidding';
import { reportHttpStatus } from '../../lib/http.ts';
import { getSession } from '../../lib/session-store.ts';

const HALL_EVENTS: ReadonlySet<string> = new Set(Object.values(BIDDING_EVENTS));

export type SseEvent = { event: string; data: string };

/** Feeds text as it arrives; hands on each complete event (comments, such as the heartbeats, are skipped). */
export function createSseParser(onEvent: (event: SseEvent) => void): { push: (text: string) => void } {
  let pending = '';
  let name = '';
  let data: string[] = [];
  const readLine = (line: string): void => {
    if (line === '') {
      if (data.length > 0) onEvent({ event: name === '' ? 'message' : name, data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };
  return {
    push: (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) readLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    },
  };
}

export type HallStreamHandlers = {
  /** the data of each `hall` event, parsed */
  onHall: (data: unknown) => void;
  /** a connection stands (the first, or one after a drop) */
  onOpen?: () => void;
  /** a connection after a drop stands: what was missed must be read again */
  onReconnect?: () => void;
  /** the connection was lost; another is tried */
  onDrop?: () => void;
};

/** Waits before the nth attempt after a drop: 1 s, 2 s, 4 s ... at most 15 s. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 15_000;
/** The server's heartbeats come well within this; silence as long means the connection is dead. */
export const SILENCE_LIMIT_MS = 45_000;

export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function hallEventsPath(id: number): string {
  return `/api/bidding/${id}/events`;
}

/** Follows the hall's events until the returned function is called. */
export function followHall(id: number, handlers: HallStreamHandlers): () => void {
  const stopped = new AbortController();
  const path = hallEventsPath(id);

  /**
   * One connection: `stop` when asking again is pointless, `dropped` when it stood and then ended, `failed` when
   * it never stood.
   */
  const connect = async (isReconnect: boolean): Promise<'stop' | 'dropped' | 'failed'> => {
    let hasOpened = false;
    const connection = new AbortController();
    const onStop = (): void => connection.abort();
    stopped.signal.addEventListener('abort', onStop, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => connection.abort(), SILENCE_LIMIT_MS);
    };
    try {
      const headers = new Headers({ Accept: 'text/event-stream' });
      const token = getSession().token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      watch();
      const response = await fetch(path, { headers, cache: 'no-store', signal: connection.signal });
      // A lapsed session is the sign-in dialog's; a hall that is not there will not appear by asking again.
      if (response.status === 401) {
        reportHttpStatus(path, 401);
        return 'stop';
      }
      if (response.status === 403 || response.status === 404) return 'stop';
      if (response.status !== 200 || response.body === null) return 'failed';
      hasOpened = true;
      handlers.onOpen?.();
      if (isReconnect) handlers.onReconnect?.();
      const parser = createSseParser((event) => {
        // the first event, each bid's and the close's: every one carries the whole hall
        if (!HALL_EVENTS.has(event.event)) return;
        try {
          handlers.onHall(JSON.parse(event.data));
        } catch {
          // a garbled event is skipped; the next one carries the whole hall again
        }
      });
      const reader = response.body.getReader();
      // the body of a stopped connection is let go, so the read below ends instead of waiting forever
      connection.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), {
        once: true,
      });
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        parser.push(decoder.decode(value, { stream: true }));
      }
      return 'dropped';
    } catch {
      return hasOpened ? 'dropped' : 'failed';
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', onStop);
    }
  };

  void (async () => {
    let attempt = 0;
    let isReconnect = false;
    for (;;) {
      const outcome = await connect(isReconnect);
      if (stopped.signal.aborted || outcome === 'stop') return;
      handlers.onDrop?.();
      isReconnect = true;
      // a connection that stood starts the waits afresh; failures in a row wait longer each time
      attempt = outcome === 'dropped' ? 1 : attempt + 1;
      await sleep(retryDelay(attempt), stopped.signal);
      if (stopped.signal.aborted) return;
    }
  })();

  return () => stopped.abort();
}
