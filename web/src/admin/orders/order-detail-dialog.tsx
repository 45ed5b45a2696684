/**
 * An order's detail in the back office (the Ordini screen): lines, subtotal, discount code,
 * shipping method and cost, shipping address and total (what the order recorded; older orders have
 * no shipping or code), its refunds (refund-history.tsx; the admin refunds from here through
 * refund-dialog.tsx), the customer's withdrawals with their steps (withdrawal-panel.tsx), and the fulfilment form: status (the statuses the order state machine allows
 * now: shared/orders.ts), tracking number and URL. Saving toasts 'Successo' / 'Ordine aggiornato.'.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '../../../../shared/orders';
import { can } from '../../../../shared/permissions';
import { REFUND_UI_MSG } from '../../../../shared/messages/refunds-ui';
import { formatEuro } from '../../../../shared/money';
import { shippingLabel } from '../../../../shared/shipping';
import { ORDERS_MSG } from '../../../../shared/messages/admin-orders';
import { ORDER_FIELD_LABELS, orderUpdateSchema } from '../../../../shared/schemas/admin-orders';
import type { AdminOrderDto, ShippingAddressDto } from '../../../../shared/api/orders';
import { BILLING_FIELDS, BILLING_LABELS } from '../../../../shared/billing';
import { VatBreakdown } from '../../ui/vat-breakdown';
import { ADMIN_API } from '../../../../shared/api/admin';
import { callApi } from '../../api/client';
import { ProductImage } from '../../ui/product-image';
import { OrderStatusChip } from '../../ui/order-status-chip';
import { FormDialog } from '../ui/form-dialog';
import { formatDateTime } from '../ui/format';
import { shortOrderId } from '../../ui/order-display';
import { useFormErrors } from '../ui/use-form-errors';
import { useAdminAction } from '../ui/use-admin-action';
import { useSession } from '../../session/session';
import { RefundDialog } from './refund-dialog';
import { RefundHistory } from './refund-history';
import { WithdrawalPanel } from './withdrawal-panel';
import { PAYMENT_METHOD_MSG } from '../../../../shared/messages/payment-methods';
import { orderLineName, orderLineVariant } from './order-line-name';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.4 }}>
      <Typography sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontWeight: strong ? 800 : 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function AddressBlock({ address }: { address: ShippingAddressDto }) {
  return (
    <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.6 }} data-testid="order-address">
      <Typography sx={{ fontWeight: 600 }}>{address.full_name}</Typography>
      <Typography>{address.line1}</Typography>
      {address.line2 && <Typography>{address.line2}</Typography>}
      <Typography>{`${address.postal_code} ${address.city}${address.province ? ` (${address.province})` : ''} · ${address.country}`}</Typography>
      {address.phone && <Typography sx={{ color: 'text.secondary' }}>{address.phone}</Typography>}
    </Box>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', lineHeight: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * The detail and fulfilment dialog of one order; `onSaved` gets the order as stored after the
 * update (and closes it), `onRefunded` the order after a refund (the dialog stays open on it).
 */
