import { useEffect, type ReactNode } from 'react';
import { SessionProvider } from './session/session';
import { ColorModeProvider } from './theme/color-mode';
import { ErrorBoundary } from './ui/error-boundary';
import { ToastProvider } from './ui/toast';

/**
 * The providers around every page: theme (with CssBaseline), the error boundary, toasts and the
 * session. Used by the browser entry (main.tsx) and by the build-time prerender
 * (prerender/render-route.tsx), so both render the same tree. `prerendered` (hydrating a
 * prerendered document, and the prerender itself) starts in the dark theme the prerender uses.
 * After the first commit it makes a prerendered #root interactive (scripts/prerender.ts marks it
 * inert).
 */
export function AppProviders({ children, prerendered = false }: { children: ReactNode; prerendered?: boolean }) {
  // A prerendered document arrives with #root inert (nothing to click or type into before the app
  // runs: input would be lost); the first commit, hydration included, opens it.
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return (
    <ColorModeProvider startDark={prerendered}>
      <ErrorBoundary>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </ErrorBoundary>
    </ColorModeProvider>
  );
}
