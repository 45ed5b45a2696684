/**
 * Admin orders and payment settings over HTTP with real tokens: order status/tracking changes
 * reach the customer; the Stripe secret is never written to the table nor returned.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, demo, signIn } from '../test-support/auth';
import { useLocalEnv } from '../test-support/invoke';
import { ddb } from '../lib/dynamo';
import { putProduct } from '../data/catalog-repository';
import { listAuditOfDay, listAuditOfTarget } from '../data/audit-repository';

useLocalEnv();
let admin: string;
let collaborator: string;
let customer: string;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  customer = await signIn(demo('cliente').email, demo('cliente').password);
});

describe('admin orders', () => {
  it('lists orders with the user email and updates status and tracking; the customer sees it', async () => {
    const id = randomUUID();
    await putProduct({ id, name: 'Corda per Salto Aurum Test', description: 'x', price_cents: 2490, original_price_cents: null, image_url: null, category_id: null, category_name: null, badge: null, rating: 0, reviews: 0, is_digital: false, digital_asset_id: null, quantity: 5, premium_tier: 'none', supplier_product_url: null, created_at: new Date().toISOString(), images: [] });
    await api('DELETE', '/api/cart', { token: customer });
    expect((await api('POST', '/api/cart/items', { token: customer, body: { product_id: id } })).status).toBe(200);
    const session = await api<{ url: string }>('POST', '/api/checkout/session', { token: customer });
    expect(session.status).toBe(201);
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    let mine: { id: string; status: string; total_cents: number; tracking_number: string | null }[] = [];
    await expect.poll(async () => { mine = (await api<{ items: typeof mine }>('GET', '/api/me/orders', { token: customer })).body.items; return mine.length; }).toBeGreaterThan(0);
    const order = mine[0]!;
    const list = await api<{ items: { id: string; user_email: string }[] }>('GET', '/api/admin/orders', { token: collaborator });
    expect(list.body.items.find((o) => o.id === order.id)?.user_email).toBe(demo('cliente').email);
    const bad = await api<{ field: string }>('PATCH', `/api/admin/orders/${order.id}`, { token: admin, body: { status: 'Perso' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
    const updated = await api<{ status: string; tracking_number: string }>('PATCH', `/api/admin/orders/${order.id}`, { token: collaborator, body: { status: 'Spedito', tracking_number: 'BRT123456789', tracking_url: 'https://tracking.example/BRT123456789' } });
    expect(updated.body).toMatchObject({ status: 'Spedito', tracking_number: 'BRT123456789' });
    const seen = (await api<{ items: { id: string; status: string; tracking_url: string }[] }>('GET', '/api/me/orders', { token: customer })).body.items.find((o) => o.id === order.id)!;
    expect(seen).toMatchObject({ status: 'Spedito', tracking_url: 'https://tracking.example/BRT123456789' });
    expect((await api('PATCH', `/api/admin/orders/${order.id}`, { token: customer, body: { status: 'Completato' } })).status).toBe(403);
    // The audit trail holds who changed what, with before and after, by target and by day.
    const history = await listAuditOfTarget('order', order.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actor_email: demo('collaboratore').email,
      actor_role: 'collaborator',
      action: 'update',
      route: 'PATCH /api/admin/orders/{id}',
      changes: { status: { before: 'In elaborazione', after: 'Spedito' }, tracking_number: { before: null, after: 'BRT123456789' } },
    });
    expect(history[0]!.changes.total_cents).toBeUndefined();
    expect((await listAuditOfDay(history[0]!.at.slice(0, 10))).some((a) => a.id === history[0]!.id)).toBe(true);
  });
});

describe('payment settings', () => {
  it('stores the secret outside the table, never returns it, and keeps it when saved empty', async () => {
    const before = await api<Record<string, unknown>>('GET', '/api/admin/payment-settings', { token: admin });
    expect(before.body).toMatchObject({ stripe_publishable_key: 'pk_test_aurum_local', has_secret_key: true, has_webhook_secret: true });
    expect(JSON.stringify(before.body)).not.toContain('sk_test');
    const saved = await api<Record<string, unknown>>('PUT', '/api/admin/payment-settings', { token: admin, body: { stripe_publishable_key: 'pk_test_aurum_local', stripe_secret_key: '' } });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('sk_test');
    const file = JSON.parse(fs.readFileSync(inject('localEnv').LOCAL_SECRETS_FILE!, 'utf8')) as { stripe_secret_key: string };
    expect(file.stripe_secret_key).toBe('sk_test_aurum_local');
    const item = await ddb.send(new GetCommand({ TableName: inject('localEnv').TABLE_NAME!, Key: { PK: 'CONFIG', SK: 'PAYMENTS' } }));
    expect(JSON.stringify(item.Item)).not.toContain('sk_test');
    const invalid = await api<{ field: string }>('PUT', '/api/admin/payment-settings', { token: admin, body: { stripe_publishable_key: 'chiave' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('stripe_publishable_key');
    expect((await api<{ stripePublishableKey: string }>('GET', '/api/payment-settings')).body.stripePublishableKey).toBe('pk_test_aurum_local');
    expect((await api('GET', '/api/admin/payment-settings', { token: collaborator })).status).toBe(403);
  });
});

describe('digital downloads', () => {
  it('gives a paid order of a digital product a short-lived download link to its PDF', async () => {
    const products = (await api<{ items: { id: string; is_digital: boolean; name: string }[] }>('GET', '/api/products?limit=100')).body.items;
    const digital = products.find((p) => p.is_digital)!;
    await api('DELETE', '/api/cart', { token: customer });
    await api('POST', '/api/cart/items', { token: customer, body: { product_id: digital.id } });
    const session = await api<{ url: string }>('POST', '/api/checkout/session', { token: customer });
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    type Order = { items: { name: string; download_url?: string }[] };
    let link: string | undefined;
    await expect.poll(async () => {
      const orders = (await api<{ items: Order[] }>('GET', '/api/me/orders', { token: customer })).body.items;
      link = orders.flatMap((o) => o.items).find((i) => i.name === digital.name)?.download_url;
      return Boolean(link);
    }).toBe(true);
    expect(link).toContain('X-Amz-Expires=900');
    const file = await fetch(link!);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-1.4')).toBe(true);
  });
});
