import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource-variable/inter/index.css';
import { App, preloadRoute } from './app';
import { SessionProvider } from './auth/session';
import { loadConfig } from './config';
import { ColorModeProvider } from './theme/color-mode';
import { ToastProvider } from './ui/toast';
import { ErrorBoundary } from './ui/error-boundary';
import { listenForStaleChunks } from './ui/stale-chunk';

/** Entry point: load the runtime config once, then render the app inside its providers. */
async function bootstrap(): Promise<void> {
  listenForStaleChunks();
  preloadRoute(window.location.pathname);
  await loadConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing');
  const root = createRoot(container);
  // The first render is a transition: React renders it in small slices instead of one long task.
  startTransition(() => root.render(
    <StrictMode>
      <ColorModeProvider>
        <ErrorBoundary>
          <ToastProvider>
            <SessionProvider>
              <App />
            </SessionProvider>
          </ToastProvider>
        </ErrorBoundary>
      </ColorModeProvider>
    </StrictMode>,
  ));
}

void bootstrap();
