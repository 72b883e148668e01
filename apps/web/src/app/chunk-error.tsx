// SH-8.12: Vite raises 'vite:preloadError' on window when a chunk (or the CSS it needs) fails to load, then lets
// the failure propagate. A failing page route shows RouteError in place; a chunk that fails outside the route
// table (a widget loaded on demand) has no route to show it, so this banner says it instead, with a reload. The
// banner stays away while a RouteError already shows the same thing.
import { useEffect, useSyncExternalStore } from 'react';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';

type ChunkErrorState = { hasPreloadFailed: boolean; routeErrorsShown: number };

let state: ChunkErrorState = { hasPreloadFailed: false, routeErrorsShown: 0 };
const listeners = new Set<() => void>();

function update(patch: Partial<ChunkErrorState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportPreloadError(): void {
  update({ hasPreloadFailed: true });
}

/** Back to the initial state (tests). */
export function resetChunkErrors(): void {
  update({ hasPreloadFailed: false, routeErrorsShown: 0 });
}

/** Listens for Vite's preload failures without preventing them: the failing import still rejects. */
export function listenForPreloadErrors(target: Window): () => void {
  const onPreloadError = (): void => reportPreloadError();
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** A route error on screen tells the banner to stay away while it shows. */
export function useRouteErrorShown(): void {
  useEffect(() => {
    update({ routeErrorsShown: state.routeErrorsShown + 1 });
    return () => update({ routeErrorsShown: state.routeErrorsShown - 1 });
  }, []);
}

export function reloadPage(): void {
  window.location.reload();
}

export function ChunkErrorBanner() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  if (!current.hasPreloadFailed || current.routeErrorsShown > 0) return null;
  return (
    <div role="alert" className="chunk-error-banner">
      <span>{SHELL_MSG.pageLoadFailed}</span>
      <button type="button" className="plain-button plain-button-primary" onClick={reloadPage}>
        重新加载
      </button>
    </div>
  );
}
