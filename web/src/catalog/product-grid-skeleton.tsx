import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { visuallyHidden } from '@mui/utils';
import { FirstImageSlot, SkeletonBar } from './skeleton-parts';
import { PRODUCT_GRID_SX } from './product-grid';

/** Cards in the skeleton: one row on the widest layout. */
const SKELETON_CARDS = 3;

/**
 * Loading state of a product grid: a row of card outlines in the grid's own columns, each with the
 * card's square image box and bars for its text, so the cards replace it without moving the
 * first row. The first image box holds the page's first-image slot (see first-image-slot.ts).
 * Screen readers hear `text` (e.g. 'Caricamento prodotti...').
 */
export function ProductGridSkeleton({ text }: { text: string }) {
  return (
    <Box role="status" aria-busy="true" data-testid="product-grid-skeleton" sx={PRODUCT_GRID_SX}>
      <Box component="span" sx={visuallyHidden}>
        {text}
      </Box>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card
          key={i}
          aria-hidden
          sx={{
            height: '100%',
            display: { xs: i === 0 ? 'flex' : 'none', md: i < 2 ? 'flex' : 'none', lg: 'flex' },
            flexDirection: 'column',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', bgcolor: 'action.hover' }}>
            {i === 0 && <FirstImageSlot />}
          </Box>
          <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
            <SkeletonBar width="30%" height={10} />
            <SkeletonBar width="75%" height={22} />
            <SkeletonBar width="100%" />
            <SkeletonBar width="60%" />
          </Box>
        </Card>
      ))}
    </Box>
  );
}
