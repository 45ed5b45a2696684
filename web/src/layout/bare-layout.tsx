import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../session/session';
import { ErrorBoundary } from '../ui/error-boundary';

/** Layout route without header and footer, used by /login and the back office; a failing page shows the error page. */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
