import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import { visuallyHidden } from '@mui/utils';
import { FirstImageSlot, SkeletonBar } from './skeleton-parts';

/** Cards in the skeleton: one row on the widest layout. */
const SKELETON_CARDS = 3;

/**
 * Loading state of /bundles: a row of bundle card outlines in the page's own grid (one column, two
 * from sm, three from md), each with the card's 16:10 image box and bars for its text, so the cards
 * replace it without moving the first row. The first image box holds the page's first-image slot
 * (ui/first-image-slot.ts): the boot module paints the first bundle's image into it before the
 * app runs. Screen readers hear `text`.
 */
export function BundleGridSkeleton({ text }: { text: string }) {
  return (
    <Grid container spacing={3} role="status" aria-busy="true" data-testid="bundle-grid-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {text}
      </Box>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Grid
          key={i}
          size={{ xs: 12, sm: 6, md: 4 }}
          sx={{ display: { xs: i === 0 ? 'block' : 'none', sm: i < 2 ? 'block' : 'none', md: 'block' } }}
        >
          <Card aria-hidden sx={{ height: '100%', bgcolor: 'background.paper' }}>
            <Box sx={{ position: 'relative', aspectRatio: '16 / 10', overflow: 'hidden', bgcolor: '#0a0a0a' }}>
              {i === 0 && <FirstImageSlot />}
            </Box>
            <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
              <SkeletonBar width="75%" height={24} />
              <SkeletonBar width="100%" />
              <SkeletonBar width="85%" />
              <SkeletonBar width="40%" height={28} />
            </Box>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
