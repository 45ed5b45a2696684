/**
 * Authorization matrix: every route of the table x {visitor, customer, Premium member,
 * collaborator, admin, banned user, collaborator and admin without MFA} over real HTTP through the local API Gateway adapter with real
 * cognito-local tokens, compared with the hand-written expectations of
 * authorization-expectations.ts (the permission policy, not the route table). Every route needs a
 * sample request and an expectation row, so a new route cannot be added without them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ROUTES, routeKey } from '../../shared/api/routes';
import { api, claimsOf, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';
import { getProfile, putProfile } from '../data/profile-repository';
import { ACTORS, EXPECTED, type Actor } from '../../test/support/authorization-expectations';
import { withProductSafety } from '../../test/support/product-safety';

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
  'GET /api/shipping-methods': {},
  'GET /api/me': {},
  'DELETE /api/me': { body: {} },
  'PUT /api/me/billing': { body: { billing_address: 'Via Sparano 1, Bari' } },
  'GET /api/me/addresses': {},
  'POST /api/me/addresses': { body: {} },
  'PUT /api/me/addresses/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/me/addresses/{id}': { path: { id: NO_ID } },
  'GET /api/me/orders': {},
  'GET /api/me/export': {},
  'GET /api/me/orders/{id}/receipt': { path: { id: NO_ID } },
  'POST /api/products/{id}/comments': { path: { id: NO_ID }, body: { content: 'Ottimo prodotto' } },
  'POST /api/contact': { body: {} },
  'POST /api/signup': { body: {} },
  'POST /api/signup/confirm': { body: {} },
  'POST /api/signup/resend': { body: {} },
  'POST /api/newsletter': { body: {} },
  'POST /api/newsletter/confirm': { body: {} },
  'POST /api/newsletter/unsubscribe': { body: {} },
  'GET /api/me/terms': {},
  'POST /api/me/terms': { body: {} },
  'GET /api/cart': {},
  'POST /api/cart/items': { body: {} },
  'PATCH /api/cart/items/{id}': { path: { id: `p-${NO_ID}` }, body: { quantity: 1 } },
  'DELETE /api/cart/items/{id}': { path: { id: `p-${NO_ID}` } },
  'DELETE /api/cart': {},
  'PUT /api/cart/discount-code': { body: {} },
  'DELETE /api/cart/discount-code': {},
  'GET /api/wishlist': {},
  'PUT /api/wishlist/{productId}': { path: { productId: NO_ID } },
  'DELETE /api/wishlist/{productId}': { path: { productId: NO_ID } },
  'GET /api/payment-settings': {},
  'POST /api/checkout/session': {},
  'GET /api/checkout/session/{id}': { path: { id: 'cs_test_a1b2c3d4e5f6g7h8i9j0' } },
  'POST /api/checkout/cancel/{id}': { path: { id: NO_ID } },
  'POST /api/checkout/subscription': { body: { plan_id: NO_ID, service_start_request: true } },
  'POST /api/me/orders/{id}/cancel': { path: { id: NO_ID } },
  'GET /api/me/subscription': {},
  'POST /api/me/subscription/cancel': {},
  'POST /api/me/subscription/withdrawal': { body: {} },
  'POST /api/webhooks/stripe': { body: { type: 'checkout.session.completed' } },
  'GET /api/admin/orders': {},
  'PATCH /api/admin/orders/{id}': { path: { id: NO_ID }, body: { status: 'Spedito' } },
  'POST /api/admin/orders/{id}/refunds': { path: { id: NO_ID }, body: { mode: 'full', reason: 'Reso del cliente' } },
  'POST /api/admin/orders/{id}/withdrawals/{wid}/received': { path: { id: NO_ID, wid: NO_ID } },
  'POST /api/admin/orders/{id}/withdrawals/{wid}/refund': { path: { id: NO_ID, wid: NO_ID } },
  'POST /api/me/orders/{id}/withdrawal': { path: { id: NO_ID }, body: { lines: [{ index: 0, quantity: 1 }] } },
  'GET /api/admin/sales-summary': {},
  'GET /api/admin/payment-settings': {},
  'PUT /api/admin/payment-settings': { body: {} },
  'PUT /api/admin/payment-methods': { body: {} },
  'POST /api/admin/payment-settings/verify': { body: { extra: true } },
  'GET /api/admin/users': {},
  'PUT /api/admin/users/{id}/role': { path: { id: NO_ID }, body: { role: 'user' } },
  'PUT /api/admin/users/{id}/phone': { path: { id: NO_ID }, body: { phone: '+39333123456' } },
  'POST /api/admin/users/{id}/ban': { path: { id: NO_ID }, body: {} },
  'POST /api/admin/users/{id}/unban': { path: { id: NO_ID }, body: {} },
  'GET /api/admin/newsletter/subscribers.csv': {},
  'GET /api/admin/subscription-plans': {},
  'GET /api/admin/club-withdrawals': {},
  'POST /api/admin/subscription-plans': { body: {} },
  'PUT /api/admin/subscription-plans/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/admin/subscription-plans/{id}': { path: { id: NO_ID } },
  'POST /api/admin/discount-tiers': { body: {} },
  'PUT /api/admin/discount-tiers/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/admin/discount-tiers/{id}': { path: { id: NO_ID } },
  'GET /api/admin/contact-messages': {},
  'POST /api/admin/contact-messages/{id}/answered': { path: { id: NO_ID } },
  'GET /api/admin/suppressions': {},
  'DELETE /api/admin/suppressions/{email}': { path: { email: 'nessun-blocco@example.com' } },
  'GET /api/admin/discount-codes': {},
  'POST /api/admin/discount-codes': { body: {} },
  'PUT /api/admin/discount-codes/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/admin/discount-codes/{id}': { path: { id: NO_ID } },
  'POST /api/admin/shipping-methods': { body: {} },
  'PUT /api/admin/shipping-methods/{id}': { path: { id: NO_ID }, body: {} },
  'DELETE /api/admin/shipping-methods/{id}': { path: { id: NO_ID } },
  'GET /api/admin/products': {},
  'POST /api/admin/products': { body: {} },
  'GET /api/admin/products/{id}': { path: { id: NO_ID } },
  'PUT /api/admin/products/{id}': {
    path: { id: NO_ID },
    body: withProductSafety({ name: 'Prodotto', price_cents: 100 }),
  },
  'DELETE /api/admin/products/{id}': { path: { id: NO_ID } },
  'POST /api/admin/products/{id}/image-uploads': {
    path: { id: NO_ID },
    body: { files: [{ name: 'foto.png', content_type: 'image/png', size: 1000 }] },
  },
  'PUT /api/admin/products/{id}/images': { path: { id: NO_ID }, body: { keys: [] } },
  'PATCH /api/admin/products/{id}/stock': { path: { id: NO_ID }, body: { quantity: 5 } },
  'GET /api/admin/inventory-alerts': {},
  'GET /api/admin/categories': {},
  'POST /api/admin/categories': { body: {} },
  'PUT /api/admin/categories/{id}': { path: { id: NO_ID }, body: { name: 'Categoria' } },
  'DELETE /api/admin/categories/{id}': { path: { id: NO_ID } },
  'GET /api/admin/bundles': {},
  'POST /api/admin/bundles': { body: {} },
  'PUT /api/admin/bundles/{id}': {
    path: { id: NO_ID },
    body: { name: 'Bundle', price_cents: 100, category: 'Bundle Misto' },
  },
  'DELETE /api/admin/bundles/{id}': { path: { id: NO_ID } },
  'POST /api/admin/bundles/{id}/image-upload': {
    path: { id: NO_ID },
    body: { name: 'foto.png', content_type: 'image/png', size: 1000 },
  },
  'GET /api/admin/digital-assets': {},
  'POST /api/admin/digital-assets/uploads': { body: {} },
  'POST /api/admin/digital-assets': { body: {} },
  'DELETE /api/admin/digital-assets/{id}': { path: { id: NO_ID } },
  'GET /api/admin/comments': {},
  'PATCH /api/admin/comments/{id}': { path: { id: NO_ID }, body: { is_pinned: true } },
  'DELETE /api/admin/comments/{id}': { path: { id: NO_ID } },
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

  // Staff without a second factor: a collaborator promoted through the back office, and an admin
  // made in the console (group and profile), neither with an authenticator app or SMS.
  const collaborator = `collab-nomfa-${Date.now()}@example.com`;
  await signUpConfirmed(collaborator, 'Collab2026!');
  const collaboratorId = (
    await api<{ id: string }>('GET', '/api/me', { token: await signIn(collaborator, 'Collab2026!') })
  ).body.id;
  expect(
    (
      await api('PUT', `/api/admin/users/${collaboratorId}/role`, {
        token: tokens.admin,
        body: { role: 'collaborator' },
      })
    ).status,
  ).toBe(200);
  tokens.collaboratorNoMfa = await signIn(collaborator, 'Collab2026!');
  const admin = `admin-nomfa-${Date.now()}@example.com`;
  await signUpConfirmed(admin, 'Admin2026!');
  const adminId = (await api<{ id: string }>('GET', '/api/me', { token: await signIn(admin, 'Admin2026!') })).body.id;
  useLocalEnv();
  const cognito = new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: inject('localPool').userPoolId, Username: admin, GroupName: 'admin' }),
  );
  await putProfile({ ...(await getProfile(adminId))!, role: 'admin' });
  tokens.adminNoMfa = await signIn(admin, 'Admin2026!');

  // The tokens say who passed a second factor (pre-token-generation trigger).
  expect(claimsOf(tokens.collaborator!).aurum_mfa).toBe('totp');
  expect(claimsOf(tokens.admin!).aurum_mfa).toBe('sms');
  expect(claimsOf(tokens.collaboratorNoMfa).aurum_mfa).toBe('none');
  expect(claimsOf(tokens.adminNoMfa).aurum_mfa).toBe('none');
  expect(claimsOf(tokens.adminNoMfa)['cognito:groups']).toEqual(['admin']);
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
        const res = await api<{ message?: string }>(route.method, path, {
          token: tokens[actor] ?? null,
          body: sample.body,
        });
        const want = EXPECTED[routeKey(route)]?.[actor];
        if (res.status !== want)
          unexpected.push(`${routeKey(route)} as ${actor}: got ${res.status} ${res.body?.message ?? ''}, want ${want}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
