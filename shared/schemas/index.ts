/**
 * zod schemas for API input shared by the functions (validation) and the SPA (forms).
 * Each failure maps to a 400 with an Italian message naming the field (see functions/lib/validate.ts).
 * Written with the functional `zod/mini` API (checks in `.check(...)`, wrappers as functions): the
 * classic API's method-chaining classes would weigh on every Lambda's cold start (docs/decisions/0010-zod-mini.md).
 * Every exported request schema here and in the sibling modules is built on first use
 * (`z.lazy(() => ...)`, same parsing and types): building them all at module load costs init time
 * although a request parses one or two. The one exception is pageQuerySchema, which others extend when built.
 */
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { BILLING_LABELS } from '../billing';
import { isValidCodiceFiscale, isValidPartitaIva, isValidSdiCode } from '../tax-ids';
import { parseCartLineId } from '../cart';

/**
 * What `z.preprocess` is in classic zod: `fn` maps the raw value, then `schema` checks the result.
 * zod/mini has no preprocess; this is the same pipe, typed like classic's (an object key is
 * optional when `schema` accepts undefined, as classic types it).
 */
export interface ZodMiniPreprocess<B extends core.SomeType = core.$ZodType>
  extends z.ZodMiniPipe<core.$ZodTransform<unknown, unknown>, B>, core.$ZodPreprocess<B, unknown> {
  _zod: core.$ZodPreprocessInternals<B, unknown>;
  def: core.$ZodPreprocessDef<B, unknown>;
}

/**
 * Maps the raw input with `fn` before checking it with `schema` (classic zod's `z.preprocess`).
 * @param fn receives the raw value (anything) and returns what `schema` parses
 * @returns a schema whose input is unknown and output is `schema`'s
 */
export function preprocess<B extends core.$ZodType>(fn: (value: unknown) => unknown, schema: B): ZodMiniPreprocess<B> {
  return z.pipe(z.transform(fn), schema) as unknown as ZodMiniPreprocess<B>;
}

/** Entity ids are UUIDs. */
export const idSchema = z.lazy(() => z.uuid());

/** Query of GET /api/categories/{id}: optional product search, paged like GET /api/products. */
export const categoryQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
);

/** No query parameters accepted. */
export const emptyQuerySchema = z.lazy(() => z.strictObject({}));

/**
 * Paging of a list that grows (?cursor=&limit=): the opaque cursor of the previous page and a page
 * size 1..100. Extend it with a list's own filters: `z.extend(pageQuerySchema, { status: ... })`
 * (the result stays strict).
 */
export const pageQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Query of GET /api/products: optional search text and category filter (the listing filters), paged. */
export const productListQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    category_id: z.optional(z.uuid()),
  }),
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Optional text: trimmed, at most `max` characters; empty or missing becomes null. */
export const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max)))),
    z.transform((v) => (v ? v : null)),
  );

/**
 * Optional text that must pass `valid` once trimmed and upper-cased (tax identifiers); empty or
 * missing becomes null.
 */
const optionalCode = (max: number, valid: (v: string) => boolean, normalise: (v: string) => string = (v) => v) =>
  z.pipe(
    optionalText(max),
    z.pipe(
      z.transform((v: string | null) => (v === null ? null : normalise(v.toUpperCase()))),
      z.nullable(z.string().check(z.refine(valid))),
    ),
  );

/**
 * PUT /api/me/billing (the profile's Fatturazione tab): what a receipt shows of a business customer
 * (art. 21 DPR 633/1972 asks an invoice for the buyer's name, address and VAT number; the SDI code
 * or PEC is where an e-invoice would go). The partita IVA and codice fiscale must pass their check
 * digit (shared/tax-ids.ts); a company name needs its partita IVA.
 */
