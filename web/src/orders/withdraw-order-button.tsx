/**
 * 'Recedi dal contratto' on a delivered order of the customer's Ordini, for the whole withdrawal
 * period (14 days from delivery; Codice del Consumo artt. 52-59, the withdrawal function of art.
 * 11-bis Directive 2011/83/EU). A confirmation step shows the order and lets the customer pick the
 * physical lines (digital ones never appear), then 'Conferma recesso' sends POST
 * /api/me/orders/{id}/withdrawal; the server records it and emails the acknowledgement. A refusal
 * (409: period over, already asked) toasts the server's Italian message.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { formatEuro } from '../../../shared/money';
import { MSG } from '../../../shared/messages';
import { WITHDRAWAL_UI_MSG } from '../../../shared/messages/withdrawals-ui';
import { CHECKOUT_API } from '../../../shared/api/checkout';
import { ApiError, callApi } from '../api/client';
import { useToast } from '../ui/toast';
import { shortOrderId } from '../ui/order-display';
import { orderItemName, type OrderDto } from './order-view';

export function WithdrawOrderButton({ order, onWithdrawn }: { order: OrderDto; onWithdrawn(order: OrderDto): void }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const lines = order.items.map((item, index) => ({ item, index })).filter((l) => l.item.withdrawable_quantity > 0);

  const toggle = (index: number) =>
    setPicked((p) => (p.includes(index) ? p.filter((i) => i !== index) : [...p, index].sort((a, b) => a - b)));

  const confirm = async () => {
    setBusy(true);
    try {
      const after = await callApi(CHECKOUT_API.withdrawOrder, {
        params: { id: order.id },
        body: { lines: picked.map((index) => ({ index, quantity: order.items[index]!.withdrawable_quantity })) },
      });
      setOpen(false);
      toast({ title: WITHDRAWAL_UI_MSG.doneTitle, description: WITHDRAWAL_UI_MSG.done });
      onWithdrawn(after);
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
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
      {order.withdrawal_last_day && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-withdrawal-until">
          {WITHDRAWAL_UI_MSG.until(order.withdrawal_last_day)}
        </Typography>
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={() => {
          setPicked(lines.length === 1 ? [lines[0]!.index] : []);
          setOpen(true);
        }}
        data-testid="order-withdraw"
      >
        {WITHDRAWAL_UI_MSG.button}
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="withdrawal-dialog-title"
        slotProps={{ paper: { sx: { borderRadius: 3, p: 1 } } }}
        data-testid="withdrawal-dialog"
      >
        <DialogTitle id="withdrawal-dialog-title" sx={{ fontFamily: (t) => t.typography.h5.fontFamily }}>
          {WITHDRAWAL_UI_MSG.dialogTitle}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {WITHDRAWAL_UI_MSG.dialogIntro(shortOrderId(order.id))}
          </Typography>
          <FormGroup>
            {lines.map(({ item, index }) => (
              <FormControlLabel
                key={index}
                control={
                  <Checkbox
                    checked={picked.includes(index)}
                    onChange={() => toggle(index)}
                    slotProps={{ input: { 'aria-label': orderItemName(item) } }}
                  />
                }
                data-testid="withdrawal-line"
                label={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', width: '100%' }}
                  >
                    <span>{WITHDRAWAL_UI_MSG.pickLine(orderItemName(item), item.withdrawable_quantity)}</span>
                    <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                      {formatEuro(item.price_cents * item.withdrawable_quantity)}
                    </Box>
                  </Box>
                }
                sx={{ mr: 0, '& .MuiFormControlLabel-label': { flex: 1 } }}
              />
            ))}
          </FormGroup>
          <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
            {WITHDRAWAL_UI_MSG.after}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit" disabled={busy}>
            {WITHDRAWAL_UI_MSG.cancel}
          </Button>
          <Button
            variant="contained"
            onClick={() => void confirm()}
            disabled={busy || picked.length === 0}
            data-testid="withdrawal-confirm"
          >
            {WITHDRAWAL_UI_MSG.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
