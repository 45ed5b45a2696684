/**
 * The customer's withdrawals of an order in the back office's order detail ('Recessi'): each with
 * its lines, when it was asked (date and time), its state (requested -> received -> refunded) and,
 * until it is refunded, the last day to refund it (Codice del Consumo art. 56 c.1: 14 days from the
 * request). 'Merce ricevuta' for staff (fulfilment), then 'Rimborsa il recesso' for the admin
 * (capability 'refunds'): the server decides the amount. `onChanged` gets the order after a step.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { italianDate } from '../../../../shared/calendar';
import { ADMIN_API } from '../../../../shared/api/admin';
import type { AdminOrderDto, AdminWithdrawalDto } from '../../../../shared/api/orders';
import { WITHDRAWAL_STATUS_LABELS } from '../../../../shared/withdrawals';
import { WITHDRAWAL_UI_MSG } from '../../../../shared/messages/withdrawals-ui';
import { can } from '../../../../shared/permissions';
import { callApi } from '../../api/client';
import { useSession } from '../../session/session';
import { useAdminAction } from '../ui/use-admin-action';
import { lineNameAt } from './order-line-name';

const chipColor = (s: AdminWithdrawalDto['status']) =>
  s === 'refunded' ? 'success' : s === 'received' ? 'info' : ('warning' as const);

export function WithdrawalPanel({ order, onChanged }: { order: AdminOrderDto; onChanged(order: AdminOrderDto): void }) {
  const { user } = useSession();
  const { run, busy } = useAdminAction();
  if (order.withdrawals.length === 0) return null;
  const today = italianDate(new Date());

  const receive = async (w: AdminWithdrawalDto) => {
    const after = await run(() => callApi(ADMIN_API.receiveWithdrawal, { params: { id: order.id, wid: w.id } }), {
      kind: 'action',
      success: WITHDRAWAL_UI_MSG.receivedDone,
    });
    if (after) onChanged(after);
  };
  const refund = async (w: AdminWithdrawalDto) => {
    const done = await run(() => callApi(ADMIN_API.refundWithdrawal, { params: { id: order.id, wid: w.id } }), {
      kind: 'action',
      success: WITHDRAWAL_UI_MSG.refundedDone,
    });
    if (done) onChanged(done.order);
  };

  return (
    <Box data-testid="order-withdrawals">
      <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.08em' }}>
        {WITHDRAWAL_UI_MSG.section}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {order.withdrawals.map((w) => (
          <Box
            component="li"
            key={w.id}
            data-testid="order-withdrawal-row"
            sx={{ listStyle: 'none', py: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                size="small"
                color={chipColor(w.status)}
                label={WITHDRAWAL_STATUS_LABELS[w.status]}
                data-testid="order-withdrawal-status"
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {WITHDRAWAL_UI_MSG.requestedAt(w.requested_at)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {w.lines.map((l) => `${l.quantity} × ${lineNameAt(order.items, l.index)}`).join(' · ')}
            </Typography>
            {w.status !== 'refunded' && (
              <Typography
                variant="body2"
                data-testid="order-withdrawal-deadline"
                sx={{ color: today > w.refund_last_day ? 'error.main' : 'warning.main', fontWeight: 600 }}
              >
                {WITHDRAWAL_UI_MSG.refundBy(w.refund_last_day)}
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {w.status === 'requested' && user && can(user.role, 'orders') && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void receive(w)}
                  data-testid="withdrawal-received"
                >
                  {WITHDRAWAL_UI_MSG.received}
                </Button>
              )}
              {w.status === 'received' && user && can(user.role, 'refunds') && (
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy}
                  onClick={() => void refund(w)}
                  data-testid="withdrawal-refund"
                >
                  {WITHDRAWAL_UI_MSG.refund}
                </Button>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
