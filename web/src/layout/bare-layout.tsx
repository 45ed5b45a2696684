import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../auth/session';
import { ErrorBoundary } from '../ui/error-boundary';

/** Layout without header and footer around `children`, used by /login and the back office; a failing page shows the error page. */
export function BareLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingBlock />}>{children}</Suspense>
      </ErrorBoundary>
    </Box>
  );
}
