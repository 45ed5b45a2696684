import { REFUND_STATE_LABELS, type RefundState } from '../../../shared/refunds';
import { ToneChip } from './order-status-chip';

/** 'Rimborsato parzialmente' (grey) or 'Rimborsato' (green) beside the order status; nothing when no money went back. */
export function RefundStateChip({ state }: { state: RefundState }) {
  const label = REFUND_STATE_LABELS[state];
  if (!label) return null;
  return <ToneChip label={label} tone={state === 'full' ? 'green' : 'grey'} testId="order-refund-state" />;
}
