/**
 * VAT through a real checkout (local stand-ins, the real Stripe SDK against the fake): each order
 * line keeps its product's VAT rate and the order stores its VAT breakdown (shared/vat.ts), which
 * the customer's GET /api/me/orders shows. Expected amounts are worked out by hand below.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf as claims,
  completedEvent,
  shipTo,
  signedWebhook,
  stripeClient as stripe,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import type { OrderDto } from '../../shared/api/orders';
import type { ListResponse } from '../../shared/api/route';
import { listShippingMethods } from '../data/shipping-repository';
import { listOrdersOfUser } from '../orders/order-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;
let account: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
  ({ handler: account } = await import('../account/index'));
});

describe('VAT on orders (DPR 633/1972 art. 16; prices VAT included, art. 15 Codice del Consumo)', () => {
  it('stores each line’s rate and the breakdown per rate; the customer’s order shows it', async () => {
    // 2 x 19,99 € at 22 % (physical, ships) and 1 x 10,00 € at 4 % (digital)
    const kettlebell = await testProduct(10, { price_cents: 1999, vat_rate: 22 });
    const ebook = await testProduct(0, {
      name: `Ebook di prova ${randomUUID().slice(0, 4)}`,
      price_cents: 1000,
      vat_rate: 4,
      is_digital: true,
    });
    const sub = randomUUID();
    for (const [product_id, quantity] of [
      [kettlebell.id, 2],
      [ebook.id, 1],
    ] as const)
      expect(
        (await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id, quantity } })).status,
      ).toBe(200);
    // Standard: 4,90 € below its 79,00 € threshold (goods 49,98 €)
    const standard = (await listShippingMethods()).find((m) => m.name === 'Standard')!;
    expect(standard).toMatchObject({ cost_cents: 490, free_shipping_threshold_cents: 7900 });
    const body = { ...(await shipTo(sub)), shipping_method_id: standard.id };
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect((await signedWebhook(webhooks, completedEvent(session))).status).toBe(200);

    const [order] = await listOrdersOfUser(sub);
    expect(order!.total_cents).toBe(3998 + 1000 + 490);
    // 22 %: goods 39,98 + shipping 4,90 (it follows the physical goods) = 44,88 €;
    //   taxable = round(4488 x 100 / 122) = round(3678.69) = 3679, VAT 809.
    // 4 %: 10,00 €; taxable = round(1000 x 100 / 104) = round(961.54) = 962, VAT 38.
    const expected = [
      { rate: 22, taxable_cents: 3679, vat_cents: 809, gross_cents: 4488 },
      { rate: 4, taxable_cents: 962, vat_cents: 38, gross_cents: 1000 },
    ];
    const mine = await invoke<ListResponse<OrderDto>>(account, 'GET /api/me/orders', { claims: claims(sub) });
    expect(mine.status).toBe(200);
    const shown = mine.body.items.find((o) => o.id === order!.id)!;
    expect(shown.vat_breakdown).toEqual(expected);
    expect(shown.items.map((i) => [i.name, i.vat_rate])).toEqual(
      expect.arrayContaining([
        [kettlebell.name, 22],
        [ebook.name, 4],
      ]),
    );
  });
});
