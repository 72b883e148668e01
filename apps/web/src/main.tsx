// The entry: the router and the light toaster. Neither antd nor TanStack Query is loaded here: the portal's shell
// brings them with the first page that needs them (app/antd-shell.tsx), so /login stays small.
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setNavigate } from './lib/http.ts';
import { ChunkErrorBanner, listenForPreloadErrors } from './app/chunk-error.tsx';
import { preloadPortal } from './app/preload-portal.ts';
import { createAppRouter } from './app/router.tsx';
import { Toaster } from './app/toaster.tsx';

preloadPortal(window.location.hash);
const router = createAppRouter();
setNavigate((path) => void router.navigate(path, { replace: true }));
listenForPreloadErrors(window);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
    <ChunkErrorBanner />
  </StrictMode>,
);
