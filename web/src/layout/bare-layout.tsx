import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../auth/session';

/** Layout without header and footer, used by /login. */
export function BareLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<LoadingBlock />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