export function OrderDetailDialog({
  order,
  onClose,
  onSaved,
  onRefunded,
}: {
  order: AdminOrderDto | null;
  onClose(): void;
  onSaved(order: AdminOrderDto): void;
  onRefunded(order: AdminOrderDto): void;
}) {
  const { user } = useSession();
  const [refunding, setRefunding] = useState<{ mode: 'lines' | 'full'; cancel: boolean } | null>(null);
  const [status, setStatus] = useState<OrderStatus>('In elaborazione');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    if (!order) return;
    setStatus(order.status);
    setTrackingNumber(order.tracking_number ?? '');
    setTrackingUrl(order.tracking_url ?? '');
    reset();
  }, [order, reset]);

  if (!order) return null;
  const physical = order.items.some((i) => !i.is_digital);
  const submit = async () => {
    const body = { status, tracking_number: trackingNumber.trim() || null, tracking_url: trackingUrl.trim() };
    if (!check(orderUpdateSchema, body, ORDER_FIELD_LABELS)) return;
    const saved = await run(() => callApi(ADMIN_API.updateOrder, { params: { id: order.id }, body }), {
      kind: 'update',
      successTitle: ORDERS_MSG.savedTitle,
      success: ORDERS_MSG.saved,
      onError: fromServer,
    });
    if (saved) onSaved(saved);
  };

  return (
    <>
      <FormDialog
        open
        title={ORDERS_MSG.detailTitle(shortOrderId(order.id))}
        busy={busy}
        onClose={onClose}
        onSubmit={() => void submit()}
        maxWidth="md"
      >
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
          data-testid="order-detail"
        >
          <Box>
            <SectionTitle>{ORDERS_MSG.placedOn}</SectionTitle>
            <Typography>{formatDateTime(order.created_at)}</Typography>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <SectionTitle>{ORDERS_MSG.customer}</SectionTitle>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="order-customer">
              {order.user_email ?? ORDERS_MSG.erasedCustomer}
            </Typography>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <SectionTitle>{ORDERS_MSG.fullId}</SectionTitle>
            <Typography sx={{ fontFamily: mono, fontSize: '0.8rem', overflowWrap: 'anywhere' }}>{order.id}</Typography>
          </Box>
        </Box>
        <Divider />
        <Box>
          <SectionTitle>{ORDERS_MSG.lines}</SectionTitle>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {order.items.map((item, i) => (
              <Box
                component="li"
                key={`${item.product_id ?? item.bundle_id}-${i}`}
                data-testid="order-detail-line"
                sx={{
                  listStyle: 'none',
                  display: 'grid',
                  gridTemplateColumns: '44px minmax(0, 1fr) auto',
                  gap: 1.5,
                  alignItems: 'center',
                  py: 0.75,
                }}
              >
                <Box
                  sx={{ width: 44, height: 44, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
                >
                  <ProductImage src={item.image_url} alt={orderLineName(item)} />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{item.name}</Typography>
                  {orderLineVariant(item) && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-line-variant">
                      {orderLineVariant(item)}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                    {ORDERS_MSG.unitTimes(item.quantity, formatEuro(item.price_cents))}
                    {item.refunded_quantity > 0 && ` · ${REFUND_UI_MSG.refundedUnits(item.refunded_quantity)}`}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {formatEuro(item.price_cents * item.quantity)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 1, ml: { sm: 'auto' }, maxWidth: { sm: 380 } }}>
            <Row label={ORDERS_MSG.subtotal} value={formatEuro(order.subtotal_cents)} />
            {order.discount_code && (
              <Row
                label={ORDERS_MSG.discount(order.discount_code)}
                value={`− ${formatEuro(order.discount_cents ?? 0)}`}
                testId="order-discount"
              />
            )}
            {physical && (
              <Row
                label={ORDERS_MSG.shippingLine(order.shipping_method)}
                value={
                  order.shipping_cents === null ? ORDERS_MSG.shippingNotRecorded : shippingLabel(order.shipping_cents)
                }
                testId="order-shipping-cost"
              />
            )}
            <Divider sx={{ my: 0.5 }} />
            <Row label={ORDERS_MSG.total} value={formatEuro(order.total_cents)} strong testId="order-detail-total" />
            <Row
              label={PAYMENT_METHOD_MSG.paidWith}
              value={order.payment_method ?? PAYMENT_METHOD_MSG.unknown}
              testId="order-payment-method"
            />
            <VatBreakdown lines={order.vat_breakdown} />
          </Box>
        </Box>
        <Divider />
        <Box>
          <SectionTitle>{ORDERS_MSG.shippingSection}</SectionTitle>
          {!physical ? (
            <Typography sx={{ color: 'text.secondary' }}>{ORDERS_MSG.digitalOnly}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {ORDERS_MSG.method}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  {order.shipping_method ?? ORDERS_MSG.shippingNotRecorded}
                </Typography>
              </Box>
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {ORDERS_MSG.address}
                </Typography>
                {order.shipping_address ? (
                  <AddressBlock address={order.shipping_address} />
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>{ORDERS_MSG.noAddress}</Typography>
                )}
              </Box>
            </Box>
          )}
        </Box>
        <Divider />
        <Box data-testid="order-billing">
          <SectionTitle>{ORDERS_MSG.billingSection}</SectionTitle>
          {order.billing ? (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2 }}
            >
              {BILLING_FIELDS.filter((f) => order.billing![f]).map((f) => (
                <Box key={f} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {BILLING_LABELS[f]}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {order.billing![f]}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{ORDERS_MSG.noBilling}</Typography>
          )}
        </Box>
        <Divider />
        <RefundHistory order={order} canRefund={Boolean(user && can(user.role, 'refunds'))} onRefund={setRefunding} />
        <Divider />
        {order.withdrawals.length > 0 && (
          <>
            <WithdrawalPanel order={order} onChanged={onRefunded} />
            <Divider />
          </>
        )}
        <Box>
          <SectionTitle>{ORDERS_MSG.fulfilment}</SectionTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
            <TextField
              select
              label={ORDERS_MSG.statusLabel}
              value={status}
              onChange={(e) => setStatus(e.target.value as OrderStatus)}
              slotProps={{ htmlInput: { 'data-testid': 'order-status-select' } }}
            >
              {order.allowed_statuses.map((s) => (
                <MenuItem key={s} value={s}>
                  <OrderStatusChip status={s} />
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={ORDERS_MSG.trackingNumber}
              value={trackingNumber}
              onChange={(e) => {
                setTrackingNumber(e.target.value);
                clear('tracking_number');
              }}
              error={Boolean(errors.tracking_number)}
              helperText={errors.tracking_number}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'order-tracking-number' } }}
            />
            <TextField
              label={ORDERS_MSG.trackingUrl}
              value={trackingUrl}
              onChange={(e) => {
                setTrackingUrl(e.target.value);
                clear('tracking_url');
              }}
              error={Boolean(errors.tracking_url)}
              helperText={errors.tracking_url ?? ORDERS_MSG.trackingUrlHint}
              type="url"
              sx={{ gridColumn: { sm: '1 / -1' } }}
              slotProps={{ htmlInput: { maxLength: 500, inputMode: 'url', 'data-testid': 'order-tracking-url' } }}
            />
            {order.tracking_url && (
              <Link
                href={order.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ gridColumn: { sm: '1 / -1' }, fontSize: '0.9rem' }}
              >
                {ORDERS_MSG.openTracking}: {order.tracking_url}
              </Link>
            )}
          </Box>
        </Box>
      </FormDialog>
      {/* beside the detail, not inside its form: the refund form submits on its own */}
      {refunding && (
        <RefundDialog
          order={order}
          initial={refunding}
          onClose={() => setRefunding(null)}
          onDone={(after) => {
            setRefunding(null);
            onRefunded(after);
          }}
        />
      )}
    </>
  );
}
