/**
 * Reviews end to end over HTTP: a shopper posts (blank text silently ignored, length limit, hourly
 * limit answered 429 in Italian, 'Acquisto verificato' decided by the server), the review stays
 * private until a collaborator approves it; pin and reply show publicly, pinned first; moderation
 * lists newest first with a pending filter and the product name; delete.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipToCaller } from '../../test/support/checkout';
import type { AdminCommentDto, AdminProductDetailDto } from '../../shared/api/admin-catalog';
import type { PublicCommentDto } from '../../shared/api/catalog';
import type { PostReviewDto } from '../../shared/api/reviews';
import type { ListResponse, PageResponse } from '../../shared/api/route';
import { claimsOf } from '../../test/support/staff';
import { api, demo, signIn, signInDemoAccounts, signUpConfirmed } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { withProductSafety } from '../../test/support/product-safety';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import { listAuditOfTarget } from '../data/audit-repository';
import { findComment } from '../data/comment-repository';
import { handler } from './index';

useLocalEnv();
let admin: string;
let collaborator: string;
let customer: string;

const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin, collaborator, customer } = await signInDemoAccounts());
});
afterAll(() => cleanup.run(admin));

async function product(body: Record<string, unknown> = {}): Promise<AdminProductDetailDto> {
  const res = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
    token: admin,
    body: withProductSafety({ name: `Prodotto ${randomUUID().slice(0, 6)}`, price_cents: 1200, quantity: 10, ...body }),
  });
  expect(res.status).toBe(201);
  cleanup.products.push(res.body.id);
  return res.body;
}

async function freshShopper(): Promise<string> {
  const email = `recensore-${randomUUID().slice(0, 8)}@example.com`;
  await signUpConfirmed(email, 'Recensore2026!');
  return signIn(email, 'Recensore2026!');
}

const publicReviews = async (productId: string) =>
  (await api<ListResponse<PublicCommentDto>>('GET', `/api/products/${productId}/comments`)).body.items;

describe('posting a review', () => {
  it('stores it pending; blank text is silently ignored; too long is refused; the sixth in an hour gets 429', async () => {
    const p = await product();
    const shopper = await freshShopper();
    const blank = await api<PostReviewDto>('POST', `/api/products/${p.id}/comments`, {
      token: shopper,
      body: { content: '   \n ' },
    });
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual({ submitted: false });
    const long = await api<{ field: string; message: string }>('POST', `/api/products/${p.id}/comments`, {
      token: shopper,
      body: { content: 'a'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ field: 'content', message: 'Il commento può contenere al massimo 1000 caratteri.' });
    expect(
      (await api<{ field: string }>('POST', `/api/products/${p.id}/comments`, { token: shopper, body: {} })).body.field,
    ).toBe('content');
    expect(
      (await api('POST', `/api/products/${randomUUID()}/comments`, { token: shopper, body: { content: 'Bello' } }))
        .status,
    ).toBe(404);
    expect((await api('POST', `/api/products/${p.id}/comments`, { body: { content: 'Bello' } })).status).toBe(401);

    for (let i = 1; i <= 5; i++) {
      const ok = await api<PostReviewDto>('POST', `/api/products/${p.id}/comments`, {
        token: shopper,
        body: { content: `  Recensione ${i}  ` },
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({
        submitted: true,
        review: { product_id: p.id, content: `Recensione ${i}`, is_approved: false, verified_purchase: false },
      });
    }
    const limited = await api<{ message: string; title: string }>('POST', `/api/products/${p.id}/comments`, {
      token: shopper,
      body: { content: 'Ancora una' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      title: 'Troppi commenti',
      message: "Puoi inviare al massimo 5 commenti all'ora. Riprova più tardi.",
    });
    // blank text still answers without using the limit
    expect(
      (await api('POST', `/api/products/${p.id}/comments`, { token: shopper, body: { content: '' } })).status,
    ).toBe(200);
    expect(await publicReviews(p.id)).toEqual([]);
  });

  it('marks Acquisto verificato only for a shopper who bought the product; a member-only product refuses others', async () => {
    const p = await product();
    const buyer = await freshShopper();
    expect((await api('POST', '/api/cart/items', { token: buyer, body: { product_id: p.id } })).status).toBe(200);
    const session = await api<{ url: string }>('POST', '/api/checkout/session', {
      token: buyer,
      body: await shipToCaller(buyer),
    });
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    await expect
      .poll(async () => (await api<{ items: unknown[] }>('GET', '/api/me/orders', { token: buyer })).body.items.length)
      .toBe(1);
    const bought = await api<PostReviewDto>('POST', `/api/products/${p.id}/comments`, {
      token: buyer,
      body: { content: 'Arrivato in 2 giorni' },
    });
    expect(bought.body).toMatchObject({ submitted: true, review: { verified_purchase: true } });
    const other = await api<PostReviewDto>('POST', `/api/products/${p.id}/comments`, {
      token: customer,
      body: { content: 'Sembra bello' },
    });
    expect(other.body).toMatchObject({ submitted: true, review: { verified_purchase: false } });

    const exclusive = await product({ premium_tier: 'Legends' });
    expect(
      (
        await api('POST', `/api/products/${exclusive.id}/comments`, {
          token: customer,
          body: { content: 'Voglio vederlo' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('moderation', () => {
  it('a collaborator approves, pins and replies; the review then shows first with the reply; delete removes it', async () => {
    const p = await product();
    const shopper = await freshShopper();
    const older = await api<PostReviewDto & { review: { id: string } }>('POST', `/api/products/${p.id}/comments`, {
      token: shopper,
      body: { content: 'Prima recensione' },
    });
    const mine = await api<PostReviewDto & { review: { id: string } }>('POST', `/api/products/${p.id}/comments`, {
      token: shopper,
      body: { content: 'Seconda recensione' },
    });
    const [olderId, mineId] = [older.body.review.id, mine.body.review.id];

    const pending = await api<PageResponse<AdminCommentDto>>('GET', '/api/admin/comments?pending=true&limit=100', {
      token: collaborator,
    });
    const row = pending.body.items.find((c) => c.id === mineId)!;
    expect(row).toMatchObject({
      product_id: p.id,
      product_name: p.name,
      content: 'Seconda recensione',
      is_approved: false,
      verified_purchase: false,
    });
    expect(row.user_id).toMatch(/^[0-9a-f-]{36}$/);
    const order = pending.body.items.map((c) => c.created_at);
    expect(order).toEqual([...order].sort().reverse());
    expect(pending.body.items.every((c) => !c.is_approved)).toBe(true);

    const empty = await api<{ field: string }>('PATCH', `/api/admin/comments/${mineId}`, {
      token: collaborator,
      body: {},
    });
    expect(empty.status).toBe(400);
    for (const body of [{ is_approved: true }, { is_pinned: true }, { admin_reply: '  Grazie per la fiducia!  ' }]) {
      const res = await api<AdminCommentDto>('PATCH', `/api/admin/comments/${mineId}`, { token: collaborator, body });
      expect(res.status).toBe(200);
    }
    await api('PATCH', `/api/admin/comments/${olderId}`, { token: admin, body: { is_approved: true } });
    const reviews = await publicReviews(p.id);
    expect(reviews.map((r) => r.id)).toEqual([mineId, olderId]);
    expect(reviews[0]).toMatchObject({
      is_pinned: true,
      admin_reply: 'Grazie per la fiducia!',
      verified_purchase: false,
    });
    expect(JSON.stringify(reviews)).not.toContain(demo('cliente').sub);

    const all = await api<PageResponse<AdminCommentDto>>('GET', '/api/admin/comments?limit=100', { token: admin });
    expect(all.body.items.find((c) => c.id === mineId)).toMatchObject({
      is_approved: true,
      is_pinned: true,
      admin_reply: 'Grazie per la fiducia!',
    });
    expect(
      (
        await api<PageResponse<AdminCommentDto>>('GET', '/api/admin/comments?pending=true&limit=100', { token: admin })
      ).body.items.some((c) => c.id === mineId),
    ).toBe(false);
    const cleared = await api<AdminCommentDto>('PATCH', `/api/admin/comments/${mineId}`, {
      token: admin,
      body: { admin_reply: '' },
    });
    expect(cleared.body.admin_reply).toBeNull();
    expect((await listAuditOfTarget('comment', mineId)).map((a) => Object.keys(a.changes))).toEqual([
      ['is_approved'],
      ['is_pinned'],
      ['admin_reply'],
      ['admin_reply'],
    ]);

    expect((await api('DELETE', `/api/admin/comments/${olderId}`, { token: collaborator })).status).toBe(200);
    expect(await findComment(olderId)).toBeNull();
    expect((await publicReviews(p.id)).map((r) => r.id)).toEqual([mineId]);
    expect((await api('DELETE', `/api/admin/comments/${olderId}`, { token: collaborator })).status).toBe(404);
    expect(
      (await api('PATCH', `/api/admin/comments/${randomUUID()}`, { token: admin, body: { is_pinned: true } })).status,
    ).toBe(404);
    expect((await api('GET', '/api/admin/comments?pending=maybe', { token: admin })).status).toBe(400);
  });

  it('the moderation list costs the profile, 1 Query and 1 BatchGetItem for the product names', async () => {
    const counter = countDynamoRequests();
    const claims = claimsOf('collaboratore');
    const res = await invoke<PageResponse<AdminCommentDto>>(handler, 'GET /api/admin/comments', {
      claims,
      query: { limit: '10' },
    });
    expect(res.status).toBe(200);
    expect(counter.requests).toEqual([
      { command: 'GetItemCommand' },
      { command: 'QueryCommand', index: 'GSI1' },
      { command: 'BatchGetItemCommand' },
    ]);
  });
});
