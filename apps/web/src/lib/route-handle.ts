// What every page route of the portal carries in its handle: its entry of the domain route table. Pages, the tab
// strip and keep-alive read it instead of looking the path up again. Only lazy chunks import this module: it
// brings the route table along.
import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';
import { identityName } from '@cqjy/domain/identity';
import type { IdentityName } from '@cqjy/domain/identity';
import { hasAgentCode, isAdminIdentity, routeTitle } from '@cqjy/domain/menus';
import type { RouteDef } from '@cqjy/domain/routes';
import { useSession } from './session-store.ts';

export type PageHandle = { route: RouteDef };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/**
 * The route of a page kept alive behind another tab (SH-2.15): the router's matches are the page on screen's, so
 * the keep-alive outlet tells each kept page its own.
 */
export const KeptRouteContext = createContext<RouteDef | undefined>(undefined);

/** The route table entry of the page: its own when kept alive, else the deepest matched page's, if any. */
export function useRouteDef(): RouteDef | undefined {
  const kept = useContext(KeptRouteContext);
  const matches = useMatches();
  if (kept !== undefined) return kept;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle.route;
  }
  return undefined;
}

/**
 * A page's title on tabs and headings, as the user's menu shows it: admins read the management titles (SH-2.8),
 * agent members (a member holding an agent code) their own (SH-2.7).
 */
export function titleFor(
  route: RouteDef,
  identity: IdentityName | undefined,
  codes: readonly string[] = [],
): string {
  return routeTitle(route, {
    isAdmin: isAdminIdentity(identity),
    isAgent: identity === 'member' && hasAgentCode(codes),
  });
}

/**
 * The heading of the current page: the very title its tab and menu entry show (titleFor over the route table
 * entry), so a page heading can never read differently from its tab. Empty outside a page route.
 */
export function usePageTitle(): string {
  const route = useRouteDef();
  const identityType = useSession((session) => session.identityType);
  const codes = useSession((session) => session.userInfo?.permission);
  return route === undefined ? '' : titleFor(route, identityName(identityType), codes);
}
