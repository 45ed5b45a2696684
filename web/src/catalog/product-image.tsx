import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { PLACEHOLDER_IMAGE } from '../ui/placeholder';

/** Product image that falls back to the gold placeholder when the URL is missing or fails to load. */
export function ProductImage({
  src,
  alt,
  sx,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  sx?: SxProps<Theme>;
  eager?: boolean;
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
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(src ?? null)}
      sx={[{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
