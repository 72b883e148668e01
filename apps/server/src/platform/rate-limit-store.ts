// The store of @fastify/rate-limit on a counter shared by every server node (the rate-limits module's table),
// so that an address gets its limit once in all, not once per node. Platform knows no module: app.ts hands the
// counter in.
//
// Each limit counts in a bucket of its own: the one given by `groupId` (limits shared by several routes, set up
// with app.rateLimit), else the route's method and URL pattern, so sign-in, captcha and SMS limits never add
// up. Keys are `<bucket>:<address>`.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** One fixed window per key: the hits so far and the milliseconds until the window ends. */
export type RateLimitCounter = {
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** the window without counting (`{increment: false}`); count 0 when there is none */
  read(key: string): Promise<{ count: number; ttlMs: number }>;
};

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type ChildOptions = { groupId?: unknown; routeInfo?: { method?: unknown; url?: unknown } };

/** The bucket of a limit: its groupId, else `METHOD /url/pattern` (HEAD counts with GET, which it runs). */
export function rateLimitBucket(options: ChildOptions): string {
  if (typeof options.groupId === 'string' && options.groupId !== '') return options.groupId;
  const { method, url } = options.routeInfo ?? {};
  if (typeof url !== 'string' || url === '') {
    throw new Error('a rate limit outside a route config needs a groupId, so that its bucket is its own');
  }
  const methods = (Array.isArray(method) ? method : [method]).map((m) => (m === 'HEAD' ? 'GET' : String(m)));
  return `${[...new Set(methods)].join(',')} ${url}`;
}

export function createRateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly bucket: string;

    /** The plugin makes the root store with its own options; each limit gets a child with its bucket. */
    constructor(options: { bucket?: string } = {}) {
      this.bucket = options.bucket ?? 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.hit(`${this.bucket}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      counter.read(`${this.bucket}:${key}`).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the limit's merged options (with groupId and routeInfo), whatever its types say.
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore({ bucket: rateLimitBucket(routeOptions as ChildOptions) });
    }
  };
}
