import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The build's plugins are named with .js, as Vite's config loader (and TypeScript) resolve them.
import { chunkModules } from './build/chunk-modules.js';
import { criticalPreloads } from './build/critical-preloads.js';
import { landingChunkGroups, landingChunks } from './build/landing-chunks.js';
import { muiThemeWithoutCssVariables } from './build/mui-theme-without-css-variables.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';
/** Paths the dev and preview servers forward to the local API runtime. */
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/media': { target: backend, changeOrigin: true },
  '/config.json': { target: backend, changeOrigin: true },
};

const landing = landingChunks();

/**
 * Vite config of the SPA: root is web/, output goes to dist/web at the repository root. Every
 * route page is lazy-loaded (see src/app.tsx; landing pages are preloaded at boot), below-the-fold
 * parts load as they near the viewport (src/ui/deferred.tsx). The build's own plugins live in
 * web/build/; scripts/first-route-js.ts measures the result.
 */
export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [muiThemeWithoutCssVariables(), react(), chunkModules(), criticalPreloads(), landing],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // Every browser the shop supports has <link rel="modulepreload">.
    // index.html keeps its module preloads; a lazy import gets none: it fetches its chunk, then that
    // chunk's imports. The landing pages' chunks are preloaded by the boot module. Vite's default
    // writes each lazy import's list of files into the code and appends a link per file when the
    // import runs: more code on every landing route's first load.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // MUI is not forced into one vendor chunk: each component lands with the pages that use it, so
            // the back office's tables, drawers and dialogs never reach a shopper's first load. React,
            // react-router and SWR are in the shell (the entry imports them), not in a vendor chunk of their
            // own: that took two more files and more bytes on every landing page's first load.
            // session/amplify.ts stays out: Amplify loads only for stored sessions and sign-in (session/session.tsx).
            {
              name: 'amplify',
              test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/,
              priority: 10,
            },
            // The landing pages in a few files (see landingChunks); the shell stays in the entry chunk.
            { name: 'app', test: (id) => landing.isInitial(id), priority: 7 },
            ...landingChunkGroups(landing),
          ],
        },
      },
    },
  },
});
