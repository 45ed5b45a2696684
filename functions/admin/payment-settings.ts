/**
 * Payment settings (spec 2 Admin Payments, spec 5): the publishable key goes to the table, the
 * secret key and webhook secret to the secret store (Secrets Manager / local file). The secrets
 * are never returned: the answer only says whether they are set. Empty secret = unchanged.
 */
import type { AdminPaymentSettingsDto } from '../../shared/api/admin';
import { getPaymentSettings, putPaymentSettings } from '../data/settings-repository';
import { getPaymentSecrets, savePaymentSecrets } from '../lib/secrets';
import type { Change } from '../lib/audit';


/** GET /api/admin/payment-settings. */
export async function readPaymentSettings(): Promise<AdminPaymentSettingsDto> {
  const [s, secrets] = await Promise.all([getPaymentSettings(), getPaymentSecrets()]);
  return { stripe_publishable_key: s.stripe_publishable_key, has_secret_key: Boolean(secrets.stripe_secret_key), has_webhook_secret: Boolean(secrets.stripe_webhook_secret), updated_at: s.updated_at };
}

/**
 * PUT /api/admin/payment-settings. Secrets first, so a failure leaves the old key pair in place.
 * @returns the settings before and after (whether each secret is set, never its value)
 */
export async function writePaymentSettings(input: { stripe_publishable_key: string; stripe_secret_key?: string; stripe_webhook_secret?: string }): Promise<Change<AdminPaymentSettingsDto>> {
  const before = await readPaymentSettings();
  await savePaymentSecrets({ stripe_secret_key: input.stripe_secret_key || null, stripe_webhook_secret: input.stripe_webhook_secret || null });
  await putPaymentSettings(input.stripe_publishable_key);
  return { before, after: await readPaymentSettings() };
}
