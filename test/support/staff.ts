/**
 * Test support for back-office handlers invoked in-process (to count their DynamoDB requests): the
 * JWT claims API Gateway's authorizer would hand over for a demo account, and the purchase of one
 * product through the real checkout and the fake Stripe's hosted page (the path a shopper takes).
 */
import { expect } from 'vitest';
import { api, demo } from './auth';

/**
 * Authorizer claims of a demo account ('supporto' = admin, 'collaboratore', 'cliente', 'membro'),
 * with the MFA state its sign-in puts in the token (the admin passes SMS, the collaborator an
 * authenticator app; staff routes refuse tokens without it) and the sign-in's time (`auth_time`,
 * now: staff routes refuse sessions older than the account's last change of role or factor).
 */
export function claimsOf(prefix: string): Record<string, unknown> {
  const a = demo(prefix);
  const groups = prefix === 'supporto' ? ['admin'] : prefix === 'collaboratore' ? ['collaborator'] : [];
  const mfa = prefix === 'supporto' ? 'sms' : prefix === 'collaboratore' ? 'totp' : 'none';
  return {
    sub: a.sub,
    email: a.email,
    'cognito:groups': groups,
    aurum_mfa: mfa,
    auth_time: String(Math.floor(Date.now() / 1000)),
  };
}

/** An order as the customer's Ordini tab lists it. */
export interface OwnOrder {
  id: string;
  status: string;
  total_cents: number;
  tracking_number: string | null;
  tracking_url: string | null;
}

/**
 * Buys `productId` as the signed-in `token` through POST /api/checkout/session and 'Paga' on the
 * fake Stripe page (the webhook creates the order).
 * @returns the new order as the customer sees it
 */
export async function buyThroughCheckout(token: string, productId: string): Promise<OwnOrder> {
  const before = new Set(
    (await api<{ items: OwnOrder[] }>('GET', '/api/me/orders', { token })).body.items.map((o) => o.id),
  );
  await api('DELETE', '/api/cart', { token });
  expect((await api('POST', '/api/cart/items', { token, body: { product_id: productId } })).status).toBe(200);
  // a cart that ships names its shipping method and address: the seeded free pick-up
  // and the shopper's first saved address (one is added when there is none)
  const methods = (await api<{ items: { id: string; name: string }[] }>('GET', '/api/shipping-methods')).body.items;
  let address = (await api<{ items: { id: string }[] }>('GET', '/api/me/addresses', { token })).body.items[0];
  if (!address) {
    address = (
      await api<{ id: string }>('POST', '/api/me/addresses', {
        token,
        body: {
          full_name: 'Cliente di prova',
          line1: 'Via Sparano 1',
          postal_code: '70121',
          city: 'Bari',
          province: 'BA',
          country: 'IT',
        },
      })
    ).body;
  }
  const session = await api<{ url: string }>('POST', '/api/checkout/session', {
    token,
    // with the digital-content consent ticked, as a shopper buying it does (ignored for physical goods)
    body: {
      shipping_method_id: methods.find((m) => m.name === 'Ritiro in sede')!.id,
      address_id: address.id,
      digital_consent: true,
    },
  });
  expect(session.status).toBe(201);
  await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
  let created: OwnOrder | undefined;
  await expect
    .poll(async () => {
      created = (await api<{ items: OwnOrder[] }>('GET', '/api/me/orders', { token })).body.items.find(
        (o) => !before.has(o.id),
      );
      return Boolean(created);
    })
    .toBe(true);
  return created!;
}
