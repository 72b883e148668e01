// The route table (spec 000 section 2). Hash routes keep the address hash and the router in step (SH-2.2). Only
// the sign-in page and the tiny redirect pages are in the entry chunk; the shell and every page load lazily.
import { createHashRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/index.ts';
import { redirectIfSignedIn, redirectToStart, requireSession } from './guards.ts';
import { NotFoundPage, UnknownPathRedirect } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

// Routes whose loader always redirects still need something to render while it runs.
function Redirecting() {
  return null;
}

function InitialLoading() {
  return (
    <div role="status" style={{ padding: 48, textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>
      加载中…
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: InitialLoading,
    children: [
      { index: true, loader: redirectToStart, Component: Redirecting },
      { path: 'login', loader: redirectIfSignedIn, Component: LoginPage },
      { path: '404', Component: NotFoundPage },
      {
        path: 'index',
        loader: requireSession,
        // The session check must run on every move between pages, not only on entering /index.
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
        children: [
          { index: true, loader: redirectToStart, Component: Redirecting },
          {
            path: 'home',
            lazy: async () => ({ Component: (await import('../features/home/index.ts')).HomePage }),
          },
        ],
      },
      { path: '*', Component: UnknownPathRedirect },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
