import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { ADMIN_CATALOG_API, type AdminBundleDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { formatEuro } from '../../../../shared/money';
import { callApi } from '../../api/client';
import { ProductImage } from '../../ui/product-image';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { HiddenHeader, RowActions } from '../ui/row-actions';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource } from '../ui/use-admin-list';
import { useConfirm } from '../ui/use-confirm';
import { useEditor } from '../ui/use-editor';
import { BundleFormDialog } from '../bundles/bundle-form-dialog';

const T = CATALOG_ADMIN_TEXT.bundles;

/** /admin/bundles: bundles with their products; create, edit, delete. */
export default function BundlesScreen() {
  const list = useAdminResource(ADMIN_CATALOG_API.bundles, {}, ADMIN_MSG.load.bundles);
  const editor = useEditor<AdminBundleDto>(() => list.mutate());
  const { run, busy } = useAdminAction();
  const confirm = useConfirm<AdminBundleDto>(
    (b) => T.deleteBody(b.name),
    (b) => {
      void run(() => callApi(ADMIN_CATALOG_API.deleteBundle, { params: { id: b.id } }), {
        kind: 'delete',
        success: T.deleted,
      }).then((r) => r && list.mutate());
    },
  );
  const columns: Column<AdminBundleDto>[] = [
    {
      key: 'image',
      header: T.columns.image,
      width: 64,
      hideOnMobile: true,
      render: (b) => (
        <Box sx={{ width: 44, height: 44, borderRadius: 1.5, overflow: 'hidden' }}>
          <ProductImage src={b.image_url} alt="" />
        </Box>
      ),
    },
    {
      key: 'name',
      header: T.columns.name,
      render: (b) => (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{b.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
            {[b.category, formatEuro(b.price_cents), T.productCount(b.product_count), b.is_premium ? 'PREMIUM' : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ),
    },
    { key: 'category', header: T.columns.category, hideOnMobile: true, render: (b) => b.category },
    {
      key: 'products',
      header: T.columns.products,
      align: 'center',
      hideOnMobile: true,
      render: (b) => (
        <Box component="span" title={b.products.map((p) => p.name).join(', ')}>
          {b.product_count}
        </Box>
      ),
    },
    {
      key: 'price',
      header: T.columns.price,
      align: 'right',
      hideOnMobile: true,
      render: (b) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatEuro(b.price_cents)}
        </Box>
      ),
    },
    {
      key: 'premium',
      header: T.columns.premium,
      align: 'center',
      hideOnMobile: true,
      render: (b) =>
        b.is_premium ? <Chip size="small" color="primary" label="PREMIUM" sx={{ fontWeight: 700 }} /> : T.no,
    },
    {
      key: 'actions',
      header: <HiddenHeader label={T.columns.actions} />,
      align: 'right',
      width: 96,
      render: (b) => (
        <RowActions name={b.name} disabled={busy} onEdit={() => editor.edit(b)} onDelete={() => confirm.ask(b)} />
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
      <DataTable
        label={T.title}
        rows={list.data?.items ?? []}
        columns={columns}
        rowKey={(b) => b.id}
        loading={list.isLoading}
        empty={{ title: T.emptyTitle, hint: T.emptyHint }}
      />
      {editor.target && (
        <BundleFormDialog
          key={editor.target.item?.id ?? 'new'}
          bundle={editor.target.item}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
      <ConfirmDialog {...confirm.props} />
    </SectionPage>
  );
}
