import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBackIosNew from '@mui/icons-material/ArrowBackIosNew';
import ArrowForwardIos from '@mui/icons-material/ArrowForwardIos';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES, MAX_PRODUCT_IMAGES } from '../../../../shared/admin-catalog';
import { ProductImage } from '../../ui/product-image';
import type { GalleryItem } from './gallery-model';

const T = CATALOG_ADMIN_TEXT.productForm;

/** Upload state of a new file while the form saves: 0..1, or an error message. */
export type UploadProgress = ReadonlyMap<string, { fraction: number; error?: string }>;

/**
 * The product form's images (the product image save rule): pick several image files at once,
 * reorder (the first is the primary), remove; while saving, each new file shows its own progress
 * bar.
 */
export function ImageManager({
  items,
  progress,
  disabled,
  onAdd,
  onMove,
  onRemove,
  onRejected,
}: {
  items: readonly GalleryItem[];
  progress: UploadProgress;
  disabled: boolean;
  onAdd(files: File[]): void;
  onMove(index: number, delta: number): void;
  onRemove(index: number): void;
  /** A file refused before upload (too large). */
  onRejected(fileName: string, message: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
    const tooLarge = files.filter((f) => f.size > IMAGE_UPLOAD_MAX_BYTES);
    for (const f of tooLarge) onRejected(f.name, T.tooLarge(f.name));
    const room = Math.max(0, MAX_PRODUCT_IMAGES - items.length);
    onAdd(files.filter((f) => f.size <= IMAGE_UPLOAD_MAX_BYTES).slice(0, room));
    if (input.current) input.current.value = '';
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}
      >
        <Typography component="legend" sx={{ fontWeight: 600 }}>
          {T.images}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled || items.length >= MAX_PRODUCT_IMAGES}
        >
          {T.addImages}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="product-image-input"
          onChange={(e) => pick(e.target.files)}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {T.imagesHint}
      </Typography>
      {items.length > 0 && (
        <Box
          component="ol"
          aria-label={T.images}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
            gap: 1.5,
          }}
        >
          {items.map((item, index) => {
            const state = item.kind === 'new' ? progress.get(item.id) : undefined;
            const name = item.kind === 'new' ? item.file.name : item.key.split('/').pop()!;
            return (
              <Box
                component="li"
                key={item.id}
                data-testid="product-image-tile"
                sx={{
                  border: 1,
                  borderColor: index === 0 ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  overflow: 'hidden',
                  bgcolor: 'background.default',
                }}
              >
                <Box sx={{ position: 'relative', aspectRatio: '1 / 1' }}>
                  <ProductImage src={item.kind === 'new' ? item.preview : item.url} alt={name} />
                  <Box sx={{ position: 'absolute', top: 4, left: 4, display: 'flex', gap: 0.5 }}>
                    {index === 0 && (
                      <Chip size="small" color="primary" label={T.primary} sx={{ height: 20, fontSize: '0.7rem' }} />
                    )}
                    {item.kind === 'new' && (
                      <Chip
                        size="small"
                        label={T.newImage}
                        sx={{ height: 20, fontSize: '0.7rem', bgcolor: 'background.paper' }}
                      />
                    )}
                  </Box>
                </Box>
                {state && (
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(state.fraction * 100)}
                    color={state.error ? 'error' : 'primary'}
                    aria-label={`${name}: ${Math.round(state.fraction * 100)}%`}
                    data-testid="upload-progress"
                  />
                )}
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 0.5 }}>
                  <Tooltip title={T.moveUp}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${T.moveUp}: ${name}`}
                        disabled={disabled || index === 0}
                        onClick={() => onMove(index, -1)}
                      >
                        <ArrowBackIosNew sx={{ fontSize: 14 }} />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={T.removeImage}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${T.removeImage}: ${name}`}
                        disabled={disabled}
                        onClick={() => onRemove(index)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={T.moveDown}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${T.moveDown}: ${name}`}
                        disabled={disabled || index === items.length - 1}
                        onClick={() => onMove(index, 1)}
                      >
                        <ArrowForwardIos sx={{ fontSize: 14 }} />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
