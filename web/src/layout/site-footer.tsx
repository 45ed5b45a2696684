import Box from '@mui/material/Box';
import { DeferredSection } from '../ui/deferred';

const loadFooter = () => import('./footer').then((m) => m.FooterContent);

/**
 * Site footer. Always below the fold (MainLayout's main is at least one viewport tall), so its
 * content (links, newsletter form, the seller's identity) loads as it nears the viewport, in its
 * own chunk, with its height reserved. On the home page it is in the served document (the
 * published home page carries the stage's seller: functions/publish/home-page.ts), hydrated as it
 * nears the viewport.
 * @param inDocument whether the served document carries the footer (the home page's)
 */
export function Footer({ inDocument }: { inDocument: boolean }) {
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
        inDocument={inDocument}
        id="site-footer-content"
        load={loadFooter}
        reserve={{ minHeight: { xs: 963, sm: 654, md: 484 } }}
      />
    </Box>
  );
}
