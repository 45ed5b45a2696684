/**
 * Back-office schemas of the payment settings (the Pagamenti screen; "Payment settings:
 * publishable key required; empty secret key means unchanged").
 */
import * as z from 'zod/mini';
import { PAYMENT_METHOD_MSG } from '../messages/payment-methods';

/** PUT /api/admin/payment-settings: publishable key required; an empty secret or webhook secret keeps the stored one. */
export const paymentSettingsSchema = z.lazy(() =>
  z.strictObject({
    stripe_publishable_key: z.string().check(z.trim(), z.regex(/^pk_(test|live)_[A-Za-z0-9_]+$/)),
    stripe_secret_key: z.union([
      z.optional(z.string().check(z.trim(), z.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/))),
      z.literal(''),
    ]),
    stripe_webhook_secret: z.union([
      z.optional(z.string().check(z.trim(), z.regex(/^whsec_[A-Za-z0-9_]+$/))),
      z.literal(''),
    ]),
  }),
);

/**
 * PUT /api/admin/payment-methods: each method on or off, every one named. (That cards or PayPal
 * stay on is a rule of its own, shared/payment-methods.ts `clubPayable`, with its own message.)
 */
export const paymentMethodsSchema = z.lazy(() =>
  z.strictObject({ card: z.boolean(), paypal: z.boolean(), satispay: z.boolean(), klarna: z.boolean() }),
);

/** POST /api/admin/payment-settings/verify: no fields (the stored keys are checked). */
export const paymentVerifySchema = z.lazy(() => z.strictObject({}));

/** Italian names of the fields, for the 400 messages. */
export const PAYMENT_FIELD_LABELS: Record<string, string> = {
  stripe_publishable_key: 'Chiave pubblicabile',
  stripe_secret_key: 'Chiave segreta',
  stripe_webhook_secret: 'Segreto di firma del webhook',
  payment_methods: PAYMENT_METHOD_MSG.fieldLabel,
  card: PAYMENT_METHOD_MSG.switchLabels.card,
  paypal: PAYMENT_METHOD_MSG.switchLabels.paypal,
  satispay: PAYMENT_METHOD_MSG.switchLabels.satispay,
  klarna: PAYMENT_METHOD_MSG.switchLabels.klarna,
};
