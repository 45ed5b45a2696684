import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { LoadingBlock, useSession } from '../session/session';
import { ErrorBoundary } from '../ui/error-boundary';
import { Footer } from './site-footer';
import { Header, HEADER_HEIGHT } from './header';

/**
 * Layout route of every page but /login and the back office: fixed header, the page (Outlet),
 * footer, and, for a signed-in user only, `signedInGate` (the router passes the legal feature's
 * lazy dialog of updated Termini: the shell imports no feature, and a visitor's first load holds
 * none of its code).
 * @param signedInGate rendered inside Suspense (fallback nothing) while a user is signed in
 */
export function MainLayout({ signedInGate }: { signedInGate?: ReactNode }) {
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
      {status === 'signed-in' && <Suspense fallback={null}>{signedInGate}</Suspense>}
    </Box>
  );
}
