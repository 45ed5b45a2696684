/**
 * The payment and supplier secrets through the real path: Powertools Parameters' SecretsProvider
 * and the Secrets Manager SDK against the local Secrets Manager stand-in, under each function's grants.
 *
 * This worker's modules are one "container" and the local runtime's process (reached over HTTP)
 * another, as two Lambda containers are in the cloud: a key the admin saves through the runtime
 * must be used by this container's next checkout although its cache still holds the old key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { api, demo, signIn } from '../../test/support/auth';
import { claimsOf, readStripeSecrets, shipTo, stripeSecrets, testProduct } from '../../test/support/checkout';
import { guardClient, runAsFunction } from '../../test/support/local-runtime';
import type { ApiHandler } from './context-handler';
import { getSecretsManagerClient } from './secret-store';
import { CACHE_SECONDS, changedWithinCache, getPaymentSecrets } from './secrets';
import { readSupplierKeys } from './supplier-secrets';

useLocalEnv();
let admin: string;
let cart: ApiHandler;
let checkout: ApiHandler;
let client: SecretsManagerClient;
/** Secrets Manager operations this worker's client sent since the last reset. */
const sent: string[] = [];

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  client = await getSecretsManagerClient();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'secretsRequestCounter' },
  );
  guardClient(client, 'secretsmanager', {});
});

/** Saves the secret key through the admin's payment settings (the runtime's process: another container). */
const saveSecretKey = (key: string) =>
  api('PUT', '/api/admin/payment-settings', {
    token: admin,
    body: { stripe_publishable_key: 'pk_test_aurum_local', stripe_secret_key: key },
  });

/** A new shopper checks out one product in this worker. @returns the HTTP status */
async function checkoutStatus(): Promise<number> {
  const product = await testProduct(3);
  const sub = randomUUID();
  await invoke(cart, 'POST /api/cart/items', { claims: claimsOf(sub), body: { product_id: product.id } });
  const res = await invoke(checkout, 'POST /api/checkout/session', { claims: claimsOf(sub), body: await shipTo(sub) });
  return res.status;
}

afterAll(async () => {
  // The runtime's shipped key, whatever happened above.
  await saveSecretKey(stripeSecrets().stripe_secret_key);
});

describe('payment secrets', () => {
  it('reuses a read for CACHE_SECONDS, and reads fresh when the settings changed within that time', async () => {
    await getPaymentSecrets({ fresh: true });
    sent.length = 0;
    const cached = await getPaymentSecrets();
    expect(cached.stripe_secret_key).toBe(stripeSecrets().stripe_secret_key);
    const longAgo = new Date(Date.now() - 3600_000).toISOString();
    await getPaymentSecrets({ changedAt: longAgo });
    expect(sent).toEqual([]);
    await getPaymentSecrets({ changedAt: new Date().toISOString() });
    expect(sent).toEqual(['GetSecretValueCommand']);
    expect(changedWithinCache(new Date(Date.now() - (CACHE_SECONDS - 1) * 1000).toISOString())).toBe(true);
    expect(changedWithinCache(new Date(Date.now() - (CACHE_SECONDS + 60) * 1000).toISOString())).toBe(false);
  });

  it("uses the key the admin saved in another container at this container's next checkout", async () => {
    expect(await checkoutStatus()).toBe(201); // this container has the shipped key cached now
    // A key the fake Stripe account never issued: Stripe refuses it (401), so the checkout answers 502.
    expect((await saveSecretKey('sk_test_never_issued_by_stripe')).status).toBe(200);
    expect((await readStripeSecrets()).stripe_secret_key).toBe('sk_test_never_issued_by_stripe');
    expect(await checkoutStatus()).toBe(502);
    expect((await saveSecretKey(stripeSecrets().stripe_secret_key)).status).toBe(200);
    expect(await checkoutStatus()).toBe(201);
  });

  it('is read only by the functions granted the payment secret', async () => {
    await expect(runAsFunction('checkout', () => getPaymentSecrets({ fresh: true }))).resolves.toMatchObject({
      stripe_secret_key: stripeSecrets().stripe_secret_key,
    });
    await expect(runAsFunction('catalog', () => getPaymentSecrets({ fresh: true }))).rejects.toThrow(
      /aurum-catalog is not authorized to perform: secretsmanager:GetSecretValue/,
    );
  });
});

describe('supplier keys', () => {
  it('are read fresh every time (a run started right after a save uses the new key), by the stock sync only', async () => {
    sent.length = 0;
    const first = await runAsFunction('stock-sync', () => readSupplierKeys());
    const second = await runAsFunction('stock-sync', () => readSupplierKeys());
    expect(second).toEqual(first);
    expect(sent).toEqual(['GetSecretValueCommand', 'GetSecretValueCommand']);
    await expect(runAsFunction('checkout', () => readSupplierKeys())).rejects.toThrow(/secretsmanager:GetSecretValue/);
  });
});
