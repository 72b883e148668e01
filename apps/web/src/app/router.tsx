// The router (spec 000 section 2). Hash routes keep the address hash and the router in step (SH-2.2).
//
// The entry chunk holds only what the sign-in page needs: the root, /login, /404 and the catch-all. Every other
// route is built from the domain route table in portal-routes.tsx, which React Router patches in on the first
// navigation it cannot match otherwise; so neither the route table nor antd is loaded with /login.
import { Outlet, createHashRouter } from 'react-router';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/index.ts';
import { redirectIfSignedIn, redirectToStart } from './guards.ts';
import { NotFoundPage, UnknownPathRedirect } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

export const ROOT_ROUTE_ID = 'root';

// Before the portal routes are patched in, the root is the only match of a portal path: it renders the outlet
// explicitly so React Router does not take it for a page without an element.
function Root() {
  return <Outlet />;
}

// Routes whose loader always redirects still need something to render while it runs.
function Redirecting() {
  return null;
}

function InitialLoading() {
  return (
    <div role="status" className="initial-loading">
      加载中…
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    Component: Root,
    errorElement: <RouteError />,
    HydrateFallback: InitialLoading,
    children: [
      { index: true, loader: redirectToStart, Component: Redirecting },
      { path: 'login', loader: redirectIfSignedIn, Component: LoginPage },
      { path: '404', Component: NotFoundPage },
      // A path the entry does not know may be a portal page not patched in yet: React Router asks
      // patchRoutesOnNavigation before it settles for this splat.
      { path: '*', Component: UnknownPathRedirect },
    ],
  },
];

/** Loads the portal's routes and adds them under the root; React Router ignores routes it already has. */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { listPortalRoutes } = await import('./portal-routes.tsx');
  patch(ROOT_ROUTE_ID, listPortalRoutes());
};

export function createAppRouter() {
  return createHashRouter(routes, { patchRoutesOnNavigation });
}
