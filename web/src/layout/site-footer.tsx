import Box from '@mui/material/Box';
import { DeferredSection } from '../ui/deferred';

const loadFooter = () => import('./footer').then((m) => ({ default: m.FooterContent }));

/**
 * Site footer. Always below the fold (MainLayout's main is at least one viewport tall), so its
 * content (links, newsletter form) loads as it nears the viewport, in its own chunk, with its
 * height reserved.
 */
export function Footer() {
  return (
    <Box
      component="footer"
      data-testid="site-footer"
      sx={{
        mt: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: (t) => (t.palette.mode === 'dark' ? '#070707' : '#f3efe3'),
      }}
    >
      <DeferredSection
        id="site-footer-content"
        load={loadFooter}
        reserve={{ minHeight: { xs: 963, sm: 654, md: 484 } }}
      />
    </Box>
  );
}
