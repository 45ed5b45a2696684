/**
 * Request bodies of the shopper's money paths (issue 8): the cart's discount code, the checkout's
 * shipping choice, the Aurum Club subscription checkout. Amounts in integer euro cents.
 */
import * as z from 'zod';

/**
 * PUT /api/cart/discount-code: the code as typed (spaces around it ignored; case-insensitive). A
 * text that cannot be a code gets the same answer as an unknown code ('Codice sconto non valido.').
 */
export const cartDiscountCodeSchema = z.object({
  code: z.string().trim().min(1).max(64),
}).strict();

/**
 * POST /api/checkout/session. For a cart that ships, shipping_method_id and address_id are
 * required (checked by the use-case, which knows the cart); a digital-only cart sends none.
 * expected_total_cents, when sent, is the total the cart showed: a different server total is
 * refused (409) instead of charged.
 */
export const checkoutSessionSchema = z.object({
  shipping_method_id: z.uuid().optional(),
  address_id: z.uuid().optional(),
  expected_total_cents: z.number().int().min(0).max(100_000_000).optional(),
}).strict();
export type CheckoutSessionInput = z.infer<typeof checkoutSessionSchema>;

/** POST /api/checkout/subscription: the plan to subscribe to. */
export const subscriptionCheckoutSchema = z.object({
  plan_id: z.uuid(),
}).strict();
