/**
 * /admin/shipping: the shipping methods the
 * checkout offers, cheapest first: name, cost ('GRATIS' at 0), free-shipping threshold, delivery
 * estimate and description; create, edit, delete (confirmed).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { formatEuro } from '../../../../shared/money';
import { deliveryEstimate, shippingLabel } from '../../../../shared/shipping';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { SHIPPING_MSG } from '../../../../shared/messages/shipping';
import { CATALOG_API, type ShippingMethodDto } from '../../../../shared/api/catalog';
import { ADMIN_OFFERS_API } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { RowActions } from '../ui/row-actions';
import { MobileDetails } from '../ui/mobile-details';
import { useAdminResource } from '../ui/use-admin-list';
import { useDeleteConfirm } from '../ui/use-delete-confirm';
import { MethodFormDialog } from '../shipping/method-form-dialog';

/** Default export: the lazily loaded screen of the 'shipping' section. */
export default function ShippingScreen() {
  const methods = useAdminResource(CATALOG_API.shippingMethods, {}, ADMIN_MSG.load.shippingMethods);
  const [form, setForm] = useState<{ open: boolean; method: ShippingMethodDto | null }>({ open: false, method: null });
  const deletion = useDeleteConfirm<ShippingMethodDto>({
    name: (m) => m.name,
    remove: (m) => callApi(ADMIN_OFFERS_API.deleteShippingMethod, { params: { id: m.id } }),
    onDeleted: () => void methods.mutate(),
  });

  const columns: Column<ShippingMethodDto>[] = [
    {
      key: 'name',
      header: OFFERS_MSG.methodColumns.name,
      render: (m) => (
        <Box>
          <Typography sx={{ fontWeight: 700 }} data-testid="admin-method-name">
            {m.name}
          </Typography>
          <MobileDetails>
            {[
              m.free_shipping_threshold_cents === null
                ? null
                : SHIPPING_MSG.freeOver(formatEuro(m.free_shipping_threshold_cents)),
              deliveryEstimate(m),
            ]
              .filter(Boolean)
              .join(' · ')}
          </MobileDetails>
        </Box>
      ),
    },
    {
      key: 'cost',
      header: OFFERS_MSG.methodColumns.cost,
      align: 'right',
      render: (m) => (
        <Typography
          sx={{
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            color: m.cost_cents === 0 ? 'success.main' : 'text.primary',
          }}
        >
          {shippingLabel(m.cost_cents)}
        </Typography>
      ),
    },
    {
      key: 'threshold',
      header: OFFERS_MSG.methodColumns.threshold,
      align: 'right',
      hideOnMobile: true,
      render: (m) => (
        <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {m.free_shipping_threshold_cents === null
            ? OFFERS_MSG.noThreshold
            : formatEuro(m.free_shipping_threshold_cents)}
        </Typography>
      ),
    },
    {
      key: 'delivery',
      header: OFFERS_MSG.methodColumns.delivery,
      hideOnMobile: true,
      render: (m) => (
        <Typography sx={{ whiteSpace: 'nowrap', fontSize: '0.9rem' }}>{deliveryEstimate(m) ?? '—'}</Typography>
      ),
    },
    {
      key: 'description',
      header: OFFERS_MSG.methodColumns.description,
      hideOnMobile: true,
      render: (m) => (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 380 }}>
          {m.description ?? '—'}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: OFFERS_MSG.methodColumns.actions,
      align: 'right',
      render: (m) => (
        <RowActions name={m.name} onEdit={() => setForm({ open: true, method: m })} onDelete={() => deletion.ask(m)} />
      ),
    },
  ];

  return (
    <SectionPage
      title={OFFERS_MSG.shippingTitle}
      description={OFFERS_MSG.shippingDescription}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, method: null })}>
          {OFFERS_MSG.newMethod}
        </Button>
      }
    >
      <DataTable
        label={OFFERS_MSG.shippingTitle}
        rows={methods.data?.items ?? []}
        columns={columns}
        rowKey={(m) => m.id}
        loading={methods.isLoading}
        skeletonRows={4}
        empty={{ title: OFFERS_MSG.methodsEmpty, hint: OFFERS_MSG.methodsEmptyHint }}
      />
      <MethodFormDialog
        open={form.open}
        method={form.method}
        onClose={() => setForm({ open: false, method: null })}
        onSaved={() => {
          setForm({ open: false, method: null });
          void methods.mutate();
        }}
      />
      {deletion.dialog}
    </SectionPage>
  );
}
