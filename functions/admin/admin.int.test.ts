/**
 * Payment settings and digital downloads over HTTP with real tokens: the Stripe secret is never
 * written to the table nor returned. (Orders: orders.int.test.ts.)
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readStripeSecrets, shipToCaller } from '../../test/support/checkout';
import { ddb, GetCommand } from '../lib/dynamo';
import { api, demo, signIn } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';

useLocalEnv();
let admin: string;
let collaborator: string;
let customer: string;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  customer = await signIn(demo('cliente').email, demo('cliente').password);
});

describe('payment settings', () => {
  it('stores the secret outside the table, never returns it, and keeps it when saved empty', async () => {
    const before = await api<Record<string, unknown>>('GET', '/api/admin/payment-settings', { token: admin });
    expect(before.body).toMatchObject({
      stripe_publishable_key: 'pk_test_aurum_local',
      has_secret_key: true,
      has_webhook_secret: true,
    });
    expect(JSON.stringify(before.body)).not.toContain('sk_test');
    const saved = await api<Record<string, unknown>>('PUT', '/api/admin/payment-settings', {
      token: admin,
      body: { stripe_publishable_key: 'pk_test_aurum_local', stripe_secret_key: '' },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('sk_test');
    expect((await readStripeSecrets()).stripe_secret_key).toBe('sk_test_aurum_local');
    const item = await ddb.send(
      new GetCommand({ TableName: inject('localEnv').TABLE_NAME!, Key: { PK: 'CONFIG', SK: 'PAYMENTS' } }),
    );
    expect(JSON.stringify(item.Item)).not.toContain('sk_test');
    const invalid = await api<{ field: string }>('PUT', '/api/admin/payment-settings', {
      token: admin,
      body: { stripe_publishable_key: 'chiave' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('stripe_publishable_key');
    expect(
      (await api<{ stripePublishableKey: string }>('GET', '/api/payment-settings')).body.stripePublishableKey,
    ).toBe('pk_test_aurum_local');
    expect((await api('GET', '/api/admin/payment-settings', { token: collaborator })).status).toBe(403);
  });
});

describe('digital downloads', () => {
  it('gives a paid order of a digital product a short-lived download link to its PDF', async () => {
    const products = (
      await api<{ items: { id: string; is_digital: boolean; name: string }[] }>('GET', '/api/products?limit=100')
    ).body.items;
    const digital = products.find((p) => p.is_digital)!;
    await api('DELETE', '/api/cart', { token: customer });
    await api('POST', '/api/cart/items', { token: customer, body: { product_id: digital.id } });
    const session = await api<{ url: string }>('POST', '/api/checkout/session', {
      token: customer,
      body: await shipToCaller(customer),
    });
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    type Order = { items: { name: string; download_url?: string }[] };
    let link: string | undefined;
    await expect
      .poll(async () => {
        const orders = (await api<{ items: Order[] }>('GET', '/api/me/orders', { token: customer })).body.items;
        link = orders.flatMap((o) => o.items).find((i) => i.name === digital.name)?.download_url;
        return Boolean(link);
      })
      .toBe(true);
    expect(link).toContain('X-Amz-Expires=900');
    const file = await fetch(link!);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-1.4')).toBe(true);
  });
});
