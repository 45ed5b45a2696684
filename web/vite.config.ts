import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';
/** Paths the dev and preview servers forward to the local API runtime. */
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/media': { target: backend, changeOrigin: true },
  '/config.json': { target: backend, changeOrigin: true },
};

/**
 * Vite config of the SPA: root is web/, output goes to dist/web at the repository root.
 * Route pages other than home are lazy-loaded (see src/app.tsx); vendor code is split into
 * stable, cacheable chunks.
 */
export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // swr/infinite (the back office's paged lists) stays with its lazy importers, out of the shopper's first load.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|swr(?![\\/]dist[\\/]infinite)|use-sync-external-store|dequal)[\\/]/, priority: 30 },
            // MUI is not forced into one vendor chunk: each component lands with the pages that use it, so
            // the back office's tables, drawers and dialogs never reach a shopper's first load.
            // Small app modules shared by the shell and the lazy pages: one chunk instead of many tiny ones
            // (the back office's contract and texts, shared/*/admin*, stay in the admin chunks).
            // auth/amplify.ts stays out: Amplify loads only for stored sessions and sign-in (auth/session.tsx).
            { name: 'app', test: /[\\/](shared[\\/](?!(api|messages|schemas)[\\/]admin)|web[\\/]src[\\/](ui|theme|api|config\.ts|auth[\\/](session|storage))[\\/.])/, priority: 5 },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
