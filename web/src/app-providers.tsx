import type { ReactNode } from 'react';
import { SessionProvider } from './auth/session';
import { ColorModeProvider } from './theme/color-mode';
import { ErrorBoundary } from './ui/error-boundary';
import { ToastProvider } from './ui/toast';

/**
 * The providers around every page: theme (with CssBaseline), the error boundary, toasts and the
 * session. Used by the browser entry (main.tsx) and by the build-time prerender
 * (prerender/render-route.tsx), so both render the same tree.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider>
      <ErrorBoundary>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </ErrorBoundary>
    </ColorModeProvider>
  );
}
