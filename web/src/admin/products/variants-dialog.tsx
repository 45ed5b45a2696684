/**
 * The variant grid of a product (a chunk of its own, loaded when the admin opens it from the
 * product's edit screen): its options and their values, 'Genera combinazioni', one row per
 * variant with bulk changes on the selected rows, archive (never delete), and one save of the
 * whole grid (PUT .../variants) whose 400/409 is shown on the field it names.
 */
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/Archive';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Delete from '@mui/icons-material/Delete';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import Unarchive from '@mui/icons-material/Unarchive';
import { ADMIN_CATALOG_API, type AdminVariantsDto } from '../../../../shared/api/admin-catalog';
import { VARIANTS_ADMIN_TEXT as T } from '../../../../shared/messages/admin-variants';
import { formatEuro, parseEuroInput } from '../../../../shared/money';
import { percentOff } from '../../../../shared/price-history';
import { MAX_OPTIONS, MAX_VARIANTS, optionText } from '../../../../shared/variants';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { FormDialog } from '../ui/form-dialog';
import { serverFieldError, type FieldErrors } from '../ui/form-errors';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource } from '../ui/use-admin-list';
import {
  addMissingCombinations,
  addOption,
  addStockToNew,
  addValue,
  canRemoveOption,
  canRemoveValue,
  euroText,
  gridBody,
  gridFromDto,
  moveValue,
  removeOption,
  removeValue,
  renameOption,
  renameValue,
  restockTargets,
  rowName,
  setPriceOf,
  toggleImage,
  withStock,
  type VariantGrid,
  type VariantRow,
} from './variant-grid-model';

/** A saved gallery image of the product, which a variant can choose as its own. */
export interface GalleryImage {
  id: string;
  /** Public URL, relative to the shop origin. */
  image_url: string;
}

/**
 * The 'Varianti' dialog of a product (default export: the lazily loaded chunk).
 * @param productId the product whose grid is read (GET) and saved (PUT .../variants)
 * @param isDigital a digital product's variants have no stock (no stock column, no restock)
 * @param gallery the product's saved gallery images in order: each variant's own images are
 *   chosen from these
 */
