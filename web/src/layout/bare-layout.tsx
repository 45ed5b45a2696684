import { Outlet } from 'react-router';
import Box from '@mui/material/Box';

/** Layout without header and footer, used by /login. */
export function BareLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Outlet />
    </Box>
  );
}
