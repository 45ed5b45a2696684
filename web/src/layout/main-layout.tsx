import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { LoadingBlock, useSession } from '../session/session';
import { ErrorBoundary } from '../ui/error-boundary';
import { Footer } from './site-footer';
import { Header, HEADER_HEIGHT } from './header';

// Only a signed-in user can have Termini to accept: the gate's code stays out of a visitor's first load.
const TermsUpdateGate = lazy(() =>
  import('../session/terms-update-gate').then((m) => ({ default: m.TermsUpdateGate })),
);

/**
 * Layout route of every page but /login and the back office: fixed header, the page (Outlet),
 * footer, and the dialog of updated Termini for a signed-in user who has not accepted them.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const { status } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      {/* At least one viewport tall: the footer never shows (then moves) while a page loads. */}
      <Box component="main" id="main" sx={{ flex: 1, minHeight: '100vh', pt: `${HEADER_HEIGHT}px` }}>
        {/* A page that fails (render error, chunk gone after a deploy) shows the error page; the header stays. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      {/* On the home page the footer is in the served document (the published home page names the seller). */}
      <Footer inDocument={pathname === '/'} />
      {status === 'signed-in' && (
        <Suspense fallback={null}>
          <TermsUpdateGate />
        </Suspense>
      )}
    </Box>
  );
}
