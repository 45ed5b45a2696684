import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingBlock } from '../auth/session';
import { Footer } from './site-footer';
import { Header, HEADER_HEIGHT } from './header';

/** Layout of every page but /login: fixed header, page outlet, footer. */
export function MainLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      {/* At least one viewport tall: the footer never shows (then moves) while a page loads. */}
      <Box component="main" id="main" sx={{ flex: 1, minHeight: '100vh', pt: `${HEADER_HEIGHT}px` }}>
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
