/**
 * Checkout without payment keys: 'Configurazione Pagamenti Mancante', nothing reserved.
 * Runs in its own worker with PAYMENT_SECRET_ID naming a payment secret of its own, as a new stage
 * has it (`{}`: created by the stacks, never saved by the admin), so the shared local runtime's keys
 * are untouched.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { createTestSecret } from '../../test/support/secrets';
import type { ApiHandler } from '../lib/context-handler';
import { getProduct, putProduct } from '../data/catalog-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
  process.env.PAYMENT_SECRET_ID = await createTestSecret('{}');
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
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
