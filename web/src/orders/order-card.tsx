import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { formatEuro } from '../../../shared/money';
import { ProductImage } from '../ui/product-image';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { OrderStatusChip } from '../ui/order-status-chip';
import { RefundStateChip } from '../ui/refund-state-chip';
import { CancelOrderButton } from './cancel-order-button';
import { WithdrawOrderButton } from './withdraw-order-button';
import { WITHDRAWAL_STATUS_LABELS } from '../../../shared/withdrawals';
import { WITHDRAWAL_UI_MSG } from '../../../shared/messages/withdrawals-ui';
import { REFUND_UI_MSG } from '../../../shared/messages/refunds-ui';
import {
  formatOrderDate,
  hasDownload,
  orderItemName,
  orderItemOptions,
  trackingLink,
  type OrderBundleItemDto,
  type OrderDto,
  type OrderItemDto,
} from './order-view';
import { VatBreakdown } from '../ui/vat-breakdown';
import { shortOrderId } from '../ui/order-display';
import { ReceiptButton } from './receipt-button';

function DownloadButton({ href, label }: { href: string; label?: string }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="small"
      variant="outlined"
      startIcon={<DownloadOutlined />}
      data-testid="order-download"
      aria-label={label ? `${SHOP_TEXT.download} ${label}` : undefined}
      sx={{ py: 0.25, flexShrink: 0 }}
    >
      {SHOP_TEXT.download}
    </Button>
  );
}

/** The products of a bundle line, each digital one with its own 'Scarica' (a bundle delivers what it contains). */
function BundleContents({ items }: { items: OrderBundleItemDto[] }) {
  return (
    <Box
      component="ul"
      data-testid="order-bundle-items"
      aria-label={SHOP_TEXT.bundleContents}
      sx={{ m: 0, mt: 1, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      {items.map((b) => (
        <Box
          component="li"
          key={b.product_id}
          data-testid="order-bundle-item"
          sx={{
            listStyle: 'none',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
            pl: 1.25,
            borderLeft: 2,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 0 }}>
            {b.name}
          </Typography>
          {hasDownload(b) && <DownloadButton href={b.download_url} label={b.name} />}
        </Box>
      ))}
    </Box>
  );
}

function OrderItemRow({ item }: { item: OrderItemDto }) {
  return (
    <Box
      component="li"
      data-testid="order-item"
      sx={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: '56px minmax(0, 1fr) auto',
        gap: 1.75,
        alignItems: 'center',
        py: 1.25,
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          borderRadius: 1.5,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          alignSelf: 'start',
        }}
      >
        <ProductImage src={item.image_url} alt={orderItemName(item)} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.35 }}>{item.name}</Typography>
        {item.option_values?.length ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-item-options">
            {orderItemOptions(item)}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {SHOP_TEXT.quantityShort(item.quantity)} · {formatEuro(item.price_cents)}
        </Typography>
        {item.refunded_quantity > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-item-refunded">
            {REFUND_UI_MSG.refundedUnits(item.refunded_quantity)}
          </Typography>
        )}
        {hasDownload(item) && (
          <Box sx={{ mt: 1 }}>
            <DownloadButton href={item.download_url} />
          </Box>
        )}
        {item.bundle_items.length > 0 && <BundleContents items={item.bundle_items} />}
      </Box>
      <Typography
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', alignSelf: 'start' }}
      >
        {formatEuro(item.price_cents * item.quantity)}
      </Typography>
    </Box>
  );
}

/**
 * One order of the profile's Ordini tab: id (first 8 characters), it-IT date, coloured
 * status, total, items with image, name, quantity and price, 'Scarica' for digital items (and for
 * each digital product inside a bundle, listed under the bundle line), and
 * 'Traccia il mio ordine' (new tab) when a tracking number exists; the VAT breakdown per rate; the
 * money that went back ('Rimborsato parzialmente' / 'Rimborsato', the units refunded per line) and,
 * 'Scarica ricevuta' (the receipt PDF); while the order is 'In elaborazione', 'Annulla ordine' behind a
 * confirmation; once delivered and for the 14 days of the withdrawal period, 'Recedi dal contratto'
 * and the withdrawals asked with their state (`onChanged` gets the order after a change).
 */
export function OrderCard({ order, onChanged }: { order: OrderDto; onChanged?: (order: OrderDto) => void }) {
  const tracking = trackingLink(order);
  return (
    <Card
      component="article"
      data-testid="order-card"
      data-order-id={order.id}
      sx={{ bgcolor: 'background.paper', p: { xs: 1.75, sm: 3 } }}
    >
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
      >
        <Box>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5, display: 'block' }}>
            {SHOP_TEXT.orderLabel}
          </Typography>
          <Typography
            component="h3"
            data-testid="order-id"
            sx={{
              fontWeight: 800,
              fontSize: '1.15rem',
              color: 'primary.main',
              letterSpacing: '0.06em',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            }}
          >
            #{shortOrderId(order.id)}
          </Typography>
          <Typography
            variant="body2"
            component="time"
            dateTime={order.created_at}
            data-testid="order-date"
            sx={{ color: 'text.secondary' }}
          >
            {formatOrderDate(order.created_at)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <OrderStatusChip status={order.status} />
            <RefundStateChip state={order.refund_state} />
          </Box>
          <Typography
            data-testid="order-total"
            sx={{ fontWeight: 800, fontSize: '1.3rem', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatEuro(order.total_cents)}
          </Typography>
          {order.refunded_cents > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-refunded">
              {REFUND_UI_MSG.refundedAmount(formatEuro(order.refunded_cents))}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {order.items.map((item, i) => (
          <OrderItemRow key={`${item.product_id ?? item.bundle_id ?? 'x'}-${i}`} item={item} />
        ))}
      </Box>
      <VatBreakdown lines={order.vat_breakdown} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
        <ReceiptButton order={order} />
      </Box>
      {order.tracking_number && (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <LocalShippingOutlined fontSize="small" sx={{ color: 'primary.main' }} />
              <Typography variant="body2" data-testid="order-tracking-number">
                {SHOP_TEXT.trackingNumber}:{' '}
                <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                  {order.tracking_number}
                </Box>
              </Typography>
            </Box>
            {tracking && (
              <Button
                component="a"
                href={tracking}
                target="_blank"
                rel="noopener noreferrer"
                size="small"
                endIcon={<OpenInNew fontSize="small" />}
                data-testid="order-tracking"
              >
                {SHOP_TEXT.track}
              </Button>
            )}
          </Box>
        </>
      )}
      {order.withdrawals.length > 0 && (
        <>
          <Divider sx={{ my: 1.5 }} />
          {order.withdrawals.map((w) => (
            <Typography key={w.id} variant="body2" data-testid="order-withdrawal" sx={{ color: 'text.secondary' }}>
              {WITHDRAWAL_UI_MSG.requested(w.requested_at)}:{' '}
              {w.lines
                .map((l) => `${l.quantity} × ${order.items[l.index] ? orderItemName(order.items[l.index]!) : ''}`)
                .join(', ')}{' '}
              ·{' '}
              <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
                {WITHDRAWAL_STATUS_LABELS[w.status]}
              </Box>
            </Typography>
          ))}
        </>
      )}
      {order.can_withdraw && (
        <>
          <Divider sx={{ my: 1.5 }} />
          <WithdrawOrderButton order={order} onWithdrawn={(after) => onChanged?.(after)} />
        </>
      )}
      {order.can_cancel && (
        <>
          <Divider sx={{ my: 1.5 }} />
          <CancelOrderButton order={order} onCancelled={(after) => onChanged?.(after)} />
        </>
      )}
    </Card>
  );
}
