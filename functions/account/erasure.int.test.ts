/**
 * 'Elimina account' (DELETE /api/me, GDPR art. 17) against the local stand-ins: a real Cognito
 * user with addresses, billing data, a cart, a wishlist, a review, a newsletter entry and a paid
 * order deletes the account with its password. Afterwards: the sign-in refuses the user, a token
 * issued before gets 401, the partition holds only the erased profile and the order (kept, art.
 * 2220 c.c.), the review stays without its author, the newsletter entry is gone, and the audit
 * entry names the account by id without its email.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn, signUpConfirmed } from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf,
  completedEvent,
  shipTo,
  signedWebhook,
  stripeClient as stripe,
  testProduct,
} from '../../test/support/checkout';
import { kettlebell } from '../../test/support/variants';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, GetCommand, PutCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys, partition } from '../data/keys';
import { findOrder } from '../orders/order-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { listReviewsOfUser, listUserItems } from '../data/erasure-repository';
import { findComment } from '../data/comment-repository';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

describe('DELETE /api/me', () => {
  it('exports the data, then erases the account after the password, keeps the order for the admin, and the user can no longer sign in [AP110] [AP111] [AP112] [AP113] [AP114]', async () => {
    const email = `elimina-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Elimina2026!x';
    await signUpConfirmed(email, password);
    const token = await signIn(email, password);
    const me = await api<{ id: string }>('GET', '/api/me', { token });
    const sub = me.body.id;

    // what the customer holds: billing data, an address and a paid order (cart, checkout, payment),
    // then a cart line, a wishlist item, a review and a newsletter entry
    expect((await api('PUT', '/api/me/billing', { token, body: { tax_id: 'RSSMRA85T10A562S' } })).status).toBe(200);
    const product = await testProduct(10, { price_cents: 2500 });
    const claims = { ...claimsOf(sub), email };
    await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: product.id, quantity: 1 } });
    // and a product with options: its 16 kg variant
    const { product: kb, v16 } = await kettlebell();
    expect(
      (
        await invoke(cart, 'POST /api/cart/items', {
          claims,
          body: { product_id: kb.id, variant_id: v16.id, quantity: 1 },
        })
      ).status,
    ).toBe(200);
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims,
      body: await shipTo(sub),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect((await signedWebhook(webhooks, completedEvent(session))).status).toBe(200);
    const orderItem = (await listUserItems(sub)).find((i) => i.SK.startsWith('ORDER#'))!;
    const orderId = String(orderItem.id);
    await api('POST', '/api/cart/items', { token, body: { product_id: product.id, quantity: 1 } });
    expect((await api('PUT', `/api/wishlist/${product.id}`, { token })).status).toBe(200);
    const review = await api<{ submitted: boolean }>('POST', `/api/products/${product.id}/comments`, {
      token,
      body: { content: 'Ottimo prodotto, lo consiglio.' },
    });
    expect(review.status).toBe(201);
    // the newsletter entry, by the key the sign-up's newsletter consent writes
    await ddb.send(
      new PutCommand({
        TableName: env.tableName,
        Item: { PK: partition.newsletter(email), SK: 'SUBSCRIBER', email, status: 'confirmed' },
      }),
    );
    const [reviewBefore] = await listReviewsOfUser(sub);
    expect(reviewBefore).toBeDefined();

    // 'Scarica i miei dati' (GDPR arts. 15, 20): one JSON file with all of it
    const res = await fetch(`${inject('localUrl')}/api/me/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aurum-fitness-dati-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = (await res.json()) as Record<string, unknown> & {
      profile: { email: string };
      billing: { tax_id: string };
      addresses: { city: string }[];
      orders: { id: string; total_cents: number; items: Record<string, unknown>[] }[];
      reviews: { content: string }[];
      wishlist: unknown[];
      cart: unknown[];
      newsletter: { email: string }[];
      club: unknown;
      contact_messages: unknown[];
    };
    expect(exported.profile.email).toBe(email);
    expect(exported.billing.tax_id).toBe('RSSMRA85T10A562S');
    expect(exported.addresses.map((a) => a.city)).toEqual(['Milano']);
    // the variant bought, with its SKU and option values, on its line; the other line without them
    expect(exported.orders).toMatchObject([
      {
        id: orderId,
        total_cents: 2500 + 4990,
        items: [
          { name: product.name },
          { name: kb.name, variant_id: v16.id, sku: v16.sku, option_values: [{ name: 'Peso', value: '16 kg' }] },
        ],
      },
    ]);
    expect(exported.orders[0]!.items[0]).not.toHaveProperty('sku');
    expect(exported.reviews).toMatchObject([{ content: 'Ottimo prodotto, lo consiglio.' }]);
    expect(exported.wishlist).toHaveLength(1);
    expect(exported.cart).toHaveLength(1);
    expect(exported.newsletter).toMatchObject([{ email }]);
    expect(exported.club).toBeNull();
    expect(exported.contact_messages).toEqual([]);

    // a wrong password or no confirmation: refused, nothing erased
    const wrong = await api<{ field: string; message: string }>('DELETE', '/api/me', {
      token,
      body: { password: 'Sbagliata2026!', confirm: true },
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'password', message: 'La password non è corretta.' } });
    const unconfirmed = await api<{ field: string }>('DELETE', '/api/me', { token, body: { password } });
    expect(unconfirmed).toMatchObject({ status: 400, body: { field: 'confirm' } });
    expect((await api('GET', '/api/me', { token })).status).toBe(200);

    const done = await api('DELETE', '/api/me', { token, body: { password, confirm: true } });
    expect(done).toEqual({ status: 200, body: { deleted: true, orders_kept: 1 } });

    // the login is gone; a token issued before reaches nothing and recreates no profile
    await expect(signIn(email, password)).rejects.toThrow();
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/me/addresses', { token })).status).toBe(401);

    // what is left in the partition: the erased profile (no email, no billing data) and the order
    const left = await listUserItems(sub);
    expect(left.map((i) => i.SK).sort()).toEqual(['PROFILE', orderItem.SK].sort());
    const profile = left.find((i) => i.SK === 'PROFILE')!;
    expect(Object.keys(profile).sort()).toEqual(['PK', 'SK', 'entity', 'id', 'erased_at', 'expires_at_epoch'].sort());
    // the order keeps its snapshot and the admin still finds it by id
    const kept = await findOrder(orderId);
    expect(kept?.order).toMatchObject({ id: orderId, total_cents: 2500 + 4990, user_email: null });
    expect(kept?.order).toHaveProperty('customer_erased_at');
    // the review stays, its author erased; the newsletter entry is gone
    expect((await findComment(reviewBefore!.id))?.comment).toMatchObject({
      content: 'Ottimo prodotto, lo consiglio.',
      user_id: 'erased',
    });
    const newsletter = await ddb.send(
      new GetCommand({ TableName: env.tableName, Key: { PK: partition.newsletter(email), SK: 'SUBSCRIBER' } }),
    );
    expect(newsletter.Item).toBeUndefined();
    expect(
      (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.address(sub, 'x') }))).Item,
    ).toBeUndefined();

    // the audit entry: by id and counts, without the email or the erased data
    const audit = await listAuditOfTarget('user', sub);
    const entry = audit.find((a) => a.action === 'account.erase');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(email);
    expect(JSON.stringify(entry)).not.toContain('RSSMRA85T10A562S');
  });
});
