import Box from '@mui/material/Box';
import { FIRST_IMAGE_SLOT } from '../ui/first-image-slot';

/** A bar standing for a line of text in a loading skeleton: `width` as a CSS length, `height` in px. */
export function SkeletonBar({ width, height = 14 }: { width: string; height?: number }) {
  return <Box sx={{ width, height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

/**
 * The page's first-image slot (first-image-slot.ts): an empty square image filling its box,
 * invisible until the boot module gives it an address.
 */
export function FirstImageSlot() {
  return (
    <Box
      component="img"
      {...{ [FIRST_IMAGE_SLOT]: '' }}
      alt=""
      width={800}
      height={800}
      fetchPriority="high"
      decoding="async"
      sx={{
        display: 'block',
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        '&:not([src])': { visibility: 'hidden' },
      }}
    />
  );
}
