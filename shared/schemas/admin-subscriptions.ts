/**
 * Back-office schemas of the Aurum Club offer: plans and discount tiers (the subscription rule:
 * "name, price, duration in months required; tier one of Advanced, Premium,
 * Expert, Legends"). The plan never carries a percentage: the server copies it from the chosen
 * discount tier, 0 when none.
 */
import * as z from 'zod/mini';
import { SUBSCRIPTION_TIERS } from '../tiers';
import { MINIMUM_CARD_CHARGE_CENTS } from '../cart';
import { MAX_STRIPE_INTERVAL_MONTHS } from '../club';

/**
 * POST /api/admin/subscription-plans and PUT /api/admin/subscription-plans/{id}. Price in cents, at
 * least Stripe's smallest card payment (0,50 €); duration 1 to 36 months, the longest interval
 * Stripe bills (shared/club.ts), so every plan the form accepts can be sold.
 */
export const planSchema = z.lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    description: z._default(z.string().check(z.trim(), z.maxLength(1000)), ''),
    price_cents: z.number().check(z.int(), z.gte(MINIMUM_CARD_CHARGE_CENTS), z.lte(1_000_000)),
    duration_months: z.number().check(z.int(), z.gte(1), z.lte(MAX_STRIPE_INTERVAL_MONTHS)),
    subscription_tier: z.enum(SUBSCRIPTION_TIERS),
    discount_tier_id: z._default(z.nullable(z.uuid()), null),
  }),
);
export type PlanInput = z.infer<typeof planSchema>;

/** POST /api/admin/discount-tiers and PUT /api/admin/discount-tiers/{id}: a name and a whole percentage 1..100. */
export const discountTierSchema = z.lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
    discount_percentage: z.number().check(z.int(), z.gte(1), z.lte(100)),
  }),
);
export type DiscountTierInput = z.infer<typeof discountTierSchema>;

/** Italian names of the fields, for the 400 messages. */
export const PLAN_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  description: 'Descrizione',
  price_cents: 'Prezzo (minimo 0,50 €)',
  duration_months: 'Durata (mesi, da 1 a 36)',
  subscription_tier: 'Livello',
  discount_tier_id: 'Livello di sconto',
  discount_percentage: 'Percentuale di sconto',
};
