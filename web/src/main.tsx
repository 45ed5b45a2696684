import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource-variable/inter/index.css';
import { App, preloadRoute } from './app';
import { AppProviders } from './app-providers';
import { loadConfig } from './config';
import { readStoredMode } from './theme/color-mode';
import { listenForStaleChunks } from './ui/stale-chunk';

/** Entry point: load the runtime config once, then render the app inside its providers. */
async function bootstrap(): Promise<void> {
  listenForStaleChunks();
  preloadRoute(window.location.pathname);
  await loadConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing');
  const app = (
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>
  );
  // A landing route's prerendered document (scripts/prerender.ts) is hydrated: React adopts the
  // markup already on screen instead of rebuilding it. Other routes render into the empty #root;
  // the first render is a transition, sliced into short tasks.
  // Hydration needs the first render to match the markup: the prerender is in the default dark
  // theme, so a visitor who chose the light one gets a fresh render instead.
  if (container.firstElementChild && readStoredMode() === 'dark') hydrateRoot(container, app);
  else startTransition(() => createRoot(container).render(app));
}

void bootstrap();
