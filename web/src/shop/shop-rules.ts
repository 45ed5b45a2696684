/**
 * Pure rules of the shop screens (no React, no I/O). Unit-tested.
 */
import { MAX_LINE_QUANTITY } from '../../../shared/cart';
import type { CartLineDto } from '../../../shared/api/cart';

/** Highest quantity the plus button of a cart line allows: the stock for physical products, never above MAX_LINE_QUANTITY (10). */
export function lineMaxQuantity(line: Pick<CartLineDto, 'available_quantity'>): number {
  return line.available_quantity === null
    ? MAX_LINE_QUANTITY
    : Math.max(0, Math.min(MAX_LINE_QUANTITY, line.available_quantity));
}

/** True when the stock of a physical line fell below its quantity (the line shows a warning). */
export function lineShortOfStock(line: Pick<CartLineDto, 'available_quantity' | 'quantity'>): boolean {
  return line.available_quantity !== null && line.quantity > line.available_quantity;
}

/** True when the member discount lowered the line's unit price (the list price is struck through). */
export function lineDiscounted(line: Pick<CartLineDto, 'unit_paid_cents' | 'unit_price_cents'>): boolean {
  return line.unit_paid_cents < line.unit_price_cents;
}

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{10,200}$/;

/** True for a Stripe Checkout Session id ('cs_test_...' / 'cs_live_...'), as the success URL carries it. */
export function isCheckoutSessionId(value: string | null | undefined): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}
