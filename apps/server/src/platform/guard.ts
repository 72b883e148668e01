// Route guard: a route names the permission code it needs (the same codes as the menus). Every guard carries its
// policy under ACCESS_POLICY (as `app.authenticate` does, see auth.ts), so the route table can be read back: the
// reliability suite collects it and checks every route's answers against it.
import type { PermissionCode } from '@cqjy/domain';
import type { FastifyRequest } from 'fastify';
import { ACCESS_POLICY, requireSession, type AccessPolicy } from './auth.ts';
import { forbidden } from './errors.ts';

export { ACCESS_POLICY, type AccessPolicy } from './auth.ts';

export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly [ACCESS_POLICY]: AccessPolicy };

export function hasPermission(codes: readonly string[], code: PermissionCode): boolean {
  return codes.includes(code);
}

function withPolicy(check: (request: FastifyRequest) => Promise<void>, policy: AccessPolicy): Guard {
  return Object.assign(check, { [ACCESS_POLICY]: policy });
}

/** The policy a hook declares, if it is `app.authenticate` or a guard of this file. */
export function readAccessPolicy(hook: unknown): AccessPolicy | undefined {
  if (typeof hook !== 'function') return undefined;
  return (hook as Partial<Record<typeof ACCESS_POLICY, AccessPolicy>>)[ACCESS_POLICY];
}

/**
 * preHandler, placed after `app.authenticate`: HTTP 403 when the operator's role lacks `code` (with `message`, or
 * the generic one).
 */
export function requirePermission(code: PermissionCode, message?: string): Guard {
  // Fastify waits on the returned promise; a plain function would have to call a `done` callback instead.
  return withPolicy(
    (request) =>
      hasPermission(requireSession(request).codes, code)
        ? Promise.resolve()
        : Promise.reject(forbidden(message)),
    { kind: 'permission', codes: [code] },
  );
}

/** preHandler, placed after `app.authenticate`: HTTP 403 unless the role holds one of `codes`. */
export function requireAnyPermission(codes: readonly PermissionCode[], message?: string): Guard {
  return withPolicy(
    (request) => {
      const held = requireSession(request).codes;
      return codes.some((code) => hasPermission(held, code))
        ? Promise.resolve()
        : Promise.reject(forbidden(message));
    },
    { kind: 'permission', codes: [...codes] },
  );
}