export const billingSchema = z.lazy(() =>
  z
    .strictObject({
      company_name: optionalText(200),
      billing_address: optionalText(300),
      // stored as the 11 digits, without the 'IT' prefix
      vat_number: optionalCode(13, isValidPartitaIva, (v) => v.replace(/^IT/, '')),
      tax_id: optionalCode(16, isValidCodiceFiscale),
      sdi_code: optionalCode(7, isValidSdiCode),
      pec: z.pipe(optionalText(200), z.nullable(z.string().check(z.refine((v) => z.email().safeParse(v).success)))),
    })
    .check(z.refine((b) => !b.company_name || b.vat_number !== null, { path: ['vat_number'], message: 'required' })),
);
/** The Italian label of each billing field, for the 400 messages (as the Fatturazione tab shows them). */
export const BILLING_FIELD_LABELS: Record<keyof BillingInput, string> = BILLING_LABELS;
export type BillingInput = z.infer<typeof billingSchema>;

/**
 * DELETE /api/me ('Elimina account'): the password typed again and the explicit confirmation of the
 * dialog (GDPR art. 17: the customer's own, deliberate request).
 */
export const deleteAccountSchema = z.lazy(() =>
  z.strictObject({
    password: z.string().check(z.minLength(1), z.maxLength(256)),
    confirm: z.literal(true),
  }),
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
/** The Italian label of each field of the deletion, for the 400 messages. */
export const DELETE_ACCOUNT_LABELS: Record<keyof DeleteAccountInput, string> = {
  password: 'Password',
  confirm: 'Conferma',
};

/**
 * A shipping address (user_addresses: fields not given by the spec; these are an Italian
 * shop's): recipient, street, optional second line, CAP (5 digits for Italy), city, province
 * (2-letter sigla for Italy), country (ISO 3166-1 alpha-2, default IT), optional phone.
 */
export const addressSchema = z.lazy(() =>
  z
    .strictObject({
      full_name: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
      line1: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)),
      line2: z.pipe(
        z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
        z.transform((v) => v || null),
      ),
      postal_code: z.string().check(z.trim(), z.minLength(3), z.maxLength(10)),
      city: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
      province: z.pipe(
        z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))),
        z.transform((v) => v || null),
      ),
      country: z._default(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/)), 'IT'),
      phone: z.pipe(
        z.union([z.nullable(z.optional(z.string().check(z.trim(), z.regex(/^\+?[0-9 ]{6,20}$/)))), z.literal('')]),
        z.transform((v) => v || null),
      ),
      is_default: z._default(z.boolean(), false),
    })
    .check(
      z.superRefine((a, ctx) => {
        if (a.country === 'IT') {
          if (!/^\d{5}$/.test(a.postal_code)) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'CAP' });
          if (!a.province || !/^[A-Za-z]{2}$/.test(a.province))
            ctx.addIssue({ code: 'custom', path: ['province'], message: 'provincia' });
        }
      }),
    ),
);
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
export const addToCartSchema = z.lazy(() =>
  z
    .strictObject({
      product_id: z.optional(z.uuid()),
      /** The variant of a product with options (shared/variants.ts); absent: the product's default variant. */
      variant_id: z.optional(z.uuid()),
      bundle_id: z.optional(z.uuid()),
      quantity: z._default(z.number().check(z.int(), z.gte(1), z.lte(99)), 1),
    })
    .check(
      z.refine((v) => Boolean(v.product_id) !== Boolean(v.bundle_id), { path: ['product_id'], message: 'exactly one' }),
      z.refine((v) => !v.variant_id || Boolean(v.product_id), { path: ['variant_id'], message: 'product only' }),
    ),
);

/** PATCH /api/cart/items/{id}: below 1 removes the line (the cart rule). */
export const cartQuantitySchema = z.lazy(() =>
  z.strictObject({ quantity: z.number().check(z.int(), z.gte(-1000), z.lte(99)) }),
);

/** Cart line id in a path: 'p-{uuid}', 'p-{uuid}.{variant uuid}' or 'b-{uuid}' (shared/cart.ts). */
export const cartLineIdSchema = z.lazy(() =>
  z.string().check(z.refine((id) => parseCartLineId(id) !== null, { message: 'line id' })),
);
