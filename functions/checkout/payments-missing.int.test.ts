/**
 * Checkout without payment keys: 'Configurazione Pagamenti Mancante', nothing reserved.
 * Runs with PAYMENT_SECRET_ID naming a payment secret of its own, as a new stage has it (`{}`:
 * created by the stacks, never saved by the admin), and handlers loaded for it, so the shared local
 * runtime's keys are untouched; both are given back after.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { createTestSecret } from '../../test/support/secrets';
import type { ApiHandler } from '../lib/context-handler';
import { getProduct, putProduct } from '../data/catalog-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;

const sharedSecretId = process.env.PAYMENT_SECRET_ID;

beforeAll(async () => {
  process.env.PAYMENT_SECRET_ID = await createTestSecret('{}');
  // Handlers of this file's own (the integration files share a module registry, vitest.config.ts):
  // no payment keys cached by an earlier file.
  vi.resetModules();
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
});

afterAll(() => {
  process.env.PAYMENT_SECRET_ID = sharedSecretId;
  vi.resetModules();
});

it('answers 409 Configurazione Pagamenti Mancante and reserves nothing when the secret key is missing', async () => {
  const id = randomUUID();
  await putProduct({
    id,
    name: 'Tappetino di prova',
    description: 'x',
    price_cents: 3990,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 4,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: new Date().toISOString(),
    images: [],
  });
  const claims = { sub: randomUUID(), email: 'x@example.com' };
  await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: id } });
  const res = await invoke<{ title: string; message: string }>(checkout, 'POST /api/checkout/session', { claims });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    title: 'Configurazione Pagamenti Mancante',
    message: "L'admin non ha ancora configurato i pagamenti. Riprova più tardi.",
  });
  expect((await getProduct(id))!.quantity).toBe(4);
});
