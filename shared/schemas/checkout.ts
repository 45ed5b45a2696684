/**
 * Request bodies of the shopper's money paths: the cart's discount code, the checkout's
 * shipping choice, the Aurum Club subscription checkout. Amounts in integer euro cents.
 */
import * as z from 'zod/mini';

/**
 * PUT /api/cart/discount-code: the code as typed (spaces around it ignored; case-insensitive). A
 * text that cannot be a code gets the same answer as an unknown code ('Codice sconto non valido.').
 */
export const cartDiscountCodeSchema = z.lazy(() =>
  z.strictObject({
    code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  }),
);

/**
 * POST /api/checkout/session. For a cart that ships, shipping_method_id and address_id are
 * required (checked by the use-case, which knows the cart); a digital-only cart sends none.
 * expected_total_cents, when sent, is the total the cart showed: a different server total is
 * refused (409) instead of charged. digital_consent is the shopper's tick of the box shown when
 * the cart holds digital content (art. 59 c.1 lett. o Codice del Consumo): required then, as
 * `true` (checked by the use-case, which knows the cart).
 */
export const checkoutSessionSchema = z.lazy(() =>
  z.strictObject({
    digital_consent: z.optional(z.boolean()),
    shipping_method_id: z.optional(z.uuid()),
    address_id: z.optional(z.uuid()),
    expected_total_cents: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100_000_000))),
  }),
);
/** Italian names of the fields, for the 400 messages. */
export const CHECKOUT_FIELD_LABELS: Record<string, string> = {
  digital_consent: 'Consenso alla fornitura immediata dei contenuti digitali',
};
export type CheckoutSessionInput = z.infer<typeof checkoutSessionSchema>;

/**
 * POST /api/checkout/subscription: the plan to subscribe to, and the tick of the box asking for the
 * membership to start at once during the 14 days of withdrawal (art. 50 c.3 Codice del Consumo):
 * required as `true` (checked by the use-case, which answers 400 naming the field).
 */
export const subscriptionCheckoutSchema = z.lazy(() =>
  z.strictObject({
    plan_id: z.uuid(),
    service_start_request: z.optional(z.boolean()),
  }),
);
/** Italian names of the subscription checkout's fields, for the 400 messages. */
export const SUBSCRIPTION_CHECKOUT_FIELD_LABELS: Record<string, string> = {
  plan_id: 'Piano',
  service_start_request: "Richiesta di inizio immediato dell'abbonamento",
};
