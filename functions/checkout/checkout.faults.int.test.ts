/**
 * Checkout when what it depends on fails (faults switched on in the local stand-ins,
 * test/support/faults.ts), through the production code: the real Stripe SDK against the Stripe
 * stand-in, the functions' DynamoDB and Secrets Manager clients. Whatever fails, the shopper gets
 * a clear Italian answer to try again, the stock is back, no order exists and nothing is payable.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { claimsOf, shipTo, testProduct } from '../../test/support/checkout';
import { clearFaults, fault } from '../../test/support/faults';
import type { ApiHandler } from '../lib/context-handler';
import type { CartDto } from '../../shared/api/cart';
import { API_MSG } from '../../shared/messages/api-messages';
import { getProduct } from '../data/catalog-repository';
import { listOpenReservationsOfUser } from '../data/reservation-repository';
import { getPaymentSettings, putPaymentSettings } from '../data/settings-repository';
import { readCart } from '../data/cart-repository';
import { listOrdersOfUser } from '../orders/order-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('./index'));
});
afterEach(() => clearFaults());

type Answer = { sessionId?: string; url?: string; message?: string; title?: string };

/** A shopper with one unit of a new product (of `stock` units) in the cart. */
async function shopperWithCart(stock = 2) {
  const product = await testProduct(stock);
  const sub = randomUUID();
  const added = await invoke<CartDto>(cart, 'POST /api/cart/items', {
    claims: claimsOf(sub),
    body: { product_id: product.id },
  });
  expect(added.status).toBe(200);
  return { product, sub, body: await shipTo(sub) };
}

const checkOut = (sub: string, body: unknown) =>
  invoke<Answer>(checkout, 'POST /api/checkout/session', { claims: claimsOf(sub), body });

/** Nothing is left of a failed checkout: the stock back, no open reservation, no order, the cart kept. */
async function expectNothingLeft(sub: string, productId: string, stock: number) {
  expect((await getProduct(productId))!.quantity).toBe(stock);
  expect(await listOpenReservationsOfUser(sub)).toEqual([]);
  expect(await listOrdersOfUser(sub)).toEqual([]);
  expect((await readCart(sub)).lines).toHaveLength(1);
}

describe('checkout while Stripe fails', () => {
  it("answers 503 'Il servizio di pagamento non risponde' and releases the stock when Stripe answers api_error", async () => {
    const { product, sub, body } = await shopperWithCart(2);
    fault({ service: 'stripe', operation: 'POST /v1/checkout/sessions', error: 'api_error', forMs: 60_000 });
    const failed = await checkOut(sub, body);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ message: API_MSG.paymentProviderError, title: API_MSG.checkoutErrorTitle });
    await expectNothingLeft(sub, product.id, 2);
    // Stripe back: the same shopper checks out at once (the checkout lock was released too)
    clearFaults();
    const again = await checkOut(sub, body);
    expect(again.status).toBe(201);
    expect((await getProduct(product.id))!.quantity).toBe(1);
  });

  it('answers 503 and releases the stock when Stripe never answers (the SDK times out)', async () => {
    const { product, sub, body } = await shopperWithCart(3);
    // the session IS created at Stripe, but neither of the SDK's two attempts gets its answer back
    fault({ service: 'stripe', operation: 'POST /v1/checkout/sessions', error: 'timeout', times: 2 });
    const started = Date.now();
    const failed = await checkOut(sub, body);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(API_MSG.paymentProviderError);
    // within the checkout function's own 10 s timeout (the Stripe client's timeout and retry, docs/architecture.md)
    expect(Date.now() - started).toBeLessThan(10_000);
    await expectNothingLeft(sub, product.id, 3);
  });
});

describe('checkout while AWS fails', () => {
  it('answers 503 riprova tra poco and reserves nothing when the payment secret cannot be read', async () => {
    const { product, sub, body } = await shopperWithCart(2);
    // a key saved just now makes the checkout read the secret again (lib/secrets.ts)
    const settings = await getPaymentSettings();
    await putPaymentSettings(settings.stripe_publishable_key!);
    fault({ service: 'secretsmanager', operation: 'GetSecretValue', error: 'InternalServiceError', forMs: 60_000 });
    const failed = await checkOut(sub, body);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ message: API_MSG.unavailable, title: API_MSG.unavailableTitle });
    await expectNothingLeft(sub, product.id, 2);
  });

  it('answers 503 riprova tra poco and takes no stock when DynamoDB keeps throttling the product', async () => {
    const { product, sub, body } = await shopperWithCart(2);
    fault({
      service: 'dynamodb',
      operation: 'TransactWriteItems',
      key: product.id,
      error: 'ThrottlingException',
      forMs: 60_000,
    });
    const failed = await checkOut(sub, body);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ message: API_MSG.unavailable, title: API_MSG.unavailableTitle });
    clearFaults();
    await expectNothingLeft(sub, product.id, 2);
  });
});
