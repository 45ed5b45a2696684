/**
 * 'Annulla ordine' on an order of the customer's Ordini that is still 'In elaborazione': a
 * confirmation saying what goes back, then POST /api/me/orders/{id}/cancel (the server refunds
 * everything through Stripe and returns the stock). Success toasts 'Ordine annullato'; a refusal
 * (e.g. shipped meanwhile: 409) toasts the server's Italian message.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatEuro } from '../../../shared/money';
import { REFUND_UI_MSG } from '../../../shared/messages/refunds-ui';
import { MSG } from '../../../shared/messages';
import { CHECKOUT_API } from '../../../shared/api/checkout';
import { ApiError, callApi } from '../api/client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import type { OrderDto } from './order-view';

export function CancelOrderButton({ order, onCancelled }: { order: OrderDto; onCancelled(order: OrderDto): void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const back = order.total_cents - order.refunded_cents;

  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const after = await callApi(CHECKOUT_API.cancelOrder, { params: { id: order.id } });
      toast({
        title: REFUND_UI_MSG.cancelledTitle,
        description: back > 0 ? REFUND_UI_MSG.cancelled(formatEuro(back)) : REFUND_UI_MSG.cancelledFree,
      });
      onCancelled(after);
    } catch (error) {
      toast({
        title: error instanceof ApiError && error.title ? error.title : MSG.errorTitle,
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={busy}
        onClick={() => setAsking(true)}
        data-testid="order-cancel"
      >
        {REFUND_UI_MSG.cancelOrderButton}
      </Button>
      <ConfirmDialog
        open={asking}
        title={REFUND_UI_MSG.cancelConfirmTitle}
        body={back > 0 ? REFUND_UI_MSG.cancelConfirm(formatEuro(back)) : REFUND_UI_MSG.cancelConfirmFree}
        confirmLabel={REFUND_UI_MSG.cancelYes}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
