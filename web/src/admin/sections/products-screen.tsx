import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { ADMIN_CATALOG_API, type AdminProductDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { MSG } from '../../../../shared/messages';
import { formatEuro } from '../../../../shared/money';
import { PREMIUM_TIERS, type PremiumTier } from '../../../../shared/tiers';
import { callApi } from '../../api/client';
import { ProductImage } from '../../ui/product-image';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { HiddenHeader, RowActions } from '../ui/row-actions';
import { LoadMore } from '../ui/load-more';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource, useCursorList } from '../ui/use-admin-list';
import { useConfirm } from '../ui/use-confirm';
import { useEditor } from '../ui/use-editor';
import { ProductFormDialog } from '../products/product-form-dialog';
import { StockChip } from '../products/stock-chip';
import { LEGAL_MSG } from '../../../../shared/messages/legal';

const T = CATALOG_ADMIN_TEXT.products;
/** A filter select shows its 'all' choice instead of an empty box. */
const FILTER_SELECT = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * /admin/products, the default section: the catalogue by name, paged by the
 * server with a cursor, with name search, category and tier filters and a stock column; create,
 * edit (form with images) and delete with confirmation.
 */
export default function ProductsScreen() {
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [tier, setTier] = useState<PremiumTier | ''>('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useCursorList<AdminProductDto>(
    ADMIN_CATALOG_API.products,
    { q, category_id: categoryId, premium_tier: tier },
    ADMIN_MSG.load.products,
  );
  const categories = useAdminResource(ADMIN_CATALOG_API.categories, {}, ADMIN_MSG.load.categories);
  const editor = useEditor<string>(() => list.reload());
  const { run, busy } = useAdminAction();
  const confirm = useConfirm<AdminProductDto>(
    (p) => T.deleteBody(p.name),
    (p) => {
      void run(() => callApi(ADMIN_CATALOG_API.deleteProduct, { params: { id: p.id } }), {
        kind: 'delete',
        success: T.deleted,
      }).then((r) => r && list.reload());
    },
  );

  const columns: Column<AdminProductDto>[] = [
    {
      key: 'image',
      header: T.columns.image,
      width: 64,
      hideOnMobile: true,
      render: (p) => (
        <Box sx={{ width: 44, height: 44, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'background.default' }}>
          <ProductImage src={p.image_url} alt="" />
        </Box>
      ),
    },
    {
      key: 'name',
      header: T.columns.name,
      render: (p) => (
        <Box sx={{ minWidth: { xs: 150, sm: 0 } }}>
          <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
          {p.badge && (
            <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 700, mr: 1 }}>
              {p.badge}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
            {[
              formatEuro(p.price_cents),
              p.category ?? MSG.noCategory,
              p.premium_tier === 'none' ? null : p.premium_tier,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ),
    },
    { key: 'category', header: T.columns.category, hideOnMobile: true, render: (p) => p.category ?? MSG.noCategory },
    {
      key: 'tier',
      header: T.columns.tier,
      hideOnMobile: true,
      render: (p) =>
        p.premium_tier === 'none' ? (
          '—'
        ) : (
          <Chip size="small" color="primary" variant="outlined" label={p.premium_tier} />
        ),
    },
    {
      key: 'price',
      header: T.columns.price,
      align: 'right',
      hideOnMobile: true,
      render: (p) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatEuro(p.price_cents)}
        </Box>
      ),
    },
    {
      key: 'stock',
      header: T.columns.stock,
      align: 'center',
      render: (p) => (
        <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center' }}>
          <StockChip product={p} />
          {/* an imported physical product waits for its GPSR data (Reg. (EU) 2023/988 art. 19) */}
          {!p.is_digital && !p.product_safety && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={LEGAL_MSG.safetyMissingChip}
              data-testid="safety-missing-chip"
            />
          )}
        </Box>
      ),
    },
    {
      key: 'actions',
      header: <HiddenHeader label={T.columns.actions} />,
      align: 'right',
      width: 96,
      render: (p) => (
        <RowActions name={p.name} disabled={busy} onEdit={() => editor.edit(p.id)} onDelete={() => confirm.ask(p)} />
      ),
    },
  ];

  return (
    <SectionPage
      title={T.title}
      description={T.description}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={editor.create}>
          {T.add}
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
          mb: 2,
        }}
      >
        <TextField
          type="search"
          size="small"
          label={T.searchLabel}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={T.categoryFilter}
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          slotProps={FILTER_SELECT}
        >
          <MenuItem value="">{T.allCategories}</MenuItem>
          {(categories.data?.items ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={T.tierFilter}
          value={tier}
          onChange={(e) => setTier(e.target.value as PremiumTier | '')}
          slotProps={FILTER_SELECT}
        >
          <MenuItem value="">{T.allTiers}</MenuItem>
          {PREMIUM_TIERS.map((t) => (
            <MenuItem key={t} value={t}>
              {CATALOG_ADMIN_TEXT.tierLabel(t)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <DataTable
        label={T.title}
        rows={list.items}
        columns={columns}
        rowKey={(p) => p.id}
        loading={list.isLoading}
        empty={{ title: T.emptyTitle, hint: q || categoryId || tier ? ADMIN_MSG.noResultsHint : T.emptyHint }}
        footer={list.hasMore ? <LoadMore list={list} /> : undefined}
      />
      <ProductFormDialog
        open={editor.target !== null}
        productId={editor.target?.item ?? null}
        onClose={editor.close}
        onSaved={editor.saved}
      />
      <ConfirmDialog {...confirm.props} />
    </SectionPage>
  );
}
