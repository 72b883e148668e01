import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The production build is served by apps/server from apps/web/dist; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's CSP is default-src 'self': never inline small assets as data: URLs into scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // A zod schema is a value, built without side effects: one left unused (the server's contract, which the
      // shell's domain modules define beside their types and constants) is dropped, and zod with it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // The framework changes far less often than the app: its own chunk stays cached across releases.
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // TanStack Query apart: the sign-in page runs without it, the portal's shell brings it
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // zod in a chunk of its own, loaded by the pages that check forms, not with the shared helpers
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
