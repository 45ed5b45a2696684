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
 * Small app modules shared by the shell and the lazy pages: one chunk instead of many tiny ones.
 * Left out, so they ride with the lazy pages that use them: the back office's rules, contract and
 * texts (shared/admin*, shared/{api,messages,schemas}/admin*) and the review form's
 * (shared/reviews.ts, shared/{api,messages,schemas}/reviews.ts, used by the product page only).
 * auth/amplify.ts stays out: Amplify loads only for stored sessions and sign-in (auth/session.tsx).
 */
const APP_MODULES = /[\\/](shared[\\/](?!(?:(?:api|messages|schemas)[\\/])?(?:admin|reviews))|web[\\/]src[\\/](ui|theme|api|config\.ts|auth[\\/](session|storage))[\\/.])/;

/**
 * MUI's text-field stack: the first page needs it (footer newsletter, search) and so do the lazy
 * forms (login, profile, the back office's screens, the review form). Kept with the app modules so
 * the many lazy users do not split it into an extra first-load chunk.
 */
const MUI_TEXT_FIELD = /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(TextField|InputBase|Input|FilledInput|OutlinedInput|FormControl|FormLabel|FormHelperText|InputLabel|InputAdornment|Select|NativeSelect|Menu|MenuList|Popover)[\\/]/;

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
            { name: 'app', test: (id: string) => APP_MODULES.test(id) || MUI_TEXT_FIELD.test(id), priority: 5 },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
