/**
 * The back office's refund of an order (POST /api/admin/orders/{id}/refunds, admin only: capability
 * 'refunds'): the body validated with the shared schema, then the one refund use case
 * (functions/checkout/refunds/refund-order.ts). Loaded by the admin handler on first use.
 */
import type { AdminOrderDto, RefundDto } from '../../shared/api/orders';
import type { RefundRequest } from '../../shared/refunds';
import { refundSchema, REFUND_FIELD_LABELS, type RefundInput } from '../../shared/schemas/refunds';
import { toAdminOrderDto } from '../data/order-items';
import { parseInput } from '../lib/validate';
import { refundOrder } from '../checkout/refunds/refund-order';

/** The refund request of the back office's form, in the refund use case's terms. */
export function refundRequestOf(input: RefundInput): RefundRequest {
  if (input.mode === 'lines') return { kind: 'lines', lines: input.lines };
  if (input.mode === 'amount') return { kind: 'amount', amount_cents: input.amount_cents ?? 0 };
  return { kind: 'full' };
}

/**
 * Refunds an order from the back office.
 * @param body the request body (mode 'full' | 'lines' | 'amount', lines, amount_cents, reason, restock, cancel)
 * @param staff the admin asking (recorded on the refund)
 * @returns the order before and after (back-office views) and the refund made, as Stripe answered it
 * @throws 400 a malformed body (naming the field); the errors of refundOrder (404, 409)
 */
export async function refundFromBackOffice(
  orderId: string,
  body: unknown,
  staff: { sub: string; email: string },
): Promise<{ before: AdminOrderDto; after: AdminOrderDto; refund: RefundDto }> {
  const input = parseInput(refundSchema, body, '', REFUND_FIELD_LABELS);
  const outcome = await refundOrder({
    orderId,
    action: input.cancel ? 'admin_cancel_and_refund' : 'admin_refund',
    request: refundRequestOf(input),
    reason: input.reason,
    restock: input.restock,
    actor: { id: staff.sub, email: staff.email, origin: 'admin' },
  });
  const after = toAdminOrderDto(outcome.after);
  return {
    before: toAdminOrderDto(outcome.before),
    after,
    refund: after.refunds.find((r) => r.id === outcome.refund?.id)!,
  };
}