export default function VariantsDialog({
  productId,
  productName,
  isDigital,
  gallery,
  onClose,
}: {
  productId: string;
  productName: string;
  isDigital: boolean;
  gallery: readonly GalleryImage[];
  onClose(): void;
}) {
  const loaded = useAdminResource(ADMIN_CATALOG_API.variants, { id: productId }, T.loadFailed);
  if (!loaded.data)
    return (
      <FormDialog
        open
        title={T.dialogTitle(productName)}
        titleId="variants-form-title"
        busy
        onClose={onClose}
        onSubmit={() => undefined}
        submitLabel={T.save}
      >
        <Box aria-label={T.loading} aria-busy sx={{ display: 'grid', gap: 2 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Box>
      </FormDialog>
    );
  return (
    <VariantsEditor
      dto={loaded.data}
      productName={productName}
      isDigital={isDigital}
      gallery={gallery}
      onClose={onClose}
      onSaved={(saved) => void loaded.mutate(saved, { revalidate: false })}
    />
  );
}

function VariantsEditor({
  dto,
  productName,
  isDigital,
  gallery,
  onClose,
  onSaved,
}: {
  dto: AdminVariantsDto;
  productName: string;
  isDigital: boolean;
  gallery: readonly GalleryImage[];
  onClose(): void;
  onSaved(saved: AdminVariantsDto): void;
}) {
  const galleryIds = useMemo(() => gallery.map((g) => g.id), [gallery]);
  const [grid, setGrid] = useState<VariantGrid>(() => gridFromDto(dto, galleryIds));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkUnits, setBulkUnits] = useState('5');
  const { run, busy } = useAdminAction();
  const { toast } = useToast();
  const productId = dto.product_id;
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('md'));

  /** A change of the grid's shape: row indexes move, so the server's row errors no longer apply. */
  const reshape = (next: VariantGrid) => {
    setGrid(next);
    setErrors({});
    setSelected((s) => new Set([...s].filter((k) => next.rows.some((r) => r.key === k))));
  };
  const editRow = (index: number, patch: Partial<VariantRow>, field: string) => {
    setGrid((g) => ({ ...g, rows: g.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
    const name = `variants.${index}.${field}`;
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const save = async () => {
    const { body, errors: found } = gridBody(grid);
    setErrors(found);
    if (!body) return;
    const saved = await run(() => callApi(ADMIN_CATALOG_API.saveVariants, { params: { id: productId }, body }), {
      success: T.saved,
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
      },
    });
    if (!saved) return;
    setGrid(gridFromDto(saved, galleryIds));
    setSelected(new Set());
    onSaved(saved);
  };

  const generate = () => {
    const { grid: next, added } = addMissingCombinations(grid);
    reshape(next);
    toast({ title: T.generate, description: T.generated(added) });
  };

  const bulkCents = parseEuroInput(bulkPrice);
  const units = Number(bulkUnits);
  const unitsValid = /^\d+$/.test(bulkUnits.trim()) && units >= 1 && units <= 100_000;
  const applyPrice = () => {
    if (bulkCents === null || bulkCents < 1) return;
    setGrid((g) => setPriceOf(g, selected, euroText(bulkCents)));
  };
  const addStock = async () => {
    if (!unitsValid) return;
    const keys = selected;
    setGrid((g) => addStockToNew(g, keys, units));
    const count = restockTargets(grid, keys, units).length;
    if (count === 0) return;
    await run(
      async () => {
        // each saved variant gets the units added to its stock as it is when written (a sale
        // since the grid was read is kept)
        for (const t of restockTargets(grid, keys, units)) {
          const after = await callApi(ADMIN_CATALOG_API.setStock, { params: { id: productId }, body: t });
          setGrid((g) => withStock(g, t.variant_id, after.quantity));
        }
      },
      { kind: 'update', success: T.restocked(count, units) },
    );
  };

  const allSelected = grid.rows.length > 0 && grid.rows.every((r) => selected.has(r.key));
  const names = useMemo(
    () => grid.rows.map((r, i) => rowName(r, i, (n) => (grid.options.length ? T.rowName(n) : T.defaultVariant))),
    [grid],
  );
  const cellField = (index: number, field: string) => ({
    error: Boolean(errors[`variants.${index}.${field}`]),
    helperText: errors[`variants.${index}.${field}`],
  });
  const generalError = errors.variants ?? errors.options;
  const selectAllBox = (
    <Checkbox
      checked={allSelected}
      indeterminate={selected.size > 0 && !allSelected}
      onChange={() => setSelected(allSelected ? new Set() : new Set(grid.rows.map((r) => r.key)))}
      disabled={busy}
      slotProps={{ input: { 'aria-label': T.selectAll } }}
    />
  );
  const columnHeaders = [
    T.columns.sku,
    T.columns.price,
    T.columns.announce,
    ...(isDigital ? [] : [T.columns.stock]),
    T.columns.weight,
    T.columns.gtin,
    ...(gallery.length ? [T.columns.images] : []),
  ];

  /** One row's controls, laid out as table cells (desktop) or as a card (phone). */
  const rowCells = (r: VariantRow, i: number) => {
    const name = names[i]!;
    const archived = r.status === 'archived';
    const off = busy || archived;
    const aria = (label: string) => ({ 'aria-label': T.cell(label, name) });
    const text = (field: keyof VariantRow & string, apiField: string, label: string, extra: object = {}) => (
      <TextField
        size="small"
        value={r[field] as string}
        onChange={(e) => editRow(i, { [field]: e.target.value }, apiField)}
        disabled={off}
        {...cellField(i, apiField)}
        slotProps={{ htmlInput: { ...aria(label), ...extra } }}
        fullWidth
      />
    );
    const fields: { id: string; header: string; node: ReactNode; minWidth?: number; wide?: boolean }[] = [
      {
        id: 'sku',
        header: T.columns.sku,
        node: text('sku', 'sku', T.columns.sku, { maxLength: 64 }),
        minWidth: 170,
        wide: true,
      },
      {
        id: 'price',
        header: T.columns.price,
        minWidth: 110,
        node: (
          <>
            {text('price', 'price_cents', T.columns.price, { inputMode: 'decimal' })}
            {r.price_reduction && r.announce_reduction && (
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {T.reductionShown(
                  formatEuro(r.price_reduction.reference_cents),
                  percentOff(r.price_reduction.reference_cents, parseEuroInput(r.price) ?? 0),
                )}
              </Typography>
            )}
          </>
        ),
      },
      {
        id: 'announce',
        header: T.columns.announce,
        node: (
          <Switch
            checked={r.announce_reduction}
            onChange={(e) => editRow(i, { announce_reduction: e.target.checked }, 'announce_reduction')}
            disabled={off}
            slotProps={{ input: aria(T.columns.announce) }}
          />
        ),
      },
      ...(isDigital
        ? []
        : [
            {
              id: 'stock',
              header: T.columns.stock,
              minWidth: 90,
              node:
                r.id !== undefined ? (
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="variant-stock">
                    {r.quantity}
                  </Typography>
                ) : (
                  <TextField
                    size="small"
                    value={r.quantity}
                    onChange={(e) => editRow(i, { quantity: e.target.value }, 'quantity')}
                    disabled={off}
                    {...cellField(i, 'quantity')}
                    slotProps={{ htmlInput: { 'aria-label': T.cell(T.newStockHint, name), inputMode: 'numeric' } }}
                  />
                ),
            },
          ]),
      {
        id: 'weight',
        header: T.columns.weight,
        minWidth: 100,
        node: text('weight', 'weight_grams', T.columns.weight, { inputMode: 'numeric' }),
      },
      {
        id: 'gtin',
        header: T.columns.gtin,
        minWidth: 160,
        node: text('gtin', 'gtin', T.columns.gtin, { inputMode: 'numeric', maxLength: 14 }),
      },
      ...(gallery.length
        ? [
            {
              id: 'images',
              header: T.columns.images,
              minWidth: 200,
              node: (
                <VariantImages
                  variant={name}
                  gallery={gallery}
                  chosen={r.image_ids}
                  disabled={off}
                  error={errors[`variants.${i}.image_ids`]}
                  onToggle={(imageId) => {
                    setGrid((g) => toggleImage(g, r.key, imageId, galleryIds));
                    const field = `variants.${i}.image_ids`;
                    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
                  }}
                />
              ),
            },
          ]
        : []),
    ];
    return {
      archived,
      fields,
      select: (
        <Checkbox
          checked={selected.has(r.key)}
          onChange={() =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(r.key)) next.delete(r.key);
              else next.add(r.key);
              return next;
            })
          }
          disabled={busy}
          slotProps={{ input: { 'aria-label': T.selectRow(name) } }}
        />
      ),
      valuesError: errors[`variants.${i}.option_values`] && (
        <Typography variant="caption" color="error" sx={{ display: 'block', whiteSpace: 'normal' }}>
          {errors[`variants.${i}.option_values`]}
        </Typography>
      ),
      status: (
        <Chip
          size="small"
          variant="outlined"
          color={archived ? 'default' : 'success'}
          label={archived ? T.archived : r.id === undefined ? `${T.active} · ${T.newRow}` : T.active}
          data-testid="variant-status"
        />
      ),
      action:
        r.id === undefined ? (
          <IconButton
            aria-label={T.removeNew(name)}
            onClick={() => reshape({ ...grid, rows: grid.rows.filter((x) => x.key !== r.key) })}
            disabled={busy}
          >
            <Delete fontSize="small" />
          </IconButton>
        ) : (
          <Button
            size="small"
            color="inherit"
            aria-label={archived ? T.restore(name) : T.archive(name)}
            onClick={() => editRow(i, { status: archived ? 'active' : 'archived' }, 'status')}
            disabled={busy}
            startIcon={archived ? <Unarchive fontSize="small" /> : <Archive fontSize="small" />}
          >
            {archived ? T.restoreShort : T.archiveShort}
          </Button>
        ),
    };
  };

  return (
    <FormDialog
      open
      title={T.dialogTitle(productName)}
      titleId="variants-form-title"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={T.save}
      maxWidth="xl"
    >
      <Box component="section" aria-labelledby="variant-options-title" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="variant-options-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {T.optionsTitle}
        </Typography>
        {grid.options.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.noOptions}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {grid.options.map((o, i) => (
            <OptionEditor
              key={i}
              grid={grid}
              index={i}
              disabled={busy}
              errors={errors}
              onChange={reshape}
              onRename={(name) => {
                setGrid((g) => renameOption(g, i, name));
                setErrors((e) => ({ ...e, [`options.${i}.name`]: undefined }));
              }}
              label={optionText(o.name) || T.unnamedOption(i)}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            variant="outlined"
            onClick={() => reshape(addOption(grid))}
            disabled={busy || grid.options.length >= MAX_OPTIONS}
          >
            {T.addOption}
          </Button>
          <Button
            startIcon={<AutoAwesome />}
            variant="outlined"
            onClick={generate}
            disabled={busy || grid.options.length === 0 || grid.rows.length >= MAX_VARIANTS}
          >
            {T.generate}
          </Button>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="variant-grid-title" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Typography id="variant-grid-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {T.panelTitle}
        </Typography>
        {gallery.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.noGallery}
          </Typography>
        )}
        {generalError && (
          <Alert severity="error" data-testid="variants-error">
            {generalError}
          </Alert>
        )}
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', borderRadius: 2 }}
          role="group"
          aria-label={T.selected(selected.size)}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 170 }} aria-live="polite">
            {T.selected(selected.size)}
          </Typography>
          <BulkAction
            label={T.bulkPrice}
            value={bulkPrice}
            onChange={setBulkPrice}
            invalid={bulkPrice.trim() !== '' && (bulkCents === null || bulkCents < 1)}
            inputMode="decimal"
            width={190}
            action={T.bulkPriceApply(bulkCents !== null && bulkCents >= 1 ? euroText(bulkCents) : '…')}
            onApply={applyPrice}
            disabled={busy || selected.size === 0 || bulkCents === null || bulkCents < 1}
          />
          {!isDigital && (
            <BulkAction
              label={T.bulkStock}
              value={bulkUnits}
              onChange={setBulkUnits}
              invalid={!unitsValid}
              inputMode="numeric"
              width={150}
              action={T.bulkStockApply(unitsValid ? units : 0)}
              onApply={() => void addStock()}
              disabled={busy || selected.size === 0 || !unitsValid}
            />
          )}
          {!isDigital && (
            <Typography variant="caption" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
              {T.bulkStockHint}
            </Typography>
          )}
        </Paper>
        {phone ? (
          <Box
            component="ul"
            aria-label={T.gridLabel}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            <Box component="li">
              <FormControlLabel control={selectAllBox} label={T.selectAll} />
            </Box>
            {grid.rows.map((r, i) => {
              const row = rowCells(r, i);
              return (
                <Paper
                  component="li"
                  key={r.key}
                  variant="outlined"
                  data-testid="variant-row"
                  data-archived={row.archived || undefined}
                  sx={{ p: 1.5, borderRadius: 2, display: 'grid', gap: 1, ...(row.archived ? archivedSx : {}) }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {row.select}
                    <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>{names[i]}</Typography>
                    {row.status}
                    {row.action}
                  </Box>
                  {row.valuesError}
                  <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                    {row.fields.map((f) => (
                      <Box key={f.id} sx={{ gridColumn: f.wide ? '1 / -1' : undefined, minWidth: 0 }}>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-hidden>
                          {f.header}
                        </Typography>
                        {f.node}
                      </Box>
                    ))}
                  </Box>
                </Paper>
              );
            })}
          </Box>
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
            <Table size="small" aria-label={T.gridLabel} sx={{ '& td, & th': { py: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">{selectAllBox}</TableCell>
                  {grid.options.map((o, i) => (
                    <TableCell key={i}>{optionText(o.name) || T.unnamedOption(i)}</TableCell>
                  ))}
                  {columnHeaders.map((h) => (
                    <TableCell key={h}>{h}</TableCell>
                  ))}
                  <TableCell>{T.columns.status}</TableCell>
                  <TableCell align="right">{T.columns.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {grid.rows.map((r, i) => {
                  const row = rowCells(r, i);
                  return (
                    <TableRow
                      key={r.key}
                      data-testid="variant-row"
                      data-archived={row.archived || undefined}
                      selected={selected.has(r.key)}
                      sx={row.archived ? archivedSx : undefined}
                    >
                      <TableCell padding="checkbox">{row.select}</TableCell>
                      {grid.options.map((_, j) => (
                        <TableCell key={j} sx={{ whiteSpace: 'nowrap' }}>
                          {r.option_values[j] || '—'}
                          {j === 0 && row.valuesError}
                        </TableCell>
                      ))}
                      {row.fields.map((f) => (
                        <TableCell key={f.id} sx={{ minWidth: f.minWidth }}>
                          {f.node}
                        </TableCell>
                      ))}
                      <TableCell>{row.status}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.action}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </FormDialog>
  );
}

/**
 * A variant's own images: a button naming how many it has ('Galleria del prodotto' for none), which
 * opens the product's gallery as checkboxes; a checked image is the variant's.
 */
function VariantImages({
  variant,
  gallery,
  chosen,
  disabled,
  error,
  onToggle,
}: {
  variant: string;
  gallery: readonly GalleryImage[];
  chosen: readonly string[];
  disabled: boolean;
  error: string | undefined;
  onToggle(imageId: string): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const first = gallery.find((g) => g.id === chosen[0]);
  const summary = chosen.length ? T.imagesChosen(chosen.length) : T.imagesOfProduct;
  const title = T.imagesOf(variant);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={error ? 'error' : 'inherit'}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={`${title}: ${summary}`}
        startIcon={
          first ? (
            <Box
              component="img"
              src={first.image_url}
              alt=""
              sx={{ width: 24, height: 24, objectFit: 'cover', borderRadius: 0.5 }}
            />
          ) : (
            <PhotoLibrary fontSize="small" />
          )
        }
        fullWidth
        // one line in the table (its column is wide enough); a phone's card wraps it
        sx={{
          textTransform: 'none',
          justifyContent: 'flex-start',
          textAlign: 'left',
          minHeight: 40,
          whiteSpace: { xs: 'normal', md: 'nowrap' },
        }}
      >
        {summary}
      </Button>
      {error && (
        <Typography variant="caption" color="error" sx={{ display: 'block', whiteSpace: 'normal' }}>
          {error}
        </Typography>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': title, sx: { p: 2, maxWidth: 340 } } }}
      >
        <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <FormGroup>
          {gallery.map((image, k) => (
            <FormControlLabel
              key={image.id}
              control={<Checkbox checked={chosen.includes(image.id)} onChange={() => onToggle(image.id)} />}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="img"
                    src={image.image_url}
                    alt=""
                    sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
                  />
                  {T.imageLabel(k)}
                </Box>
              }
            />
          ))}
        </FormGroup>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
          {T.imagesHint}
        </Typography>
      </Popover>
    </>
  );
}

/** An archived variant's row: greyed (its fields are disabled), 'Archiviata'. */
const archivedSx = { bgcolor: 'action.hover', '& td': { color: 'text.secondary' } } as const;

/** A bulk change on the selected rows: its value and the button applying it (Enter applies it too). */
function BulkAction({
  label,
  value,
  onChange,
  invalid,
  inputMode,
  width,
  action,
  onApply,
  disabled,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  inputMode: 'decimal' | 'numeric';
  width: number;
  action: string;
  onApply(): void;
  disabled: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => enterDoes(e, () => !disabled && onApply())}
        error={invalid}
        slotProps={{ htmlInput: { inputMode, maxLength: 12 } }}
        sx={{ width }}
      />
      <Button
        variant="contained"
        color="secondary"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        onClick={onApply}
        disabled={disabled}
      >
        {action}
      </Button>
    </Box>
  );
}

/** Enter in a field beside a button runs that button instead of submitting the whole grid. */
function enterDoes(e: KeyboardEvent, action: () => void) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  action();
}

/** One option: its name, its values in order (rename, up/down, remove) and a field to add one. */
function OptionEditor({
  grid,
  index,
  label,
  disabled,
  errors,
  onChange,
  onRename,
}: {
  grid: VariantGrid;
  index: number;
  label: string;
  disabled: boolean;
  errors: FieldErrors;
  onChange(next: VariantGrid): void;
  onRename(name: string): void;
}) {
  const [draft, setDraft] = useState('');
  const option = grid.options[index]!;
  const add = () => {
    onChange(addValue(grid, index, draft));
    setDraft('');
  };
  const removable = canRemoveOption(grid, index);
  const valuesError = errors[`options.${index}.values`] ?? errors[`options.${index}`];
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, borderRadius: 2, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
        <TextField
          size="small"
          label={T.optionName(index)}
          value={option.name}
          onChange={(e) => onRename(e.target.value)}
          disabled={disabled}
          error={Boolean(errors[`options.${index}.name`])}
          helperText={errors[`options.${index}.name`]}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          fullWidth
        />
        <IconButton
          aria-label={T.removeOption(label)}
          title={removable ? undefined : T.removeOptionBlocked}
          onClick={() => onChange(removeOption(grid, index))}
          disabled={disabled || !removable}
        >
          <Delete fontSize="small" />
        </IconButton>
      </Box>
      <Box
        component="ol"
        aria-label={T.optionValues(label)}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      >
        {option.values.map((v, j) => {
          const name = optionText(v) || T.valueText(label, j);
          const canRemove = canRemoveValue(grid, index, j);
          return (
            <Box component="li" key={j} sx={{ display: 'flex', gap: 0.25, alignItems: 'center' }}>
              <TextField
                size="small"
                value={v}
                onChange={(e) => onChange(renameValue(grid, index, j, e.target.value))}
                disabled={disabled}
                slotProps={{ htmlInput: { 'aria-label': T.valueText(label, j), maxLength: 40 } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <IconButton
                size="small"
                aria-label={T.moveValueUp(name)}
                onClick={() => onChange(moveValue(grid, index, j, -1))}
                disabled={disabled || j === 0}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={T.moveValueDown(name)}
                onClick={() => onChange(moveValue(grid, index, j, 1))}
                disabled={disabled || j === option.values.length - 1}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={T.removeValue(name)}
                title={canRemove ? undefined : T.valueInUse(name)}
                onClick={() => onChange(removeValue(grid, index, j))}
                disabled={disabled || !canRemove}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {valuesError && (
        <Typography variant="caption" color="error">
          {valuesError}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label={T.newValue(label)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => enterDoes(e, add)}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button onClick={add} disabled={disabled || !optionText(draft)}>
          {T.addValue}
        </Button>
      </Box>
    </Paper>
  );
}
