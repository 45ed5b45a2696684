/**
 * Back-office schema of a shipping method (the shipping method rule: "name
 * and cost required; threshold and min/max delivery days become null when empty"). Amounts in cents.
 */
import * as z from 'zod/mini';
import { optionalText } from './index';

/** An optional whole number min..max: empty string, null or missing become null. */
const nullableInt = (min: number, max: number) =>
  z.pipe(
    z.optional(z.union([z.number().check(z.int(), z.gte(min), z.lte(max)), z.literal(''), z.null()])),
    z.transform((v) => (v === '' || v === undefined ? null : v)),
  );

/** POST /api/admin/shipping-methods and PUT /api/admin/shipping-methods/{id}. */
export const shippingMethodSchema = z.lazy(() =>
  z
    .strictObject({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
      cost_cents: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
      free_shipping_threshold_cents: nullableInt(0, 10_000_000),
      description: optionalText(500),
      estimated_delivery_days_min: nullableInt(0, 90),
      estimated_delivery_days_max: nullableInt(0, 90),
    })
    .check(
      z.superRefine((v, ctx) => {
        const { estimated_delivery_days_min: min, estimated_delivery_days_max: max } = v;
        if (min !== null && max !== null && max < min)
          ctx.addIssue({ code: 'custom', path: ['estimated_delivery_days_max'], message: 'max < min' });
      }),
    ),
);
export type ShippingMethodInput = z.infer<typeof shippingMethodSchema>;

/** Italian names of the fields, for the 400 messages. */
export const SHIPPING_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  cost_cents: 'Costo',
  free_shipping_threshold_cents: 'Soglia spedizione gratuita',
  description: 'Descrizione',
  estimated_delivery_days_min: 'Consegna minima (giorni)',
  estimated_delivery_days_max: 'Consegna massima (giorni)',
};
