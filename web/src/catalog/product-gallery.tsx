import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type Theme } from '@mui/material/styles';
import { ProductImage } from '../ui/product-image';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/** The main image's box: square, rounded, shadowed (the product page's skeleton has the same box). */
export const GALLERY_MAIN_SX = (t: Theme) => ({
  aspectRatio: '1 / 1',
  borderRadius: 3,
  overflow: 'hidden',
  border: 1,
  borderColor: 'divider',
  bgcolor: 'action.hover',
  boxShadow: `0 24px 60px ${alpha(t.palette.common.black, t.palette.mode === 'dark' ? 0.5 : 0.12)}`,
});

/**
 * Product image gallery: the main image and, with more than one image, a thumbnail row; clicking a
 * thumbnail shows it as the main image. With no images the placeholder is shown.
 * @param images URLs, primary first (see galleryImages)
 */
export function ProductGallery({ images, name, grey = false }: { images: string[]; name: string; grey?: boolean }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0] ?? null;
  return (
    <Box data-testid="product-gallery" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={GALLERY_MAIN_SX}>
        <ProductImage src={main} alt={name} priority sx={grey ? { filter: 'grayscale(1)', opacity: 0.6 } : {}} />
      </Box>
      {images.length > 1 && (
        <Box
          role="list"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 1.25 }}
        >
          {images.map((url, i) => {
            const active = i === selected;
            return (
              <Box key={`${url}-${i}`} role="listitem" sx={{ display: 'flex' }}>
                <ButtonBase
                  data-testid="gallery-thumbnail"
                  aria-label={CATALOG_TEXT.imageLabel(i + 1)}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => setSelected(i)}
                  sx={{
                    width: '100%',
                    aspectRatio: '1 / 1',
                    borderRadius: 2,
                    overflow: 'hidden',
                    border: 2,
                    borderColor: active ? 'primary.main' : 'transparent',
                    opacity: active ? 1 : 0.65,
                    transition: 'opacity .2s, border-color .2s',
                    '&:hover': { opacity: 1 },
                    '&.Mui-focusVisible': { borderColor: 'primary.light' },
                  }}
                >
                  <ProductImage src={url} alt="" eager />
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
