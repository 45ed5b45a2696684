import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { PLACEHOLDER_IMAGE } from './placeholder';

/**
 * Product image that falls back to the gold placeholder when the URL is missing or fails to load.
 * It carries intrinsic width/height (product photos are square) so the browser reserves its box
 * before the file arrives; `eager` loads it at once (above the fold), `priority` also asks for it
 * first (the page's likely largest paint).
 */
export function ProductImage({
  src,
  alt,
  sx,
  eager = false,
  priority = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  sx?: SxProps<Theme>;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : PLACEHOLDER_IMAGE;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      className={className}
      width={800}
      height={800}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src ?? null)}
      sx={[{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
