import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import {
  ADMIN_CATALOG_API,
  type AdminBundleDto,
  type BundleBody,
  type BundleProductDto,
} from '../../../../shared/api/admin-catalog';
import {
  IMAGE_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  bundleIsPremium,
  highestTier,
  type ImageContentType,
} from '../../../../shared/admin-catalog';
import { BUNDLE_CATEGORIES, type BundleCategory } from '../../../../shared/constants';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { MSG } from '../../../../shared/messages';
import { centsToEuroInput, parseEuroInput } from '../../../../shared/money';
import { DEFAULT_VAT_RATE, VAT_RATES, vatRateOf, type VatRate } from '../../../../shared/vat';
import { callApi } from '../../api/client';
import { ProductImage } from '../../ui/product-image';
import { useToast } from '../../ui/toast';
import { FormDialog } from '../ui/form-dialog';
import { uploadToSlot } from '../ui/upload';
import { ProductPicker } from './product-picker';

const T = CATALOG_ADMIN_TEXT.bundles;

/**
 * Create or edit a bundle ("Bundle: name and price required; category one of the three;
 * is_premium default false"; "Bundle save replaces the full product association set").
 * A bundle with a tier-restricted product is always premium (the switch shows it). The image goes
 * straight to S3 with a presigned POST (a new bundle is created first: the key needs its id).
 */
export function BundleFormDialog({
  bundle,
  onClose,
  onSaved,
}: {
  bundle: AdminBundleDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [name, setName] = useState(bundle?.name ?? '');
  const [description, setDescription] = useState(bundle?.description ?? '');
  const [price, setPrice] = useState(bundle ? centsToEuroInput(bundle.price_cents) : '0');
  const [category, setCategory] = useState<BundleCategory>(bundle?.category ?? BUNDLE_CATEGORIES[0]);
  const [premium, setPremium] = useState(bundle?.is_premium ?? false);
  const [vatRate, setVatRate] = useState<VatRate>(bundle ? vatRateOf(bundle) : DEFAULT_VAT_RATE);
  const [products, setProducts] = useState<BundleProductDto[]>(bundle?.products ?? []);
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  const [keepImage, setKeepImage] = useState(Boolean(bundle?.image_url));
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ name?: string; price?: string }>({});
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.preview);
    },
    [image],
  );

  const tier = useMemo(() => highestTier(products.map((p) => p.premium_tier)), [products]);
  const forced = bundleIsPremium(false, [tier]);

  const submit = async () => {
    const cents = parseEuroInput(price);
    const found = {
      ...(name.trim() ? {} : { name: CATALOG_ADMIN_TEXT.productForm.nameRequired }),
      ...(cents === null ? { price: CATALOG_ADMIN_TEXT.productForm.invalidPrice } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = (imageKey: string | null): BundleBody => ({
      name: name.trim(),
      description: description.trim(),
      price_cents: cents!,
      vat_rate: vatRate,
      category,
      is_premium: premium || forced,
      product_ids: products.map((p) => p.id),
      image_key: imageKey,
    });
    setBusy(true);
    try {
      // A new bundle is created first: the image's upload slot needs its id.
      let target = bundle;
      if (!target) {
        try {
          target = await callApi(ADMIN_CATALOG_API.createBundle, { body: body(null) });
        } catch (error) {
          toast({ variant: 'destructive', title: T.createFailed, description: (error as Error).message });
          return;
        }
      }
      let imageKey = image ? null : keepImage ? target.image_key : null;
      if (image) {
        try {
          const slot = await callApi(ADMIN_CATALOG_API.bundleImageUpload, {
            params: { id: target.id },
            body: { name: image.file.name, content_type: image.file.type as ImageContentType, size: image.file.size },
          });
          setProgress(0);
          await uploadToSlot(slot, image.file, setProgress);
          imageKey = slot.key;
        } catch (error) {
          toast({
            variant: 'destructive',
            title: CATALOG_ADMIN_TEXT.images.uploadError(image.file.name),
            description: (error as Error).message,
          });
          if (!bundle) onSaved();
          return;
        }
      }
      if (bundle || imageKey) {
        try {
          await callApi(ADMIN_CATALOG_API.updateBundle, { params: { id: target.id }, body: body(imageKey) });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: bundle ? T.updateFailed : T.createFailed,
            description: (error as Error).message,
          });
          if (!bundle) onSaved();
          return;
        }
      }
      toast({ title: ADMIN_MSG.successTitle, description: bundle ? T.updated : T.created });
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  const shownImage = image?.preview ?? (keepImage ? bundle?.image_url : null);
  return (
    <FormDialog
      open
      title={bundle ? T.editTitle(bundle.name) : T.createTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      maxWidth="md"
    >
      <TextField
        label={T.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus={!bundle}
        error={Boolean(errors.name)}
        helperText={errors.name}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={T.descriptionField}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <TextField
          label={T.price}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          required
          error={Boolean(errors.price)}
          helperText={errors.price}
          disabled={busy}
          slotProps={{ htmlInput: { inputMode: 'decimal', step: 0.01 } }}
        />
        <TextField
          select
          label={T.category}
          value={category}
          onChange={(e) => setCategory(e.target.value as BundleCategory)}
          disabled={busy}
        >
          {BUNDLE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={CATALOG_ADMIN_TEXT.productForm.vatRate}
          value={String(vatRate)}
          onChange={(e) => setVatRate(Number(e.target.value) as VatRate)}
          disabled={busy}
        >
          {VAT_RATES.map((r) => (
            <MenuItem key={r} value={String(r)}>
              {CATALOG_ADMIN_TEXT.productForm.vatRateOption(r)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={premium || forced}
              disabled={busy || forced}
              onChange={(e) => setPremium(e.target.checked)}
            />
          }
          label={T.isPremium}
        />
        {forced && <FormHelperText>{T.forcedPremium(tier)}</FormHelperText>}
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{T.image}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ width: 96, height: 96, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <ProductImage src={shownImage} alt={shownImage ? name : ''} />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddPhotoAlternateOutlined />}
              onClick={() => input.current?.click()}
              disabled={busy}
            >
              {T.chooseImage}
            </Button>
            {shownImage && (
              <Button
                size="small"
                color="inherit"
                onClick={() => {
                  setImage(null);
                  setKeepImage(false);
                }}
                disabled={busy}
              >
                {T.removeImage}
              </Button>
            )}
          </Box>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-testid="bundle-image-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file && file.size > IMAGE_UPLOAD_MAX_BYTES)
                toast({
                  variant: 'destructive',
                  title: CATALOG_ADMIN_TEXT.images.uploadError(file.name),
                  description: CATALOG_ADMIN_TEXT.productForm.tooLarge(file.name),
                });
              else if (file) setImage({ file, preview: URL.createObjectURL(file) });
              e.target.value = '';
            }}
          />
        </Box>
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            sx={{ mt: 1 }}
            aria-label={`${image?.file.name ?? ''} ${Math.round(progress * 100)}%`}
          />
        )}
      </Box>
      <ProductPicker selected={products} onChange={setProducts} disabled={busy} />
      {busy && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {MSG.loading}
        </Typography>
      )}
    </FormDialog>
  );
}
