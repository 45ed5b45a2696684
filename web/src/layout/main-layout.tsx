import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../auth/session';
import { ErrorBoundary } from '../ui/error-boundary';
import { Footer } from './site-footer';
import { Header, HEADER_HEIGHT } from './header';

/** Layout of every page but /login and the back office: fixed header, the page (`children`), footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      {/* At least one viewport tall: the footer never shows (then moves) while a page loads. */}
      <Box component="main" id="main" sx={{ flex: 1, minHeight: '100vh', pt: `${HEADER_HEIGHT}px` }}>
        {/* A page that fails (render error, chunk gone after a deploy) shows the error page; the header stays. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
    </Box>
  );
}
