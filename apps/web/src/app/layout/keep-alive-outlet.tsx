// SH-2.15: pages marked keepAlive in the route table (the assets list) stay mounted, hidden, while another tab is
// active, so their filters, page number and scroll survive a tab switch. Other pages unmount as usual. A kept
// page is dropped (and unmounts) once its tab is closed.
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { KeptRouteContext, useRouteDef } from '../../lib/route-handle.ts';
import type { RouteDef } from '@cqjy/domain/routes';
import { useSession } from '../../lib/session-store.ts';
import type { OpenTab } from '../../lib/session-store.ts';

function listOpenPaths(tabs: readonly OpenTab[]): string[] {
  return tabs.map((tab) => tab.path.split(/[?#]/)[0] ?? tab.path);
}

export function KeepAliveOutlet() {
  const tabs = useSession((session) => session.tabs);
  const openPaths = listOpenPaths(tabs);
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const route = useRouteDef();
  const isKeptAlive = route?.keepAlive === true && route.path === pathname;
  const kept = useRef(new Map<string, { element: ReactNode; route: RouteDef }>());

  // The page on screen is always rendered from the live outlet; a kept page hidden behind another tab renders the
  // element it last had, which React reconciles with the same component instance.
  if (isKeptAlive) kept.current.set(pathname, { element: outlet, route });
  for (const path of kept.current.keys()) {
    if (path !== pathname && !openPaths.includes(path)) kept.current.delete(path);
  }

  return (
    <>
      {[...kept.current.entries()].map(([path, { element, route: own }]) => (
        <div key={path} hidden={path !== pathname} data-keep-alive={path}>
          <KeptRouteContext.Provider value={own}>{element}</KeptRouteContext.Provider>
        </div>
      ))}
      {isKeptAlive ? null : <div key={`page:${pathname}`}>{outlet}</div>}
    </>
  );
}
