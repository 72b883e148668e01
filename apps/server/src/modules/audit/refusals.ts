// Access refusals in the audit log: every 401 (no live session), 403 (no permission) and 404 (a record the caller
// may not see, another company's above all) becomes a row `access.denied`, with who asked, from where, the route
// pattern and the record id (in the detail), never the query string or the body (they may carry codes or ID
// numbers). A refusal costs a row under the chain's lock, so a flood is capped: per address and caller, and in
// all, per minute; what the cap drops is counted in a warning. The sign-in calls audit their own failures (login,
// fail) and are left out.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AccessRefusal } from '../../platform/error-handler.ts';
import type { AuditService } from './service.ts';

export const ACCESS_DENIED_ACTION = 'access.denied';

/** Sign-in calls: a failed attempt is audited by the auth module as `login`, `fail`. */
const SELF_AUDITED_ROUTES: ReadonlySet<string> = new Set(['POST /api/login', 'POST /api/mobile/login']);

export type RefusalLimits = {
  /** rows per address and caller per minute */
  perCaller: number;
  /** rows per minute in all */
  total: number;
};

export const DEFAULT_REFUSAL_LIMITS: RefusalLimits = { perCaller: 30, total: 600 };

const WINDOW_MS = 60_000;

/** The record a refusal names: the route's :id parameter, when it has one of a sane length. */
function recordIdOf(request: FastifyRequest): string | null {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  // a contract's path id arrives parsed (zPathId), a plain route's as the text of the path
  if (typeof id === 'number') return String(id);
  return typeof id === 'string' && id.length <= 64 ? id : null;
}

export function createRefusalAuditor(deps: {
  db: Db;
  audit: AuditService;
  clock: Clock;
  log: FastifyBaseLogger;
  limits?: RefusalLimits;
}) {
  const { db, audit, clock, log } = deps;
  const limits = deps.limits ?? DEFAULT_REFUSAL_LIMITS;
  let window = -1;
  let total = 0;
  let dropped = 0;
  const perCaller = new Map<string, number>();

  /** Whether this refusal may still be written in the current minute. */
  function admit(key: string): boolean {
    const current = Math.floor(clock.now().getTime() / WINDOW_MS);
    if (current !== window) {
      if (dropped > 0) log.warn({ dropped }, '访问拒绝过多，部分未写入审计日志');
      window = current;
      total = 0;
      dropped = 0;
      perCaller.clear();
    }
    const count = perCaller.get(key) ?? 0;
    if (count >= limits.perCaller || total >= limits.total) {
      dropped += 1;
      return false;
    }
    perCaller.set(key, count + 1);
    total += 1;
    return true;
  }

  return async function recordRefusal(request: FastifyRequest, status: AccessRefusal): Promise<void> {
    const route = request.routeOptions.url;
    if (route === undefined || SELF_AUDITED_ROUTES.has(`${request.method} ${route}`)) return;
    const session = request.auth;
    if (!admit(`${request.ip}|${session?.userId ?? ''}`)) return;
    try {
      await audit.append(db, {
        action: ACCESS_DENIED_ACTION,
        result: String(status),
        // the record refused goes in the detail: `target` stays the subject of the callers' own rows
        target: null,
        userId: session?.userId ?? null,
        operatorId: session?.operatorId ?? null,
        companyId: session?.companyId ?? null,
        identityType: session?.identityType ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        detail: { status, method: request.method, route, id: recordIdOf(request) },
      });
    } catch (error) {
      // the refusal is answered all the same; the log says the row is missing
      request.log.warn({ err: error }, '访问拒绝未能写入审计日志');
    }
  };
}
