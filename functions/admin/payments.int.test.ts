/**
 * 'Verifica' of the payment keys (POST /api/admin/payment-settings/verify): the stored secret key
 * is sent to Stripe through the real SDK (the local fake answers like Stripe: the account for a key
 * it issued, 401 for any other); mode mismatches are caught; every check is audited. The stored
 * keys and the webhook signing secret are put back after each test. Changing a key or the webhook secret alerts the admin's inbox
 * (the SNS stand-in's outbox).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';
import { outboxMark, outboxSince } from '../../test/support/automations';
import { readStripeSecrets } from '../../test/support/checkout';
import { listAuditOfTarget } from '../data/audit-repository';
import type { PaymentVerifyDto } from '../../shared/api/admin';

useLocalEnv();
let admin: string;
const SHIPPED = { stripe_publishable_key: 'pk_test_aurum_local', stripe_secret_key: 'sk_test_aurum_local' };
/** The runtime's webhook signing secret, as the tests after this file sign their events with it. */
let webhookSecret = '';

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  webhookSecret = (await readStripeSecrets()).stripe_webhook_secret;
});

afterEach(async () => {
  const body = { ...SHIPPED, stripe_webhook_secret: webhookSecret };
  expect((await api('PUT', '/api/admin/payment-settings', { token: admin, body })).status).toBe(200);
});

const verify = async () =>
  api<PaymentVerifyDto>('POST', '/api/admin/payment-settings/verify', { token: admin, body: {} });

describe('Verifica', () => {
  it('reaches the Stripe account with the stored key and records who checked', async () => {
    const before = (await listAuditOfTarget('payment_settings', 'stripe')).length;
    const res = await verify();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      account_id: 'acct_1AurumFitnessLocal',
      livemode: false,
      message: 'Connessione riuscita: account Aurum Fitness (locale), modalità test.',
    });
    const audit = await listAuditOfTarget('payment_settings', 'stripe');
    expect(audit.length).toBe(before + 1);
    expect(audit[audit.length - 1]).toMatchObject({
      action: 'verify',
      actor_email: demo('supporto').email,
      changes: { ok: { before: null, after: true } },
    });
  });

  it('reports a secret key Stripe refuses, without saying the key', async () => {
    expect(
      (
        await api('PUT', '/api/admin/payment-settings', {
          token: admin,
          body: { stripe_publishable_key: 'pk_test_aurum_local', stripe_secret_key: 'sk_test_chiave_inventata_123' },
        })
      ).status,
    ).toBe(200);
    const res = await verify();
    expect(res.body).toMatchObject({
      ok: false,
      account_id: null,
      message: 'Stripe ha rifiutato la chiave segreta salvata: controlla di averla copiata per intero.',
    });
    expect(JSON.stringify(res.body)).not.toContain('inventata');
  });

  it('reports keys of different modes before calling Stripe', async () => {
    await api('PUT', '/api/admin/payment-settings', {
      token: admin,
      body: { stripe_publishable_key: 'pk_live_aurum_locale', stripe_secret_key: '' },
    });
    expect((await verify()).body).toMatchObject({
      ok: false,
      message: 'La chiave pubblicabile e la chiave segreta sono di modalità diverse (test e live).',
    });
  });

  it('takes no fields', async () => {
    expect(
      (
        await api<{ field: string }>('POST', '/api/admin/payment-settings/verify', {
          token: admin,
          body: { stripe_secret_key: 'sk_test_x' },
        })
      ).body.field,
    ).toBe('stripe_secret_key');
  });
});

describe('changing the payment keys', () => {
  it("alerts the admin's inbox (SNS) naming what changed and who, never a key; an unchanged save says nothing", async () => {
    const mark = outboxMark();
    const secret = 'sk_test_aurum_local';
    const saved = await api('PUT', '/api/admin/payment-settings', {
      token: admin,
      body: {
        stripe_publishable_key: SHIPPED.stripe_publishable_key,
        stripe_secret_key: secret,
        stripe_webhook_secret: 'whsec_nuovo_segreto',
      },
    });
    expect(saved.status).toBe(200);
    const sent = outboxSince(mark).join('\n');
    const alerts = outboxSince(mark).filter((l) => l.includes('[SNS aurum-notifications-local]'));
    expect(alerts).toHaveLength(1);
    expect(sent).toContain('chiavi di pagamento modificate');
    expect(sent).toContain('chiave segreta, segreto del webhook');
    expect(sent).toContain(demo('supporto').email);
    expect(sent).not.toContain(secret);
    expect(sent).not.toContain('whsec_nuovo_segreto');

    const unchanged = outboxMark();
    await api('PUT', '/api/admin/payment-settings', {
      token: admin,
      body: { stripe_publishable_key: SHIPPED.stripe_publishable_key },
    });
    expect(outboxSince(unchanged).filter((l) => l.includes('[SNS'))).toEqual([]);
  });
});
