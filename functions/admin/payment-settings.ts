/**
 * Payment settings (the Pagamenti screen): the publishable key goes to the table, the
 * secret key and webhook secret to Secrets Manager (functions/lib/secrets.ts). The secrets
 * are never returned: the answer only says whether they are set. Empty secret = unchanged.
 */
import type { AdminPaymentSettingsDto, PaymentVerifyDto } from '../../shared/api/admin';
import { PAYMENTS_MSG } from '../../shared/messages/admin-payments';
import { stripeFor, stripeSdk } from '../lib/stripe';
import { getPaymentSettings, putPaymentMethods, putPaymentSettings } from '../data/settings-repository';
import { clubPayable, type PaymentMethodSwitches } from '../../shared/payment-methods';
import { PAYMENT_METHOD_MSG } from '../../shared/messages/payment-methods';
import { badRequest } from '../lib/errors';
import { getPaymentSecrets, savePaymentSecrets } from '../lib/secrets';
import type { Change } from '../lib/audit';
import { logger } from '../lib/logger';
import { publishNotification } from '../lib/notifications';

/** GET /api/admin/payment-settings. */
export async function readPaymentSettings(): Promise<AdminPaymentSettingsDto> {
  const s = await getPaymentSettings();
  const secrets = await getPaymentSecrets({ changedAt: s.updated_at });
  return {
    stripe_publishable_key: s.stripe_publishable_key,
    has_secret_key: Boolean(secrets.stripe_secret_key),
    has_webhook_secret: Boolean(secrets.stripe_webhook_secret),
    updated_at: s.updated_at,
    payment_methods: s.payment_methods,
  };
}

/**
 * PUT /api/admin/payment-methods: the methods the checkout page offers from the next session on
 * (shared/payment-methods.ts decides, per session, which of them fit). Delayed methods are not in
 * the list and cannot be switched on (docs/decisions/0014).
 * DynamoDB: AP17 (before) + AP146 + AP17 (after).
 * @returns the settings before and after (for the audit entry)
 * @throws 400 on field 'payment_methods' when neither cards nor PayPal stay on (the club is paid with them)
 */
export async function writePaymentMethods(switches: PaymentMethodSwitches): Promise<Change<AdminPaymentSettingsDto>> {
  if (!clubPayable(switches)) throw badRequest(PAYMENT_METHOD_MSG.oneForClub, 'payment_methods');
  const before = await readPaymentSettings();
  await putPaymentMethods(switches);
  return { before, after: await readPaymentSettings() };
}

/**
 * PUT /api/admin/payment-settings. Secrets first, so a failure leaves the old key pair in place;
 * then the settings item, whose new `updated_at` makes the next payment in any container read the
 * secrets fresh (functions/lib/secrets.ts). Any change of a key or of the webhook secret is
 * announced on the stage's SNS topic (the admin's email).
 * @param actorEmail who saved (named in the alert)
 * @returns the settings before and after (whether each secret is set, never its value)
 */
export async function writePaymentSettings(
  input: {
    stripe_publishable_key: string;
    stripe_secret_key?: string;
    stripe_webhook_secret?: string;
  },
  actorEmail: string,
  now = new Date(),
): Promise<Change<AdminPaymentSettingsDto>> {
  const before = await readPaymentSettings();
  await savePaymentSecrets({
    stripe_secret_key: input.stripe_secret_key || null,
    stripe_webhook_secret: input.stripe_webhook_secret || null,
  });
  await putPaymentSettings(input.stripe_publishable_key);
  const changed = [
    ...(input.stripe_publishable_key !== before.stripe_publishable_key ? ['chiave pubblicabile'] : []),
    ...(input.stripe_secret_key ? ['chiave segreta'] : []),
    ...(input.stripe_webhook_secret ? ['segreto del webhook'] : []),
  ];
  if (changed.length) await alertPaymentKeysChanged(changed, actorEmail, now);
  return { before, after: await readPaymentSettings() };
}

/**
 * Tells the admin's inbox (the stage's SNS topic) that payment keys changed, so a change the
 * admin did not make is seen at once (a stolen session could otherwise redirect the shop's
 * payments). Names what changed and who changed it, never a key. Never throws: the save is done.
 */
async function alertPaymentKeysChanged(changed: string[], actorEmail: string, now: Date): Promise<void> {
  try {
    await publishNotification({
      kind: 'payment_keys_changed',
      subject: 'Aurum Fitness: chiavi di pagamento modificate',
      message: [
        `Le impostazioni di pagamento sono state modificate il ${now.toISOString()} da ${actorEmail}.`,
        `Modificato: ${changed.join(', ')}.`,
        'Se non sei stato tu, cambia subito la password, ruota le chiavi in Stripe e salvale di nuovo su Pagamenti.',
      ].join('\n'),
    });
  } catch (error) {
    logger.error('payment keys alert not sent', { error: error as Error });
  }
}

/** The mode a Stripe key belongs to, from its prefix ('pk_test_…' -> 'test'). */
function keyMode(key: string): 'test' | 'live' | null {
  const m = /^(?:pk|sk|rk)_(test|live)_/.exec(key);
  return (m?.[1] as 'test' | 'live' | undefined) ?? null;
}

/**
 * POST /api/admin/payment-settings/verify: calls Stripe with the STORED secret key (GET /v1/account
 * through the real SDK; the local runtime answers with its fake Stripe) and reports whether it
 * works, and whether the stored publishable key is of the same mode. The webhook signing secret
 * cannot be checked this way (Stripe never shows it back); a wrong one shows as refused webhooks.
 * @returns ok and an Italian message; never throws for a refused key (that is the answer)
 */
export async function verifyPaymentSettings(now = new Date()): Promise<PaymentVerifyDto> {
  const settings = await getPaymentSettings();
  const secrets = await getPaymentSecrets({ changedAt: settings.updated_at });
  const answer = (
    ok: boolean,
    message: string,
    account_id: string | null = null,
    livemode: boolean | null = null,
  ): PaymentVerifyDto => ({ ok, message, account_id, livemode, checked_at: now.toISOString() });
  const secret = secrets.stripe_secret_key;
  if (!secret) return answer(false, PAYMENTS_MSG.verifyNoSecret);
  if (!settings.stripe_publishable_key) return answer(false, PAYMENTS_MSG.verifyNoPublishable);
  if (keyMode(settings.stripe_publishable_key) !== keyMode(secret))
    return answer(false, PAYMENTS_MSG.verifyModeMismatch);
  const stripe = await stripeFor(secret);
  const Stripe = await stripeSdk();
  try {
    const account = await stripe.accounts.retrieveCurrent();
    const name = account.settings?.dashboard?.display_name || account.business_profile?.name || account.id;
    const live = keyMode(secret) === 'live';
    return answer(true, PAYMENTS_MSG.verifyOk(name, live), account.id, live);
  } catch (e) {
    if (e instanceof Stripe.errors.StripeAuthenticationError) return answer(false, PAYMENTS_MSG.verifyRejected);
    if (e instanceof Stripe.errors.StripePermissionError) return answer(false, PAYMENTS_MSG.verifyForbidden);
    if (e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError)
      return answer(false, PAYMENTS_MSG.verifyUnreachable);
    throw e;
  }
}
