/**
 * Back-office schemas of the payment settings (the Pagamenti screen; "Payment settings:
 * publishable key required; empty secret key means unchanged").
 */
import * as z from 'zod/mini';

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

/** POST /api/admin/payment-settings/verify: no fields (the stored keys are checked). */
export const paymentVerifySchema = z.lazy(() => z.strictObject({}));

/** Italian names of the fields, for the 400 messages. */
export const PAYMENT_FIELD_LABELS: Record<string, string> = {
  stripe_publishable_key: 'Chiave pubblicabile',
  stripe_secret_key: 'Chiave segreta',
  stripe_webhook_secret: 'Segreto di firma del webhook',
};
