/**
 * Product variants at the cart and the checkout (docs/decisions/0018-product-variants.md), through
 * the real handlers against DynamoDB Local and the fake Stripe: a shopper adds one variant of a
 * product with options, pays its own price, the stock is taken from that variant only, the order
 * line names it, and a cancellation gives the units back to it. Expected prices and stock are
 * written from the fixture, not read back from the code.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, shipTo } from '../../test/support/checkout';
import { kettlebell } from '../../test/support/variants';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import type { OrderDto } from '../../shared/api/orders';
import { getProductWithVariants } from '../data/catalog-repository';
import { listOrdersOfUser } from '../orders/order-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let account: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: account } = await import('../account/index'));
});

type Claims = { sub: string; email: string };
type ApiError = { message: string; title?: string; field?: string };

const add = (claims: Claims, body: Record<string, unknown>) =>
  invoke<CartDto & ApiError>(cart, 'POST /api/cart/items', { claims, body });

const stock = async (productId: string) => {
  const found = (await getProductWithVariants(productId))!;
  return { product: found.product.quantity, variants: found.variants.map((v) => v.quantity) };
};

describe('a product with options in the cart', () => {
  it('asks which variant (400 naming variant_id), refuses an unknown one (404), prices and counts the chosen one', async () => {
    const { product, v8, v16 } = await kettlebell();
    const shopper = claimsOf(randomUUID());

    const none = await add(shopper, { product_id: product.id });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('variant_id');
    expect(none.body.message).toContain('variant_id');
    expect((await add(shopper, { product_id: product.id, variant_id: randomUUID() })).status).toBe(404);
    // more than the one 16 kg piece: 409, nothing added
    const tooMany = await add(shopper, { product_id: product.id, variant_id: v16.id, quantity: 2 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain(`${product.name} – 16 kg`);

    const added = await add(shopper, { product_id: product.id, variant_id: v16.id });
    expect(added.status).toBe(200);
    const eight = await add(shopper, { product_id: product.id, variant_id: v8.id, quantity: 2 });
    expect(eight.status).toBe(200);
    expect(
      eight.body.lines.map((l) => [l.id, l.unit_price_cents, l.available_quantity, l.sku, l.option_values]),
    ).toEqual([
      [`p-${product.id}.${v16.id}`, 4990, 1, v16.sku, [{ name: 'Peso', value: '16 kg' }]],
      // the default variant's line keeps the product's line id
      [`p-${product.id}`, 2990, 5, v8.sku, [{ name: 'Peso', value: '8 kg' }]],
    ]);
    expect(eight.body.goods_total_cents).toBe(4990 + 2 * 2990);
    // raising the 16 kg line beyond its stock: 409
    const raise = await invoke<CartDto & ApiError>(cart, 'PATCH /api/cart/items/{id}', {
      claims: shopper,
      pathParameters: { id: `p-${product.id}.${v16.id}` },
      body: { quantity: 2 },
    });
    expect(raise.status).toBe(409);
  });
});

describe('the last unit of one variant', () => {
  it('two shoppers race for the last 16 kg: one pays it, the other gets 409; the 8 kg is untouched; the order line names the variant; a cancellation gives the unit back to it', async () => {
    const { product, v16 } = await kettlebell();
    const shoppers = [claimsOf(randomUUID()), claimsOf(randomUUID())];
    for (const s of shoppers) expect((await add(s, { product_id: product.id, variant_id: v16.id })).status).toBe(200);

    const results = await Promise.all(
      shoppers.map(async (s) =>
        invoke<{ url: string } & ApiError>(checkout, 'POST /api/checkout/session', {
          claims: s,
          body: await shipTo(s.sub),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.title).toBe('Prodotto Esaurito');
    // the 16 kg is gone, the 8 kg keeps its 5; the product's sum follows
    expect(await stock(product.id)).toEqual({ product: 5, variants: [5, 0] });

    const winner = shoppers[results.findIndex((r) => r.status === 201)]!;
    const paid = await fetch(`${results.find((r) => r.status === 201)!.body.url}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const [order] = await listOrdersOfUser(winner.sub);
    expect(order!.total_cents).toBeGreaterThanOrEqual(4990);
    expect(order!.items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        name: product.name,
        price_cents: 4990,
        quantity: 1,
        variant_id: v16.id,
        sku: v16.sku,
        option_values: [{ name: 'Peso', value: '16 kg' }],
      }),
    ]);
    const mine = await invoke<{ items: OrderDto[] }>(account, 'GET /api/me/orders', { claims: winner });
    expect(mine.body.items.find((o) => o.id === order!.id)!.items[0]).toMatchObject({
      variant_id: v16.id,
      sku: v16.sku,
      option_values: [{ name: 'Peso', value: '16 kg' }],
    });

    const cancelled = await invoke<OrderDto & ApiError>(checkout, 'POST /api/me/orders/{id}/cancel', {
      claims: winner,
      pathParameters: { id: order!.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await stock(product.id)).toEqual({ product: 6, variants: [5, 1] });
  });
});
