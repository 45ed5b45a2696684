/**
 * No orphan profile after a Cognito user is deleted directly: a real user with an address and a
 * paid order deletes itself through Cognito's DeleteUser (its access token, the shop is not told);
 * the daily job, run as its own function (its grants checked), erases the profile and the address
 * and keeps the order unlinked, as 'Elimina account' does. A user still in Cognito is left alone.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, deleteOwnCognitoUser, signInTokens, signUpConfirmed } from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { runAsFunction } from '../../test/support/local-runtime';
import {
  claimsOf,
  completedEvent,
  shipTo,
  signedWebhook,
  stripeClient as stripe,
  testProduct,
} from '../../test/support/checkout';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import { findOrder } from '../orders/order-repository';
import { listAuditOfTarget } from '../data/audit-repository';
import { listUserItems } from '../data/erasure-repository';
import { getProfile } from '../data/profile-repository';
import { eraseOrphanProfiles, ORPHAN_GRACE_MS } from './erase-orphan-profiles';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
});

/** A confirmed user with its profile, signed up before the job's grace period (so the job looks at it). */
async function customer(prefix: string) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Orfano2026!x';
  await signUpConfirmed(email, password);
  const tokens = await signInTokens(email, password);
  const me = await api<{ id: string }>('GET', '/api/me', { token: tokens.idToken });
  // the sign-up happened before the grace period (the job never touches a sign-up under way)
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.profile(me.body.id),
      UpdateExpression: 'SET created_at = :t',
      ExpressionAttributeValues: { ':t': new Date(Date.now() - 2 * ORPHAN_GRACE_MS).toISOString() },
    }),
  );
  return { email, sub: me.body.id, ...tokens };
}

describe('erase-orphan-profiles job', () => {
  it('erases the profile and addresses of a user deleted through Cognito, keeps its order unlinked [AP12] [AP110] [AP112]', async () => {
    const gone = await customer('orfano');
    const stays = await customer('rimasto');
    const address = {
      full_name: 'Giulia Bianchi',
      line1: 'Via Sparano da Bari 12',
      postal_code: '70121',
      city: 'Bari',
      province: 'BA',
      country: 'IT',
      phone: '+39 080 1234567',
    };
    expect((await api('POST', '/api/me/addresses', { token: gone.idToken, body: address })).status).toBe(201);
    const product = await testProduct(10, { price_cents: 2500 });
    const claims = { ...claimsOf(gone.sub), email: gone.email };
    await invoke(cart, 'POST /api/cart/items', { claims, body: { product_id: product.id, quantity: 1 } });
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims,
      body: await shipTo(gone.sub),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect((await signedWebhook(webhooks, completedEvent(session))).status).toBe(200);
    const orderId = String((await listUserItems(gone.sub)).find((i) => i.SK.startsWith('ORDER#'))!.id);

    // the user deletes itself in Cognito: the shop hears nothing
    await deleteOwnCognitoUser(gone.accessToken);
    expect((await getProfile(gone.sub))?.email).toBe(gone.email);

    const result = await runAsFunction('erase-orphan-profiles', () => eraseOrphanProfiles());
    expect(result.erased).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);

    const left = await listUserItems(gone.sub);
    expect(left.filter((i) => i.SK.startsWith('ADDRESS'))).toEqual([]);
    // the profile is the erased one (no email, no data); the order keeps its own snapshot
    expect(left.find((i) => i.SK === 'PROFILE')).toMatchObject({ entity: 'erased_profile' });
    expect(JSON.stringify(left.find((i) => i.SK === 'PROFILE'))).not.toContain(gone.email);
    expect(left.map((i) => i.SK.split('#')[0]).sort()).toEqual(['ORDER', 'PROFILE']);
    const kept = (await findOrder(orderId))?.order;
    expect(kept).toMatchObject({ id: orderId });
    expect(kept).toHaveProperty('customer_erased_at');
    const [audit] = await listAuditOfTarget('user', gone.sub);
    expect(audit).toMatchObject({ action: 'account.erase', actor_id: 'job:erase-orphan-profiles', actor_email: '' });
    expect(JSON.stringify(audit)).not.toContain(gone.email);

    // the user still in Cognito keeps everything
    expect((await getProfile(stays.sub))?.email).toBe(stays.email);
    expect((await api('GET', '/api/me', { token: stays.idToken })).status).toBe(200);
  });
});
