import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../auth/session';
import { Footer } from './footer';
import { Header, HEADER_HEIGHT } from './header';

/** Layout of every page but /login: fixed header, page outlet, footer. */
export function MainLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Box component="main" id="main" sx={{ flex: 1, pt: `${HEADER_HEIGHT}px` }}>
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
