/**
 * An order's money that went back, in the back office's order detail: the refund state
 * ('Rimborsato parzialmente' / 'Rimborsato'), what is still refundable, every refund (amount,
 * units, reason, who, when, Stripe's id and status, restocked or not), and the buttons 'Rimborsa'
 * and 'Rimborsa e annulla' for the admin (capability 'refunds').
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatEuro } from '../../../../shared/money';
import { REFUND_UI_MSG } from '../../../../shared/messages/refunds-ui';
import type { AdminOrderDto, RefundDto } from '../../../../shared/api/orders';
import { RefundStateChip } from '../../ui/refund-state-chip';
import { formatDateTime } from '../ui/format';
import { lineNameAt } from './order-line-name';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

const statusColor = (s: RefundDto['status']) =>
  s === 'succeeded' ? 'success' : s === 'pending' ? 'warning' : ('error' as const);

function RefundRow({ order, refund }: { order: AdminOrderDto; refund: RefundDto }) {
  const units = refund.lines
    .map((l) => `${l.quantity} × ${lineNameAt(order.items, l.index)}`)
    .concat(refund.shipping ? [REFUND_UI_MSG.shippingIncluded] : [])
    .concat(refund.restocked ? [REFUND_UI_MSG.restocked] : []);
  return (
    <Box
      component="li"
      data-testid="order-refund"
      sx={{ listStyle: 'none', py: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.25 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }} data-testid="order-refund-amount">
          {formatEuro(refund.amount_cents)}
        </Typography>
        <Chip size="small" color={statusColor(refund.status)} label={REFUND_UI_MSG.statuses[refund.status]} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatDateTime(refund.created_at)} · {REFUND_UI_MSG.by(refund.actor_email)}
        </Typography>
      </Box>
      <Typography variant="body2">{refund.reason}</Typography>
      {units.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {units.join(' · ')}
        </Typography>
      )}
      {refund.failure_reason && (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {REFUND_UI_MSG.failed(refund.failure_reason)}
        </Typography>
      )}
      {refund.stripe_refund_id && (
        <Typography variant="caption" sx={{ fontFamily: mono, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {refund.stripe_refund_id}
        </Typography>
      )}
    </Box>
  );
}

/** The refunds block of the order detail; `onRefund` opens the refund form ('Rimborsa' or 'Rimborsa e annulla'). */
export function RefundHistory({
  order,
  canRefund,
  onRefund,
}: {
  order: AdminOrderDto;
  canRefund: boolean;
  onRefund(initial: { mode: 'lines' | 'full'; cancel: boolean }): void;
}) {
  return (
    <Box data-testid="order-refunds">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', lineHeight: 2 }}>
          {REFUND_UI_MSG.refundsSection}
        </Typography>
        <RefundStateChip state={order.refund_state} />
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
          {REFUND_UI_MSG.refundableLeft(formatEuro(order.refundable_cents))}
        </Typography>
      </Box>
      {order.refunds.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{REFUND_UI_MSG.noRefunds}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {order.refunds.map((r) => (
            <RefundRow key={r.id} order={order} refund={r} />
          ))}
        </Box>
      )}
      {canRefund && order.refundable_cents > 0 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => onRefund({ mode: order.needs_refund ? 'full' : 'lines', cancel: false })}
            data-testid="order-refund-open"
          >
            {REFUND_UI_MSG.refundButton}
          </Button>
          {order.status !== 'Annullato' && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => onRefund({ mode: 'full', cancel: true })}
              data-testid="order-cancel-refund-open"
            >
              {order.needs_refund ? REFUND_UI_MSG.oneClick : REFUND_UI_MSG.cancelAndRefundButton}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
