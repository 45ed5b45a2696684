/**
 * /admin/suppliers ('Fornitori'): suppliers by name
 * with their domain, how their stock is read (stock API with key, or product pages), notification
 * email and default shipping method's name; create, edit, delete (confirmed); empty state; and
 * 'Sincronizza ora', which really runs the stock sync for that supplier.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { AUTOMATIONS_API, type SupplierDto } from '../../../../shared/api/admin-automations';
import { SUPPLIER_MSG } from '../../../../shared/messages/admin-automations';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { callApi } from '../../api/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource } from '../ui/use-admin-list';
import { SupplierFormDialog } from '../suppliers/supplier-form-dialog';
import { useStartSync } from '../automations/use-start-sync';

/** How the stock of a supplier is read. */
function StockSource({ s }: { s: SupplierDto }) {
  if (!s.api_url) return <Chip size="small" variant="outlined" label={SUPPLIER_MSG.pagesOnly} />;
  return (
    <Chip
      size="small"
      color={s.has_api_key ? 'primary' : 'warning'}
      variant="outlined"
      label={s.has_api_key ? SUPPLIER_MSG.apiWithKey : SUPPLIER_MSG.apiWithoutKey}
    />
  );
}

/** Default export: the lazily loaded screen of the 'suppliers' section. */
export default function SuppliersScreen() {
  const list = useAdminResource(AUTOMATIONS_API.suppliers, {}, ADMIN_MSG.load.suppliers);
  const [form, setForm] = useState<{ open: boolean; supplier: SupplierDto | null }>({ open: false, supplier: null });
  const [deleting, setDeleting] = useState<SupplierDto | null>(null);
  const { run } = useAdminAction();
  const { start, starting } = useStartSync();
  const suppliers = list.data?.items ?? [];

  const remove = async (s: SupplierDto) => {
    await run(() => callApi(AUTOMATIONS_API.deleteSupplier, { params: { id: s.id } }), {
      kind: 'delete',
      success: SUPPLIER_MSG.deleted,
    });
    void list.mutate();
  };

  const columns: Column<SupplierDto>[] = [
    {
      key: 'name',
      header: SUPPLIER_MSG.columns.name,
      render: (s) => (
        <Box sx={{ minWidth: 150 }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="supplier-name">
            {s.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {s.domain_name ?? '—'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', display: { sm: 'none' } }}>
            {s.default_shipping_method_name}
          </Typography>
        </Box>
      ),
    },
    { key: 'stock', header: SUPPLIER_MSG.columns.stock, hideOnMobile: true, render: (s) => <StockSource s={s} /> },
    {
      key: 'email',
      header: SUPPLIER_MSG.columns.email,
      hideOnMobile: true,
      render: (s) => <Typography variant="body2">{s.notification_email ?? '—'}</Typography>,
    },
    {
      key: 'shipping',
      header: SUPPLIER_MSG.columns.shipping,
      hideOnMobile: true,
      render: (s) => (
        <Typography variant="body2" data-testid="supplier-shipping">
          {s.default_shipping_method_name ?? SUPPLIER_MSG.noShippingMethod}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: SUPPLIER_MSG.columns.actions,
      align: 'right',
      render: (s) => (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => void start({ id: s.id, name: s.name })}
            disabled={starting !== null}
            startIcon={starting === s.id ? <CircularProgress size={16} color="inherit" /> : <SyncOutlined />}
            sx={{
              whiteSpace: 'nowrap',
              minWidth: 40,
              '& .MuiButton-startIcon': { mr: { xs: 0, lg: 1 }, ml: { xs: 0, lg: -0.5 } },
            }}
            aria-label={`${SUPPLIER_MSG.syncNow}: ${s.name}`}
          >
            <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
              {SUPPLIER_MSG.syncNow}
            </Box>
          </Button>
          <Tooltip title={ADMIN_MSG.edit}>
            <IconButton
              onClick={() => setForm({ open: true, supplier: s })}
              aria-label={`${ADMIN_MSG.edit}: ${s.name}`}
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={ADMIN_MSG.delete}>
            <IconButton onClick={() => setDeleting(s)} aria-label={`${ADMIN_MSG.delete}: ${s.name}`} color="error">
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  return (
    <SectionPage
      title={SUPPLIER_MSG.title}
      description={SUPPLIER_MSG.description}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, supplier: null })}>
          {SUPPLIER_MSG.add}
        </Button>
      }
    >
      <DataTable
        label={SUPPLIER_MSG.tableLabel}
        rows={suppliers}
        columns={columns}
        rowKey={(s) => s.id}
        loading={list.isLoading}
        skeletonRows={3}
        empty={{
          title: SUPPLIER_MSG.empty,
          hint: SUPPLIER_MSG.emptyHint,
          action: (
            <Button variant="outlined" startIcon={<Add />} onClick={() => setForm({ open: true, supplier: null })}>
              {SUPPLIER_MSG.add}
            </Button>
          ),
        }}
      />
      <SupplierFormDialog
        open={form.open}
        supplier={form.supplier}
        shippingMethods={list.data?.shipping_methods ?? []}
        onClose={() => setForm({ open: false, supplier: null })}
        onSaved={() => {
          setForm({ open: false, supplier: null });
          void list.mutate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={ADMIN_MSG.confirmTitle}
        body={deleting ? ADMIN_MSG.deleteBody(deleting.name) : ''}
        confirmLabel={ADMIN_MSG.delete}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
        onClose={() => setDeleting(null)}
      />
    </SectionPage>
  );
}
