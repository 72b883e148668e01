// Bearer sessions. Tokens are 32 random bytes (base64url) handed to the client once; the database keeps only
// their sha256, so a leaked table cannot be replayed. Which session a token belongs to is answered by the auth
// module, injected here, so the platform does not depend on any module.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/**
 * What a route hook demands, readable on the hook itself (`hook[ACCESS_POLICY]`): `app.authenticate` a live
 * signed-in session, a guard of guard.ts one of its permission codes. The reliability suite reads it per route.
 */
export const ACCESS_POLICY = Symbol('accessPolicy');

export type AccessPolicy = { kind: 'signIn' } | { kind: 'permission'; codes: readonly string[] };

/** The signed-in operator behind a request. */
export type SessionContext = {
  sessionId: number;
  userId: number;
  operatorId: number;
  companyId: number;
  identityType: number;
  codes: readonly string[];
};

/** Where a call came from, for session rows and the audit log. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

export function readOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Answers the signed-in session of a token hash, or null when it is unknown, expired, revoked or anonymous. */
export type ResolveSession = (tokenHash: string) => Promise<SessionContext | null>;

declare module 'fastify' {
  // Declaration merging needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: SessionContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** preHandler of every signed-in route: 401 unless the bearer token is a live signed-in session */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer ...` header; the strings the client writes for "no token" count as none. */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (token === undefined || token === 'undefined' || token === 'null') return undefined;
  return token;
}

export function registerAuth(app: FastifyInstance, deps: { resolveSession: ResolveSession }): void {
  app.decorateRequest('auth', null);
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const token = readBearerToken(request);
    if (token === undefined) throw unauthorized();
    const session = await deps.resolveSession(hashToken(token));
    if (session === null) throw unauthorized();
    request.auth = session;
  };
  const policy: AccessPolicy = { kind: 'signIn' };
  app.decorate('authenticate', Object.assign(authenticate, { [ACCESS_POLICY]: policy }));
}

/** The session of a route behind `app.authenticate`. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (request.auth === null) throw unauthorized();
  return request.auth;
}
