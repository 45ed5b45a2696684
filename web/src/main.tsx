import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource-variable/inter/index.css';
import { App, preloadRoute } from './app';
import { AppProviders } from './app-providers';
import { loadConfig } from './config';
import { listenForStaleChunks } from './ui/stale-chunk';
import { seedPrefetchedAnswers } from './api/seed-prefetched';

/** Entry point: load the runtime config once, then render the app inside its providers. */
async function bootstrap(): Promise<void> {
  listenForStaleChunks();
  // The landing page's chunk is loaded before the first render, so hydration takes the whole page at once.
  await Promise.all([loadConfig(), preloadRoute(window.location.pathname)]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing');
  // A landing route's prerendered document (scripts/prerender.ts) is hydrated: React adopts the
  // markup already on screen instead of rebuilding it (the scroll position and the dark theme it
  // was rendered in are kept; a light-theme choice applies right after). Other routes render into
  // the empty #root. Either way the first render is a transition, sliced into short tasks.
  const prerendered = container.firstElementChild !== null;
  // The landing page's data, if the boot module's request has already answered: the first render
  // holds it (see api/seed-prefetched.ts).
  seedPrefetchedAnswers();
  const app = (
    <StrictMode>
      <AppProviders prerendered={prerendered}>
        <App />
      </AppProviders>
    </StrictMode>
  );
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void bootstrap();
