// With a live sign-in at boot, the chunks of the signed-in page are requested at once, side by side. Left to the
// router they come one after the other: the entry, then the route table, and only once it has run, the antd shell,
// the layout and the page. The router later imports the same modules and finds them loaded or on their way.
import { getHomePath } from './guards.ts';
import { getSession, hasValidLogin } from '../lib/session-store.ts';

const HOME_PATH = '/index/home';
const ENTRY_PATHS: ReadonlySet<string> = new Set(['/login', '/404']);

/** The path a hash names; the bare root leads to the user's first tab. */
export function readHashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path === '' || path === '/' ? getHomePath() : path;
}

/** The portal modules the page at `path` needs, for a signed-in user; none for the entry's own pages. */
export function listPortalImports(path: string): (() => Promise<unknown>)[] {
  if (ENTRY_PATHS.has(path)) return [];
  const imports: (() => Promise<unknown>)[] = [
    () => import('./portal-routes.tsx'),
    () => import('./antd-shell.tsx'),
  ];
  if (path === '/index' || path.startsWith('/index/')) imports.push(() => import('./layout/app-layout.tsx'));
  if (path === HOME_PATH) imports.push(() => import('../features/home/index.ts'));
  return imports;
}

export function preloadPortal(hash: string): void {
  if (!hasValidLogin(getSession(), Date.now())) return;
  for (const load of listPortalImports(readHashPath(hash))) {
    // A chunk that fails here fails again when the router imports it, and that failure is the one reported.
    load().catch(() => undefined);
  }
}
