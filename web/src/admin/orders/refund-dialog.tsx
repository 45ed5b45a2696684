/**
 * The back office's refund of an order (admin only, capability 'refunds'): some units of some
 * lines, an amount, or everything left ('Tutto il rimanente', optionally cancelling the order:
 * 'Rimborsa e annulla'), with a reason, and whether the refunded units go back to stock. The amount
 * shown is previewed with the server's own rules (shared/refunds.ts planRefund); the server decides
 * it again and Stripe gives it back. Success toasts 'Rimborso eseguito'; a refund Stripe refused
 * toasts 'Rimborso non riuscito' with Stripe's reason.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatEuro, parseEuroInput } from '../../../../shared/money';
import { REFUND_UI_MSG } from '../../../../shared/messages/refunds-ui';
import { REFUND_FIELD_LABELS, refundSchema, type RefundForm } from '../../../../shared/schemas/refunds';
import { isRefundPlanError, planRefund, refundableCents, type RefundRequest } from '../../../../shared/refunds';
import type { AdminOrderDto } from '../../../../shared/api/orders';
import { ADMIN_API } from '../../../../shared/api/admin';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { FormDialog } from '../ui/form-dialog';
import { shortOrderId } from '../../ui/order-display';
import { useFormErrors } from '../ui/use-form-errors';
import { useAdminAction } from '../ui/use-admin-action';
import { orderLineName } from './order-line-name';

type Mode = RefundForm['mode'];

/** The request a form state asks for (the shape planRefund reads). */
function requestOf(mode: Mode, units: number[], amount: string): RefundRequest {
  if (mode === 'full') return { kind: 'full' };
  if (mode === 'amount') return { kind: 'amount', amount_cents: parseEuroInput(amount) ?? 0 };
  return {
    kind: 'lines',
    lines: units.map((quantity, index) => ({ index, quantity })).filter((l) => l.quantity > 0),
  };
}

/** The refund form of `order`, opened with `mode` ('full' + cancel for 'Rimborsa e annulla'); `onDone` gets the order after it. */
export function RefundDialog({
  order,
  initial,
  onClose,
  onDone,
}: {
  order: AdminOrderDto | null;
  initial: { mode: Mode; cancel: boolean };
  onClose(): void;
  onDone(order: AdminOrderDto): void;
}) {
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [units, setUnits] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [cancel, setCancel] = useState(initial.cancel);
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();
  const { toast } = useToast();

  useEffect(() => {
    if (!order) return;
    setMode(initial.mode);
    setCancel(initial.cancel);
    setUnits(order.items.map(() => 0));
    setAmount('');
    setReason(order.needs_refund && initial.cancel ? REFUND_UI_MSG.oneClickReason : '');
    setRestock(false);
    reset();
  }, [order, initial, reset]);

  if (!order) return null;
  const left = refundableCents(order);
  const plan = planRefund(order, requestOf(mode, units, amount));
  const planned = isRefundPlanError(plan) ? null : plan;
  const physicalUnits = mode !== 'amount' && !order.needs_refund && order.items.some((i) => !i.is_digital);

  const submit = async () => {
    const request = requestOf(mode, units, amount);
    const body = {
      mode,
      lines: request.kind === 'lines' ? request.lines : [],
      ...(mode === 'amount' ? { amount_cents: parseEuroInput(amount) ?? undefined } : {}),
      reason: reason.trim(),
      restock: physicalUnits && restock,
      cancel: mode === 'full' && cancel,
    };
    if (!check(refundSchema, body, REFUND_FIELD_LABELS)) return;
    const done = await run(() => callApi(ADMIN_API.refundOrder, { params: { id: order.id }, body }), {
      kind: 'action',
      success: null,
      onError: fromServer,
    });
    if (!done) return;
    if (done.refund.status === 'failed')
      toast({
        title: REFUND_UI_MSG.failedTitle,
        description: REFUND_UI_MSG.failed(done.refund.failure_reason ?? '—'),
        variant: 'destructive',
      });
    else
      toast({ title: REFUND_UI_MSG.doneTitle, description: REFUND_UI_MSG.done(formatEuro(done.refund.amount_cents)) });
    onDone(done.order);
  };

  return (
    <FormDialog
      open
      title={REFUND_UI_MSG.refundTitle(shortOrderId(order.id))}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={REFUND_UI_MSG.submit(formatEuro(planned?.amount_cents ?? 0))}
      submitDisabled={!planned}
      maxWidth="sm"
    >
      <Typography sx={{ color: 'text.secondary' }} data-testid="refund-left">
        {REFUND_UI_MSG.refundableLeft(formatEuro(left))}
      </Typography>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {REFUND_UI_MSG.modeLabel}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, next: Mode | null) => next && setMode(next)}
          aria-label={REFUND_UI_MSG.modeLabel}
        >
          {(['lines', 'amount', 'full'] as const).map((m) => (
            <ToggleButton key={m} value={m} data-testid={`refund-mode-${m}`}>
              {REFUND_UI_MSG.modes[m]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {mode === 'lines' && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {order.items.map((item, i) => {
            const unitsLeft = item.quantity - item.refunded_quantity;
            return (
              <TextField
                key={`${item.product_id ?? item.bundle_id}-${i}`}
                type="number"
                size="small"
                label={REFUND_UI_MSG.unitsOf(orderLineName(item))}
                value={units[i] ?? 0}
                disabled={unitsLeft === 0}
                onChange={(e) => {
                  const n = Math.max(0, Math.min(unitsLeft, Math.floor(Number(e.target.value) || 0)));
                  setUnits((u) => u.map((v, k) => (k === i ? n : v)));
                  clear('lines');
                }}
                helperText={REFUND_UI_MSG.unitsLeft(unitsLeft, formatEuro(order.line_paid_cents[i] ?? 0))}
                slotProps={{ htmlInput: { min: 0, max: unitsLeft, 'data-testid': `refund-units-${i}` } }}
              />
            );
          })}
          {errors.lines && <Alert severity="error">{errors.lines}</Alert>}
        </Box>
      )}
      {mode === 'amount' && (
        <TextField
          label={REFUND_UI_MSG.amountLabel}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            clear('amount_cents');
          }}
          error={Boolean(errors.amount_cents)}
          helperText={errors.amount_cents ?? REFUND_UI_MSG.amountHint(formatEuro(left))}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' } }}
        />
      )}
      <TextField
        label={REFUND_UI_MSG.reasonLabel}
        value={reason}
        required
        onChange={(e) => {
          setReason(e.target.value);
          clear('reason');
        }}
        error={Boolean(errors.reason)}
        helperText={errors.reason ?? REFUND_UI_MSG.reasonHint}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'refund-reason' } }}
      />
      {physicalUnits ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={restock}
              onChange={(e) => setRestock(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'refund-restock' } as object }}
            />
          }
          label={REFUND_UI_MSG.restockLabel}
        />
      ) : (
        order.needs_refund && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {REFUND_UI_MSG.restockNever}
          </Typography>
        )
      )}
      {mode === 'full' && (
        <FormControlLabel
          control={
            <Checkbox
              checked={cancel}
              onChange={(e) => setCancel(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'refund-cancel' } as object }}
            />
          }
          label={REFUND_UI_MSG.cancelLabel}
        />
      )}
      {planned && (
        <Alert severity="info" data-testid="refund-preview">
          {REFUND_UI_MSG.preview(formatEuro(planned.amount_cents))}
          {planned.shipping ? ` ${REFUND_UI_MSG.previewShipping}` : ''}
        </Alert>
      )}
    </FormDialog>
  );
}
