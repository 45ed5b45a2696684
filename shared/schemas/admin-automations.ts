/**
 * Request schemas of the suppliers and automations back office (the supplier fields, the supplier
 * and import URL validation rules). Shared by the 'automations' function (validation) and the SPA (forms).
 */
import * as z from 'zod/mini';
import { preprocess } from './index';

/** Empty strings and null become null; other values go through `schema`. */
const emptyToNull = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
      z.optional(z.nullable(schema)),
    ),
    z.transform((v) => (v ?? null) as z.infer<S> | null),
  );

/** One DNS label or an IPv4 address; lower case. */
const HOST_RE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A supplier's domain as typed by the admin: 'fornitore.it', 'WWW.Fornitore.it' or a pasted URL
 * ('https://fornitore.it/catalogo') all become the lower-cased host name without port.
 */
export function normaliseDomain(raw: string): string {
  let v = raw.trim().toLowerCase();
  if (v.includes('://')) {
    try {
      v = new URL(v).hostname;
    } catch {
      return v;
    }
  }
  return v.replace(/\/.*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * POST /api/admin/suppliers and PUT /api/admin/suppliers/{id} (the supplier rule: "name
 * required; notification email of email type; when editing, an empty API key keeps the old one").
 * `api_key`: write-only; empty or absent = unchanged (on create: none).
 */
export const supplierSchema = z.lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    api_url: emptyToNull(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }).check(z.maxLength(500))),
    api_key: emptyToNull(z.string().check(z.maxLength(500))),
    notification_email: emptyToNull(z.email().check(z.maxLength(254))),
    domain_name: emptyToNull(
      z.pipe(
        z.pipe(z.string().check(z.maxLength(253)), z.transform(normaliseDomain)),
        z.string().check(z.regex(HOST_RE)),
      ),
    ),
    default_shipping_method_id: emptyToNull(z.uuid()),
  }),
);
export type SupplierInput = z.infer<typeof supplierSchema>;

/** What is wrong with an import URL: nothing, empty ('URL Mancante') or not a parsable http(s) URL ('URL non valido'). */
export type ImportUrlProblem = 'missing' | 'invalid' | null;

/**
 * Checks an import URL as the import URL rule asks: non-empty, and parsable as an absolute http or https URL
 * with a host. Pure; the SPA checks before sending, the server again.
 */
export function importUrlProblem(raw: unknown): ImportUrlProblem {
  if (typeof raw !== 'string' || raw.trim() === '') return 'missing';
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return 'invalid';
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return 'invalid';
  return null;
}

/** POST /api/admin/automations/import: `{ url }` (checked with importUrlProblem). */
export const importSchema = z.lazy(() => z.strictObject({ url: z.optional(z.string().check(z.maxLength(2000))) }));

/** POST /api/admin/automations/stock-sync: optionally one supplier ('Sincronizza ora'). */
export const stockSyncStartSchema = z.lazy(() => z.strictObject({ supplier_id: z.optional(z.uuid()) }));
