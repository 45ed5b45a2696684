/**
 * Checkout without payment keys: 'Configurazione Pagamenti Mancante', nothing reserved.
 * Runs in its own worker with the secret store pointed at an empty file, so the shared local
 * runtime's keys are untouched.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import type { ApiHandler } from '../lib/context-handler';
import { getProduct, putProduct } from '../data/catalog-repository';

useLocalEnv();
process.env.LOCAL_SECRETS_FILE = path.join(os.tmpdir(), `aurum-no-secrets-${randomUUID()}.json`);
let cart: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
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
    original_price_cents: null,
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
