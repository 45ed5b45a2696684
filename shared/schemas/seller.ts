/**
 * The seller identity as stage configuration gives it (shared/seller.ts), validated where it is
 * written: the CDK app's synth (infra/stacks/stage-settings.ts).
 */
import * as z from 'zod/mini';
import { isValidPartitaIva } from '../tax-ids';
import type { SellerIdentity } from '../seller';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A seller identity as stage configuration gives it (every field required but the share capital). */
export const sellerIdentitySchema = z.lazy(() =>
  z.strictObject({
    company_name: text(200),
    registered_office: text(300),
    vat_number: z
      .string()
      .check(z.trim(), z.refine(isValidPartitaIva, 'partita IVA: 11 cifre con la cifra di controllo corretta')),
    rea_number: z.string().check(z.trim(), z.regex(/^[A-Z]{2}-\d{1,7}$/, 'numero REA: sigla provincia-numero')),
    pec: z.email(),
    support_email: z.email(),
    share_capital: z._default(z.nullable(text(60)), null),
  }),
);

/**
 * Reads a seller identity from configuration (an object or its JSON text).
 * @returns the identity, or the problems found (`field: message`), never both
 */
export function parseSellerIdentity(
  raw: unknown,
): { ok: true; seller: SellerIdentity } | { ok: false; problems: string[] } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { ok: false, problems: ['not JSON'] };
    }
  }
  const parsed = sellerIdentitySchema.safeParse(value);
  if (parsed.success) return { ok: true, seller: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}
