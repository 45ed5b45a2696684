import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Tune from '@mui/icons-material/Tune';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ADMIN_CATALOG_API, type AdminProductDetailDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { VARIANTS_ADMIN_TEXT } from '../../../../shared/messages/admin-variants';
import { PREMIUM_TIERS, TIER_LABELS } from '../../../../shared/tiers';
import { useToast } from '../../ui/toast';
import { FormDialog } from '../ui/form-dialog';
import { useAdminResource } from '../ui/use-admin-list';
import { galleryFromImages, moveItem, type GalleryItem } from './gallery-model';
import { ImageManager } from './image-manager';
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  productBody,
  setDigital,
  type ProductFormErrors,
  type ProductFormState,
} from './product-form-model';
import { useProductSave } from './use-product-save';
import { PriceLegalFields, ProductSafetyFields } from './product-legal-fields';

const T = CATALOG_ADMIN_TEXT.productForm;
/** The variant grid: a chunk of its own, fetched when the admin opens it. */
const VariantsDialog = lazy(() => import('./variants-dialog'));

/**
 * Create or edit a product (the product form's fields and validation rules): every product field, the
 * digital asset picker only for digital products, and the images. Scrolls at 80vh (FormDialog).
 * @param productId the product to edit, or null to create one
 */
export function ProductFormDialog({
  productId,
  open,
  onClose,
  onSaved,
}: {
  productId: string | null;
  open: boolean;
  onClose(): void;
  onSaved(p: AdminProductDetailDto): void;
}) {
  const loaded = useAdminResource(
    ADMIN_CATALOG_API.product,
    open && productId ? { id: productId } : null,
    ADMIN_MSG.load.products,
  );
  const product = productId ? loaded.data : undefined;
  if (!open) return null;
  if (productId && !product) {
    return (
      <FormDialog
        open
        title={CATALOG_ADMIN_TEXT.products.loadingProduct}
        busy
        onClose={onClose}
        onSubmit={() => undefined}
      >
        <Box aria-label={CATALOG_ADMIN_TEXT.products.loadingProduct} aria-busy sx={{ display: 'grid', gap: 2 }}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Box>
      </FormDialog>
    );
  }
  const saved = (p: AdminProductDetailDto) => {
    // The next edit of this product opens with what was just saved.
    if (productId) void loaded.mutate(p, { revalidate: false });
    onSaved(p);
  };
  return (
    <ProductForm
      key={product?.updated_at ?? productId ?? 'new'}
      product={product ?? null}
      onClose={onClose}
      onSaved={saved}
    />
  );
}

