import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource-variable/inter/index.css';
import { App, preloadRoute } from './app';
import { AppProviders } from './app-providers';
import { loadConfig } from './config';
import { listenForStaleChunks } from './ui/stale-chunk';

/**
 * Resolves after the browser has painted a frame: a landing route's prerendered document
 * (scripts/prerender.ts) is on screen before React's first render takes the main thread.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Entry point: load the runtime config once, then render the app inside its providers. */
async function bootstrap(): Promise<void> {
  listenForStaleChunks();
  preloadRoute(window.location.pathname);
  await Promise.all([loadConfig(), afterNextPaint()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing');
  const root = createRoot(container);
  // The first render is a transition: React renders it in small slices instead of one long task.
  startTransition(() => root.render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  ));
}

void bootstrap();
