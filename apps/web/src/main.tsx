// The entry: the router, the query client and the light toaster. antd is not loaded here: the signed-in shell
// brings it with the first page that needs it (app/antd-shell.tsx), so /login stays small.
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNavigate } from './lib/http.ts';
import { ChunkErrorBanner, listenForPreloadErrors } from './app/chunk-error.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { preloadPortal } from './app/preload-portal.ts';
import { createAppRouter } from './app/router.tsx';
import { Toaster } from './app/toaster.tsx';

preloadPortal(window.location.hash);
const queryClient = createQueryClient();
const router = createAppRouter();
setNavigate((path) => void router.navigate(path, { replace: true }));
listenForPreloadErrors(window);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
    <Toaster />
    <ChunkErrorBanner />
  </StrictMode>,
);
