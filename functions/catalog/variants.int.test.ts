/**
 * The product page of a product with options (GET /api/products/{id}) against DynamoDB Local: its
 * options and every variant with its own price and stock, the listing's 'da' price, and no change
 * for a product without options.
 */
import { describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import { testProduct } from '../../test/support/checkout';
import { kettlebell } from '../../test/support/variants';
import type { ProductDetailDto } from '../../shared/api/catalog';
import { handler } from './index';

useLocalEnv();

/** A member, signed in (test/support/auth's demo accounts). */
const member = () => {
  const account = inject('localAccounts').find((a) => a.email.startsWith('membro'))!;
  return { sub: account.sub, email: account.email };
};
const page = (id: string, caller?: { sub: string; email: string }) =>
  invoke<ProductDetailDto>(handler, 'GET /api/products/{id}', {
    pathParameters: { id },
    ...(caller ? { claims: caller } : {}),
  });

describe('the product page of a product with options', () => {
  it('answers its options and variants, each with its price and stock, and its highest price', async () => {
    const { product, v8, v16 } = await kettlebell();
    const counter = countDynamoRequests();
    const res = await page(product.id);
    expect(res.status).toBe(200);
    // a visitor: the product and its variants in one Query (AP148); no category, no related Query
    expect(counter.requests.map((r) => r.command)).toEqual(['QueryCommand']);
    // a signed-in shopper: the product with the profile, then its variants
    counter.reset();
    const signedIn = await page(product.id, member());
    expect(signedIn.status).toBe(200);
    expect(counter.requests.map((r) => r.command).sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);
    expect(signedIn.body.variants).toEqual(res.body.variants);
    expect(res.body).toMatchObject({ price_cents: 2990, price_max_cents: 4990, quantity: 6, has_options: true });
    expect(res.body.options).toEqual([{ name: 'Peso', values: ['8 kg', '16 kg'] }]);
    expect(res.body.variants).toEqual([
      {
        id: v8.id,
        sku: v8.sku,
        option_values: ['8 kg'],
        price_cents: 2990,
        price_reduction: null,
        quantity: 5,
        image_ids: [],
        status: 'active',
      },
      {
        id: v16.id,
        sku: v16.sku,
        option_values: ['16 kg'],
        price_cents: 4990,
        price_reduction: null,
        quantity: 1,
        image_ids: [],
        status: 'active',
      },
    ]);
  });

  it('a product without options answers as before: no options, no variants, no highest price, one read', async () => {
    const p = await testProduct(3, { price_cents: 1500 });
    const counter = countDynamoRequests();
    const res = await page(p.id);
    expect(res.status).toBe(200);
    expect(counter.requests.map((r) => r.command)).toEqual(['QueryCommand']);
    counter.reset();
    expect((await page(p.id, member())).status).toBe(200);
    expect(counter.requests.map((r) => r.command)).toEqual(['BatchGetItemCommand']);
    expect(res.body).not.toHaveProperty('options');
    expect(res.body).not.toHaveProperty('variants');
    expect(res.body).not.toHaveProperty('price_max_cents');
    expect(res.body).not.toHaveProperty('has_options');
    expect(res.body).toMatchObject({ price_cents: 1500, quantity: 3 });
  });
});
