// Route guard: a route names the permission code it needs (the same codes as the menus).
import type { PermissionCode } from '@cqjy/domain';
import type { FastifyRequest } from 'fastify';
import { requireSession } from './auth.ts';
import { forbidden } from './errors.ts';

export function hasPermission(codes: readonly string[], code: PermissionCode): boolean {
  return codes.includes(code);
}

/** preHandler, placed after `app.authenticate`: HTTP 403 when the operator's role lacks `code`. */
export function requirePermission(code: PermissionCode) {
  // Fastify waits on the returned promise; a plain function would have to call a `done` callback instead.
  return (request: FastifyRequest): Promise<void> =>
    hasPermission(requireSession(request).codes, code) ? Promise.resolve() : Promise.reject(forbidden());
}

/** preHandler, placed after `app.authenticate`: HTTP 403 unless the role holds one of `codes`. */
export function requireAnyPermission(codes: readonly PermissionCode[]) {
  return (request: FastifyRequest): Promise<void> => {
    const held = requireSession(request).codes;
    return codes.some((code) => hasPermission(held, code)) ? Promise.resolve() : Promise.reject(forbidden());
  };
}
