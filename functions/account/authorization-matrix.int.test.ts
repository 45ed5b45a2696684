/**
 * Authorization matrix: every route of the table x {visitor, customer, Premium member,
 * collaborator, admin, banned user} over real HTTP through the local API Gateway adapter with real
 * cognito-local tokens, compared with the hand-written expectations of
 * authorization-expectations.ts (the permission policy, not the route table). Every route needs a
 * sample request and an expectation row, so a new route cannot be added without them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../shared/api/routes';
import { api, demo, signIn, signUpConfirmed } from '../test-support/auth';
import { ACTORS, EXPECTED, type Actor } from './authorization-expectations';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** A harmless request per route: unknown ids (404) or invalid bodies (400) where it would write. */
const SAMPLES: Record<string, { path?: Record<string, string>; body?: unknown }> = {
  'GET /api/products': {},
  'GET /api/products/{id}': { path: { id: NO_ID } },
  'GET /api/products/{id}/comments': { path: { id: NO_ID } },
  'GET /api/premium-products': {},
  'GET /api/categories': {},
  'GET /api/categories/{id}': { path: { id: NO_ID } },
  'GET /api/bundles': {},
  'GET /api/subscription-plans': {},
  'GET /api/discount-tiers': {},
  'GET /api/me': {},
  'PUT /api/me/billing': { body: { billing_address: 'Via Sparano 1, Bari' } },
  'GET /api/me/addresses': {},
  'POST /api/me/addresses': { body: {} },
  'PUT /api/me/addresses/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/me/addresses/{id}': { path: { id: NO_ID } },
  'GET /api/me/orders': {},
  'GET /api/cart': {},
  'POST /api/cart/items': { body: {} },
  'PATCH /api/cart/items/{id}': { path: { id: `p-${NO_ID}` }, body: { quantity: 1 } },
  'DELETE /api/cart/items/{id}': { path: { id: `p-${NO_ID}` } },
  'DELETE /api/cart': {},
  'GET /api/wishlist': {},
  'PUT /api/wishlist/{productId}': { path: { productId: NO_ID } },
  'DELETE /api/wishlist/{productId}': { path: { productId: NO_ID } },
  'GET /api/payment-settings': {},
  'POST /api/checkout/session': {},
  'GET /api/checkout/session/{id}': { path: { id: 'cs_test_a1b2c3d4e5f6g7h8i9j0' } },
  'POST /api/checkout/cancel/{id}': { path: { id: NO_ID } },
  'POST /api/webhooks/stripe': { body: { type: 'checkout.session.completed' } },
  'GET /api/admin/orders': {},
  'PATCH /api/admin/orders/{id}': { path: { id: NO_ID }, body: { status: 'Spedito' } },
  'GET /api/admin/payment-settings': {},
  'PUT /api/admin/payment-settings': { body: {} },
  'GET /api/admin/users': {},
  'PUT /api/admin/users/{id}/role': { path: { id: NO_ID }, body: { role: 'user' } },
  'POST /api/admin/users/{id}/ban': { path: { id: NO_ID }, body: {} },
  'POST /api/admin/users/{id}/unban': { path: { id: NO_ID }, body: {} },
  'GET /api/admin/suppliers': {},
  'POST /api/admin/suppliers': { body: {} },
  'PUT /api/admin/suppliers/{id}': { path: { id: NO_ID }, body: { name: 'Nessuno' } },
  'DELETE /api/admin/suppliers/{id}': { path: { id: NO_ID } },
  'POST /api/admin/automations/import': { body: { url: '' } },
  'POST /api/admin/automations/stock-sync': { body: { supplier_id: NO_ID } },
  'GET /api/admin/automations/stock-sync/runs': {},
  'GET /api/admin/automations/stock-sync/runs/{id}': { path: { id: NO_ID } },
};

const tokens: Partial<Record<Actor, string | null>> = { visitor: null };

beforeAll(async () => {
  tokens.customer = await signIn(demo('cliente').email, demo('cliente').password);
  tokens.member = await signIn(demo('membro').email, demo('membro').password);
  tokens.collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  tokens.admin = await signIn(demo('supporto').email, demo('supporto').password);
  const email = `bannato-${Date.now()}@example.com`;
  await signUpConfirmed(email, 'Bannato2026!');
  tokens.banned = await signIn(email, 'Bannato2026!');
  const me = await api<{ id: string }>('GET', '/api/me', { token: tokens.banned });
  const ban = await api('POST', `/api/admin/users/${me.body.id}/ban`, { token: tokens.admin, body: {} });
  expect(ban.status).toBe(200);
});

describe('authorization matrix (route table x actors)', () => {
  it('has a sample request and an expectation row for every route of the table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it(`gives every route x actor the expected answer (${ROUTES.length} x ${ACTORS.length})`, async () => {
    const unexpected: string[] = [];
    for (const route of ROUTES) {
      const sample = SAMPLES[routeKey(route)] ?? {};
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => sample.path?.[name] ?? NO_ID);
      for (const actor of ACTORS) {
        const res = await api<{ message?: string }>(route.method, path, { token: tokens[actor] ?? null, body: sample.body });
        const want = EXPECTED[routeKey(route)]?.[actor];
        if (res.status !== want) unexpected.push(`${routeKey(route)} as ${actor}: got ${res.status} ${res.body?.message ?? ''}, want ${want}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
