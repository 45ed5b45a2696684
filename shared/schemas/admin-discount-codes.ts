/**
 * Back-office schema of a discount code (the discount code rule: "code and
 * value required; type percentage or fixed; expiry optional (null if empty); default active").
 */
import * as z from 'zod/mini';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_TYPES, MAX_FIXED_DISCOUNT_CENTS } from '../discount-codes';

/**
 * POST /api/admin/discount-codes and PUT /api/admin/discount-codes/{id}. `value` is a whole
 * percentage 1..100 for 'percentage' and cents (1..MAX_FIXED_DISCOUNT_CENTS) for 'fixed';
 * `expires_at` is the last valid day 'YYYY-MM-DD' (empty or null: no expiry).
 */
export const discountCodeSchema = z.lazy(() =>
  z
    .strictObject({
      code: z.string().check(z.trim(), z.regex(DISCOUNT_CODE_PATTERN)),
      discount_type: z.enum(DISCOUNT_TYPES),
      value: z.number().check(z.int(), z.gte(1)),
      expires_at: z.pipe(
        z.union([z.optional(z.nullable(z.iso.date())), z.literal('')]),
        z.transform((v) => v || null),
      ),
      is_active: z._default(z.boolean(), true),
    })
    .check(
      z.superRefine((v, ctx) => {
        const max = v.discount_type === 'percentage' ? 100 : MAX_FIXED_DISCOUNT_CENTS;
        if (v.value > max) ctx.addIssue({ code: 'custom', path: ['value'], message: `max ${max}` });
      }),
    ),
);
export type DiscountCodeInput = z.infer<typeof discountCodeSchema>;

/** Italian names of the fields, for the 400 messages. */
export const DISCOUNT_CODE_FIELD_LABELS: Record<string, string> = {
  code: 'Codice',
  discount_type: 'Tipo',
  value: 'Valore',
  expires_at: 'Scadenza',
  is_active: 'Attivo',
  cursor: 'cursor',
  limit: 'limit',
};
