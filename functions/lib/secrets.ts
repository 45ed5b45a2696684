/**
 * The payment secrets (Stripe secret key, webhook signing secret): one Secrets Manager secret, a
 * JSON object, named by PAYMENT_SECRET_ID (its ARN). Never in the table, never returned by an
 * endpoint. Read through the secret store's cache (secret-store.ts), written by the admin's save.
 *
 * A key the admin saves is used by the next payment, in every container: the save writes the
 * secret first and then the payment settings item (its `updated_at`), and the readers that start
 * a payment (checkout, Aurum Club checkout) or show the keys (the admin's page and 'Verifica')
 * pass that `updated_at` as `changedAt`: a change younger than the cache's lifetime means the
 * cached copy may predate it, so the secret is read fresh. Webhooks read the cached copy: a
 * delivery refused during the at most CACHE_SECONDS after a change of the signing secret is sent
 * again by Stripe ("In live mode, Stripe attempts to deliver a given event to your webhook
 * endpoint for up to 3 days with an exponential back off", Stripe docs, Webhooks, retries).
 */
import { readSecret, writeSecret } from './secret-store';

export interface PaymentSecrets {
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
}

/** How long a container reuses the secrets it read, seconds. */
export const CACHE_SECONDS = 30;

/** Clock difference tolerated between the container that saved the keys and the one reading them, seconds. */
const CLOCK_SKEW_SECONDS = 5;

const EMPTY: PaymentSecrets = { stripe_secret_key: null, stripe_webhook_secret: null };

function parse(text: string | null): PaymentSecrets {
  if (!text) return EMPTY;
  try {
    const v = JSON.parse(text) as Partial<PaymentSecrets>;
    return { stripe_secret_key: v.stripe_secret_key || null, stripe_webhook_secret: v.stripe_webhook_secret || null };
  } catch {
    return EMPTY;
  }
}

/** The secret's id, or null when this function has none (it was given no grant on it). */
const secretId = () => process.env.PAYMENT_SECRET_ID || null;

/**
 * True when a change made at `changedAt` may be newer than a cached copy: the cache keeps a copy
 * for CACHE_SECONDS, so a change older than that (plus the clock skew) is in every copy.
 */
export function changedWithinCache(changedAt: string | null | undefined, now = Date.now()): boolean {
  if (!changedAt) return false;
  const at = Date.parse(changedAt);
  return Number.isNaN(at) || now - at < (CACHE_SECONDS + CLOCK_SKEW_SECONDS) * 1000;
}

/**
 * The current payment secrets (null fields when not configured).
 * @param opts.changedAt the payment settings' `updated_at` (ISO date): when younger than the cache,
 *   the secret is read fresh from Secrets Manager
 * @param opts.fresh always read from Secrets Manager
 * @throws the secret store's error when Secrets Manager refuses the read (500)
 */
export async function getPaymentSecrets(
  opts: { changedAt?: string | null; fresh?: boolean } = {},
): Promise<PaymentSecrets> {
  const id = secretId();
  if (!id) return EMPTY;
  const forceFetch = opts.fresh || changedWithinCache(opts.changedAt);
  return parse(await readSecret(id, { maxAge: CACHE_SECONDS, forceFetch }));
}

/**
 * Merges `update` into the stored secrets: an empty or missing field keeps the old value ("an
 * empty secret key means unchanged"). Reads the current value fresh, so a change made by another
 * container is kept.
 * @returns the secrets now stored
 * @throws Error when the function has no PAYMENT_SECRET_ID; the secret store's error (nothing changed)
 */
export async function savePaymentSecrets(update: Partial<PaymentSecrets>): Promise<PaymentSecrets> {
  const id = secretId();
  if (!id) throw new Error('missing environment variable PAYMENT_SECRET_ID');
  const current = await getPaymentSecrets({ fresh: true });
  const next: PaymentSecrets = {
    stripe_secret_key: update.stripe_secret_key || current.stripe_secret_key,
    stripe_webhook_secret: update.stripe_webhook_secret || current.stripe_webhook_secret,
  };
  await writeSecret(id, JSON.stringify(next));
  return next;
}
