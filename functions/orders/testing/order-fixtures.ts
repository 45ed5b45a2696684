/**
 * Orders as the checkout stores them, for the order use cases' unit tests. Amounts in cents.
 * The default order: 2 × 'Manubri esagonali 10 kg' at 49.90 € (product p-dumbbell) and 1 ×
 * 'Piano di allenamento' at 19.90 € (digital, p-plan), shipping 6.90 €, paid 126.60 € with
 * PaymentIntent pi_fixture{n} by session cs_test_fixture{n}, 'In elaborazione'.
 */
import type { OrderLine, OrderRecord } from '../order-record';
import type { RefundInput } from '../refund-order/refund-order';

/** A physical product line. */
export const physicalLine = (productId: string, name: string, priceCents: number, quantity: number): OrderLine => ({
  product_id: productId,
  bundle_id: null,
  name,
  image_url: null,
  quantity,
  price_cents: priceCents,
  is_digital: false,
  digital_asset_id: null,
});

/** A digital product line. */
export const digitalLine = (productId: string, name: string, priceCents: number): OrderLine => ({
  ...physicalLine(productId, name, priceCents, 1),
  is_digital: true,
  digital_asset_id: `asset-${productId}`,
});

let counter = 0;

/** An order (see the module comment), with `fields` over the defaults. */
export function anOrder(fields: Partial<OrderRecord> = {}): OrderRecord {
  counter += 1;
  const id = fields.id ?? `0000000${counter}-aaaa-4bbb-8ccc-${String(counter).padStart(12, '0')}`;
  const items = fields.items ?? [
    physicalLine('p-dumbbell', 'Manubri esagonali 10 kg', 4990, 2),
    digitalLine('p-plan', 'Piano di allenamento', 1990),
  ];
  const shipping = fields.shipping_cents === undefined ? 690 : fields.shipping_cents;
  const goods = items.reduce((s, i) => s + i.price_cents * i.quantity, 0);
  return {
    id,
    user_id: 'user-1',
    user_email: 'cliente@example.com',
    created_at: '2026-11-01T09:00:00.000Z',
    status: 'In elaborazione',
    total_cents: goods + (shipping ?? 0),
    tracking_number: null,
    tracking_url: null,
    checkout_session_id: `cs_test_fixture${counter}`,
    payment_intent_id: `pi_fixture${counter}`,
    items,
    needs_refund: false,
    refund_reason: null,
    shipping_cents: shipping,
    ...fields,
  };
}

/** A delivered order ('Completato'), delivered at `deliveredAt`. */
export const aDeliveredOrder = (deliveredAt: string, fields: Partial<OrderRecord> = {}): OrderRecord =>
  anOrder({ status: 'Completato', delivered_at: deliveredAt, tracking_number: 'TRK1', ...fields });

/** The back office's refund of `amountCents` (euro cents) of order `orderId`, without restock, by an admin. */
export const adminAmountRefund = (orderId: string, amountCents: number): RefundInput => ({
  orderId,
  action: 'admin_refund',
  request: { kind: 'amount', amount_cents: amountCents },
  reason: 'Reso',
  restock: false,
  actor: { id: 'a', email: 'a@example.com', origin: 'admin' },
});