function ProductForm({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProductDetailDto | null;
  onClose(): void;
  onSaved(p: AdminProductDetailDto): void;
}) {
  const initial = useMemo(() => (product ? formFromProduct(product) : EMPTY_PRODUCT_FORM), [product]);
  const initialGallery = useMemo(() => (product ? galleryFromImages(product.images) : []), [product]);
  const [state, setState] = useState<ProductFormState>(initial);
  const [gallery, setGallery] = useState<GalleryItem[]>(initialGallery);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const { save, busy, progress } = useProductSave();
  const { toast } = useToast();
  const categories = useAdminResource(ADMIN_CATALOG_API.categories, {}, ADMIN_MSG.load.categories);
  const assets = useAdminResource(ADMIN_CATALOG_API.digitalAssets, state.is_digital ? {} : null, ADMIN_MSG.load.assets);

  // New files' previews are object URLs: release them when the form goes away.
  // It runs on unmount only, with the gallery of that moment.
  useEffect(
    () => () =>
      gallery.forEach((g) => {
        if (g.kind === 'new') URL.revokeObjectURL(g.preview);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const set = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const field = (key: keyof ProductFormState, label: string, extra: Record<string, unknown> = {}) => ({
    label,
    value: state[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    error: Boolean(errors[key]),
    helperText: errors[key] ?? (extra.helperText as string | undefined),
    disabled: busy,
    fullWidth: true,
    ...extra,
  });

  // a product with options takes its price, announcement and stock from its variants: the server
  // keeps those on a save, so the form shows them read-only and says where they are changed
  const hasOptions = Boolean(product?.has_options);
  const variantOwned = hasOptions ? { disabled: true, helperText: VARIANTS_ADMIN_TEXT.fromVariants } : {};

  const submit = async () => {
    const { body, errors: found } = productBody(state, product ? initial : null);
    setErrors(found);
    if (!body) return;
    const saved = await save(product?.id ?? null, body, gallery, initialGallery);
    if (saved) onSaved(saved);
  };

  const twoColumns = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  } as const;
  return (
    <FormDialog
      open
      title={product ? CATALOG_ADMIN_TEXT.products.editTitle(product.name) : CATALOG_ADMIN_TEXT.products.createTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      maxWidth="md"
    >
      <TextField
        {...field('name', T.name, {
          required: true,
          autoFocus: !product,
          slotProps: { htmlInput: { maxLength: 200 } },
        })}
      />
      <TextField
        {...field('description', T.description, {
          multiline: true,
          minRows: 3,
          slotProps: { htmlInput: { maxLength: 5000 } },
        })}
      />
      <Box sx={{ ...twoColumns, alignItems: 'start' }}>
        <TextField
          {...field('price', T.price, {
            required: true,
            slotProps: { htmlInput: { inputMode: 'decimal', step: 0.01 } },
            ...variantOwned,
          })}
        />
        <PriceLegalFields
          state={state}
          set={set}
          history={product?.price_history ?? []}
          disabled={busy || hasOptions}
        />
      </Box>
      <Box sx={twoColumns}>
        <TextField {...field('category_id', T.category, { select: true })}>
          <MenuItem value="">{T.noCategory}</MenuItem>
          {(categories.data?.items ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...field('premium_tier', T.tier, { select: true })}>
          {PREMIUM_TIERS.map((t) => (
            <MenuItem key={t} value={t}>
              {TIER_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={twoColumns}>
        <TextField
          {...field('quantity', T.quantity, { slotProps: { htmlInput: { inputMode: 'numeric' } }, ...variantOwned })}
        />
        <TextField {...field('badge', T.badge, { slotProps: { htmlInput: { maxLength: 40 } } })} />
      </Box>
      <Box sx={twoColumns}>
        <TextField {...field('rating', T.rating, { slotProps: { htmlInput: { inputMode: 'decimal' } } })} />
        <TextField {...field('reviews', T.reviews, { slotProps: { htmlInput: { inputMode: 'numeric' } } })} />
      </Box>
      <Box sx={{ ...twoColumns, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={state.is_digital}
              onChange={(e) => setState((s) => setDigital(s, e.target.checked))}
              disabled={busy}
            />
          }
          label={T.isDigital}
        />
        {state.is_digital && (
          <TextField {...field('digital_asset_id', T.digitalAsset, { select: true })}>
            <MenuItem value="">{T.noAsset}</MenuItem>
            {(assets.data?.items ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {!state.is_digital && <ProductSafetyFields state={state} set={set} errors={errors} disabled={busy} />}
      <TextField
        {...field('supplier_product_url', T.supplierUrl, {
          type: 'url',
          slotProps: { htmlInput: { maxLength: 1000 } },
        })}
      />
      {product && <VariantsPanel product={product} disabled={busy} />}
      <ImageManager
        items={gallery}
        progress={progress}
        disabled={busy}
        onAdd={(files) =>
          setGallery((g) => [
            ...g,
            ...files.map((file): GalleryItem => ({
              kind: 'new',
              id: crypto.randomUUID(),
              file,
              preview: URL.createObjectURL(file),
            })),
          ])
        }
        onMove={(index, delta) => setGallery((g) => moveItem(g, index, delta))}
        onRemove={(index) => setGallery((g) => g.filter((_, i) => i !== index))}
        onRejected={(fileName, message) =>
          toast({
            variant: 'destructive',
            title: CATALOG_ADMIN_TEXT.images.uploadError(fileName),
            description: message,
          })
        }
      />
    </FormDialog>
  );
}

/** The 'Varianti' panel of a saved product: what it is for, and the button opening the grid. */
function VariantsPanel({ product, disabled }: { product: AdminProductDetailDto; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="variants-panel-title"
      sx={{ p: 2, borderRadius: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography id="variants-panel-title" component="h3" sx={{ fontWeight: 600 }}>
          {VARIANTS_ADMIN_TEXT.panelTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {VARIANTS_ADMIN_TEXT.panelHint}
        </Typography>
      </Box>
      <Button variant="outlined" startIcon={<Tune />} onClick={() => setOpen(true)} disabled={disabled}>
        {VARIANTS_ADMIN_TEXT.manage}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VariantsDialog
            productId={product.id}
            productName={product.name}
            isDigital={product.is_digital}
            gallery={product.images}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
