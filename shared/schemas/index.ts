/**
 * zod schemas for API input shared by the functions (validation) and the SPA (forms).
 * Each failure maps to a 400 with an Italian message naming the field (see functions/lib/validate.ts).
 */
import * as z from 'zod';

/** Entity ids are UUIDs. */
export const idSchema = z.uuid();


/** Query of GET /api/categories/{id}: optional product-name search. */
export const categoryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
}).strict();

/** No query parameters accepted. */
export const emptyQuerySchema = z.object({}).strict();

/**
 * Paging of a list that grows (?cursor=&limit=): the opaque cursor of the previous page and a page
 * size 1..100. Extend it with a list's own filters: `pageQuerySchema.extend({ status: ... })`.
 */
export const pageQuerySchema = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
}).strict();
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Query of GET /api/products: optional search text and category filter (spec 4 listing filters), paged. */
export const productListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  category_id: z.uuid().optional(),
}).strict();
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Optional text: trimmed, at most `max` characters; empty or missing becomes null. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v ? v : null));

/** PUT /api/me/billing (spec 2 Fatturazione; no format rules in the spec, lengths bounded). */
export const billingSchema = z.object({
  billing_address: optionalText(300),
  vat_number: optionalText(20),
  tax_id: optionalText(20),
}).strict();
export type BillingInput = z.infer<typeof billingSchema>;

/**
 * A shipping address (spec 3 user_addresses: fields not given by the spec; these are an Italian
 * shop's): recipient, street, optional second line, CAP (5 digits for Italy), city, province
 * (2-letter sigla for Italy), country (ISO 3166-1 alpha-2, default IT), optional phone.
 */
export const addressSchema = z.object({
  full_name: z.string().trim().min(2).max(100),
  line1: z.string().trim().min(3).max(200),
  line2: z.string().trim().max(200).optional().nullable().transform((v) => v || null),
  postal_code: z.string().trim().min(3).max(10),
  city: z.string().trim().min(2).max(100),
  province: z.string().trim().max(40).optional().nullable().transform((v) => v || null),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).default('IT'),
  phone: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/).optional().nullable().or(z.literal('')).transform((v) => v || null),
  is_default: z.boolean().default(false),
}).strict().superRefine((a, ctx) => {
  if (a.country === 'IT') {
    if (!/^\d{5}$/.test(a.postal_code)) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'CAP' });
    if (!a.province || !/^[A-Za-z]{2}$/.test(a.province)) ctx.addIssue({ code: 'custom', path: ['province'], message: 'provincia' });
  }
});
export type AddressInput = z.infer<typeof addressSchema>;

/** Italian labels of the address fields, for messages and forms. */
export const ADDRESS_FIELD_LABELS: Record<keyof AddressInput, string> = {
  full_name: 'Nome e cognome',
  line1: 'Indirizzo',
  line2: 'Indirizzo (riga 2)',
  postal_code: 'CAP',
  city: 'Città',
  province: 'Provincia',
  country: 'Paese',
  phone: 'Telefono',
  is_default: 'Predefinito',
};

/** POST /api/cart/items: exactly one of product_id and bundle_id; quantity 1..99 (default 1). Prices are never accepted. */
export const addToCartSchema = z.object({
  product_id: z.uuid().optional(),
  bundle_id: z.uuid().optional(),
  quantity: z.number().int().min(1).max(99).default(1),
}).strict().refine((v) => Boolean(v.product_id) !== Boolean(v.bundle_id), { path: ['product_id'], message: 'exactly one' });

/** PATCH /api/cart/items/{id}: below 1 removes the line (spec 4). */
export const cartQuantitySchema = z.object({ quantity: z.number().int().min(-1000).max(99) }).strict();

/** Cart line id in a path: 'p-{uuid}' or 'b-{uuid}'. */
export const cartLineIdSchema = z.string().regex(/^(p|b)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
