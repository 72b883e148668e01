// Every route of the portal beyond the entry's, built from the domain route table (SH-2.1, SH-2.3, SH-2.13,
// SH-2.14, BF-2.x). React Router patches these in under the root on the first navigation that needs them.
//
//   shell (antd, lazy)
//   ├─ /retrieve, /retrieveUserName            before sign-in
//   └─ signed-in (guard on every navigation)
//      ├─ /auth, /signature, /welcomePage ...  the top-level pages of the onboarding gates
//      └─ /index (layout, lazy)
//         └─ one lazy page per /index route of the table
//
// A page whose screen is not built yet renders ModulePlaceholder. The /index pages share one error boundary
// inside the layout, so a page chunk that fails to load leaves the header, menu and tabs in place (SH-8.12). It
// is a pathless route of its own on purpose: React Router renders nothing below a route whose lazy() is still
// unresolved, and a route whose lazy() rejected stays unresolved, so it cannot show its own error element.
// Top-level pages fail to the root's error element.
import type { RouteObject } from 'react-router';
import { ROUTES } from '@cqjy/domain/routes';
import type { RouteDef } from '@cqjy/domain/routes';
import { redirectToStart } from './guards.ts';
import type { PageHandle } from './route-handle.ts';
import { RouteError } from './route-error.tsx';
import { guardSignedIn } from './session-guard.ts';

type LazyPage = NonNullable<RouteObject['lazy']>;

const loadHome: LazyPage = async () => ({
  Component: (await import('../features/home/index.ts')).HomePage,
});
const loadCompany: LazyPage = async () => ({
  Component: (await import('../features/company/index.ts')).CompanyPage,
});
const loadWelcome: LazyPage = async () => ({
  Component: (await import('../features/welcome/index.ts')).WelcomePage,
});
const loadModulePlaceholder: LazyPage = async () => ({
  Component: (await import('./pages/module-placeholder.tsx')).ModulePlaceholder,
});
const loadGatePlaceholder: LazyPage = async () => ({
  Component: (await import('./pages/gate-placeholder.tsx')).GatePlaceholder,
});
const loadPublicPlaceholder: LazyPage = async () => ({
  Component: (await import('./pages/gate-placeholder.tsx')).PublicPlaceholder,
});
const loadLandManage: LazyPage = async () => ({
  Component: (await import('./pages/land-manage-page.tsx')).LandManagePage,
});

/** Top-level routes the entry chunk already has. */
const ENTRY_ROUTE_NAMES: ReadonlySet<string> = new Set(['login', 'notFound']);
/** Top-level pages a visitor uses before signing in. */
const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set(['retrieve', 'retrieveUserName']);

function Redirecting() {
  return null;
}

function toRoute(route: RouteDef, path: string, lazy: LazyPage): RouteObject {
  const handle: PageHandle = { route };
  return { path, handle, lazy };
}

function lazyForIndexPage(route: RouteDef): LazyPage {
  if (route.name === 'home') return loadHome;
  if (route.name === 'company') return loadCompany;
  return loadModulePlaceholder;
}

function lazyForTopLevelPage(route: RouteDef): LazyPage {
  if (route.name === 'welcomePage') return loadWelcome;
  if (route.name === 'landManage') return loadLandManage;
  return loadGatePlaceholder;
}

export function buildPortalRoutes(table: readonly RouteDef[] = ROUTES): RouteObject[] {
  const topLevel = table.filter((route) => route.topLevel === true && !ENTRY_ROUTE_NAMES.has(route.name));
  const publicPages = topLevel.filter((route) => PUBLIC_ROUTE_NAMES.has(route.name));
  const gatePages = topLevel.filter((route) => !PUBLIC_ROUTE_NAMES.has(route.name));
  const indexPages = table.filter((route) => route.topLevel !== true && route.path.startsWith('/index/'));

  return [
    {
      id: 'shell',
      lazy: async () => ({ Component: (await import('./antd-shell.tsx')).AntdShell }),
      children: [
        ...publicPages.map((route) => toRoute(route, route.path.slice(1), loadPublicPlaceholder)),
        {
          id: 'signed-in',
          loader: guardSignedIn,
          // The session, the gates and the permissions are checked on every move, not only on entering.
          shouldRevalidate: () => true,
          children: [
            ...gatePages.map((route) => toRoute(route, route.path.slice(1), lazyForTopLevelPage(route))),
            {
              id: 'index',
              path: 'index',
              lazy: async () => {
                const { AppLayout, applyAutoCollapse } = await import('./layout/app-layout.tsx');
                // Settled before the first render: a new browser tab starts expanded, and collapsing it from an
                // effect would render the whole menu twice on a narrow screen.
                applyAutoCollapse();
                return { Component: AppLayout };
              },
              children: [
                { index: true, loader: redirectToStart, Component: Redirecting },
                {
                  id: 'pages',
                  errorElement: <RouteError />,
                  children: indexPages.map((route) =>
                    toRoute(route, route.path.slice('/index/'.length), lazyForIndexPage(route)),
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

let portalRoutes: RouteObject[] | null = null;

/** The portal routes, built once per page load. */
export function listPortalRoutes(): RouteObject[] {
  portalRoutes ??= buildPortalRoutes();
  return portalRoutes;
}
