/**
 * The back office's catalogue access patterns (AP40-AP48 of access-patterns.md) against DynamoDB
 * Local: each returns what was written, in the documented order, with exactly the documented
 * requests. Items use fresh ids and names/timestamps that sort first in their collections; they
 * are deleted in afterAll.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { cartLineId } from '../../shared/cart';
import { batchDelete } from './batch';
import { keys, type TableKey } from './keys';
import { productItemKeys } from './items';
import type { CommentRecord, ProductRecord } from './catalog-items';
import * as catalog from './catalog-repository';
import * as carts from './cart-repository';
import * as wishlist from './wishlist-repository';
import * as reservations from './reservation-repository';
import * as assets from './digital-asset-repository';
import * as admin from './product-admin-repository';
import * as comments from './comment-repository';
import { listHolders } from './holders-repository';
import { getCategory } from './catalog-admin-repository';

useLocalEnv();
let counter: RequestCounter;
const written: TableKey[] = [];

const q = (index?: string): RecordedRequest => ({ command: 'QueryCommand', ...(index ? { index } : {}) });
const GET: RecordedRequest = { command: 'GetItemCommand' };
const TRANSACT: RecordedRequest = { command: 'TransactWriteItemsCommand' };

function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

const tag = () => randomUUID().slice(0, 8);

async function product(over: Partial<ProductRecord> = {}): Promise<ProductRecord> {
  const p: ProductRecord = {
    id: randomUUID(),
    name: `!ap ${tag()}`,
    description: 'x',
    price_cents: 1000,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 50,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: '1991-01-01T00:00:00.000Z',
    images: [],
    ...over,
  };
  await catalog.putProduct(p);
  written.push(...productItemKeys(p));
  return p;
}

async function comment(over: Partial<CommentRecord>): Promise<CommentRecord> {
  const c: CommentRecord = {
    id: randomUUID(),
    product_id: randomUUID(),
    user_id: randomUUID(),
    content: 'Ottimo',
    is_approved: false,
    is_pinned: false,
    admin_reply: null,
    created_at: '2999-01-01T00:00:00.000Z',
    ...over,
  };
  await catalog.putComment(c);
  written.push(keys.productComment(c.product_id, c.created_at, c.id));
  return c;
}

beforeAll(() => {
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());
afterAll(async () => {
  await batchDelete(written);
});

describe('products in the back office', () => {
  it('[AP40] products by name, one page per Query with a cursor; filtered pages (name, category, tier) keep name order', async () => {
    const run = tag();
    const b = await product({ name: `!!${run} Bilanciere` });
    const a = await product({
      name: `!!${run} Avàmbraccio`,
      premium_tier: 'Premium',
      category_id: randomUUID(),
      category_name: 'Test',
    });
    const c = await product({ name: `!!${run} Corda` });
    counter.reset();
    const first = await admin.listProductsPage({}, { limit: 2 });
    expectRequests(q('GSI3'));
    expect(first.items.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(first.items[0]).not.toHaveProperty('search_name');
    expect(first.next_cursor).not.toBeNull();
    const second = await admin.listProductsPage({}, { limit: 1, cursor: first.next_cursor! });
    expectRequests(q('GSI3'));
    expect(second.items.map((p) => p.id)).toEqual([c.id]);

    // name search: case- and accent-insensitive substring
    const found = await admin.listProductsPage({ q: `${run} AVAMB` }, { limit: 10 });
    expect(found.items.map((p) => p.id)).toEqual([a.id]);
    expect(counter.requests.every((r) => r.command === 'QueryCommand' && r.index === 'GSI3')).toBe(true);
    counter.reset();
    const byTier = await admin.listProductsPage({ q: run, tier: 'Premium' }, { limit: 10 });
    expect(byTier.items.map((p) => p.id)).toEqual([a.id]);
    const publicOnes = await admin.listProductsPage({ q: run, tier: 'none' }, { limit: 10 });
    expect(publicOnes.items.map((p) => p.id)).toEqual([b.id, c.id]);
    const byCategory = await admin.listProductsPage({ q: run, categoryId: a.category_id! }, { limit: 10 });
    expect(byCategory.items.map((p) => p.id)).toEqual([a.id]);
    // a filtered page stops at `limit` matches and resumes right after the last one
    const page1 = await admin.listProductsPage({ q: run }, { limit: 2 });
    const page2 = await admin.listProductsPage({ q: run }, { limit: 2, cursor: page1.next_cursor! });
    expect([...page1.items, ...page2.items].map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(page2.next_cursor).toBeNull();
  });

  it('[AP99] products whose name starts with a prefix, case-insensitive, by name, in 1 Query on GSI3', async () => {
    const run = tag();
    const b = await product({ name: `!!${run} Bilanciere Olimpico` });
    const a = await product({ name: `!!${run} Bilanciere Corto`, premium_tier: 'Legends' });
    await product({ name: `!!${run} Corda` });
    counter.reset();
    const found = await admin.listProductsByNamePrefix(`!!${run} BILANCIERE`);
    expectRequests(q('GSI3'));
    expect(found.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(found[0]).not.toHaveProperty('GSI3SK');
    expect(await admin.listProductsByNamePrefix(`!!${run} Manubri`)).toEqual([]);
  });

  it('[AP41] inventory alerts: variants of physical products with quantity <= 5, lowest first, 1 Query on GSI4 and their products in 1 BatchGetItem; every quantity write moves a variant in or out', async () => {
    const soldOut = await product({ quantity: -1 });
    const low = await product({ quantity: 4 });
    const plenty = await product({ quantity: 7 });
    const digital = await product({ quantity: 0, is_digital: true });
    counter.reset();
    const alerts = await admin.listStockAlerts();
    expectRequests(q('GSI4'), { command: 'BatchGetItemCommand' });
    const ours = alerts.filter((a) => [soldOut.id, low.id, plenty.id, digital.id].includes(a.product.id));
    expect(ours.map((a) => [a.product.id, a.variant.id, a.variant.quantity])).toEqual([
      [soldOut.id, soldOut.id, -1],
      [low.id, low.id, 4],
    ]);
    const quantities = alerts.map((a) => a.variant.quantity);
    expect(quantities).toEqual([...quantities].sort((x, y) => x - y));
    expect(alerts.every((a) => !a.product.is_digital && a.variant.quantity <= 5)).toBe(true);

    // checkout's reserve (quantity - n) brings `plenty` to 5: it joins the alerts without any index code there
    const checkoutId = randomUUID();
    await reservations.reserve({
      id: checkoutId,
      user_id: randomUUID(),
      user_email: 'x@example.com',
      created_at: new Date().toISOString(),
      expires_at: '2999-01-01T00:00:00.000Z',
      stock: [{ product_id: plenty.id, name: plenty.name, quantity: 2 }],
      lines: [],
      cart_line_ids: [],
      total_cents: 0,
    });
    written.push(keys.reservation(checkoutId));
    expect((await admin.listStockAlerts()).some((a) => a.product.id === plenty.id)).toBe(true);
    // ... release gives the stock back and it leaves them; a restock takes the sold-out one out
    expect(await reservations.release(checkoutId)).toBe('released');
    const restocked = await admin.setVariantQuantity(soldOut.id, soldOut.id, () => 40, new Date().toISOString());
    // the product's own quantity is the sum of its variants' (one here)
    expect([restocked?.variant.quantity, restocked?.product.quantity]).toEqual([40, 40]);
    const after = (await admin.listStockAlerts()).map((a) => a.product.id);
    expect(after).not.toContain(plenty.id);
    expect(after).not.toContain(soldOut.id);
    expect(after).toContain(low.id);
  });

  it('[AP42] carts and wishlists holding an item, across users: 1 Query on GSI2', async () => {
    const p = await product();
    const [u1, u2] = [randomUUID(), randomUUID()];
    await carts.addToCart(u1, 'product', p.id, 1, 99);
    await carts.addToCart(u2, 'product', p.id, 2, 99);
    await wishlist.addToWishlist(u2, p.id);
    written.push(
      keys.cartLine(u1, cartLineId('product', p.id)),
      keys.cartLine(u2, cartLineId('product', p.id)),
      keys.wishlistItem(u2, p.id),
    );
    counter.reset();
    const holders = await listHolders(cartLineId('product', p.id));
    expectRequests(q('GSI2'));
    expect(holders.map((h) => `${h.kind}:${h.user_id}`).sort()).toEqual(
      [`cart:${u1}`, `cart:${u2}`, `wishlist:${u2}`].sort(),
    );
    expect(await listHolders(cartLineId('bundle', p.id))).toEqual([]);
  });
});

describe('comments', () => {
  it('[AP43] a comment by id with its table key: 1 Query on GSI3', async () => {
    const c = await comment({});
    counter.reset();
    const found = await comments.findComment(c.id);
    expectRequests(q('GSI3'));
    expect(found?.comment).toEqual(c);
    expect(found?.key).toEqual(keys.productComment(c.product_id, c.created_at, c.id));
    expect(await comments.findComment(randomUUID())).toBeNull();
  });

  it('[AP44] comments newest first, one page per Query; the pending filter keeps the unapproved ones', async () => {
    const older = await comment({ created_at: '2999-02-01T00:00:00.000Z' });
    const approved = await comment({ created_at: '2999-02-02T00:00:00.000Z', is_approved: true });
    const newest = await comment({ created_at: '2999-02-03T00:00:00.000Z' });
    counter.reset();
    const page = await comments.listCommentsPage(false, { limit: 3 });
    expectRequests(q('GSI1'));
    expect(page.items.map((c) => c.id)).toEqual([newest.id, approved.id, older.id]);
    const pending = await comments.listCommentsPage(true, { limit: 2 });
    expect(pending.items.map((c) => c.id)).toEqual([newest.id, older.id]);
    expect(counter.requests.every((r) => r.command === 'QueryCommand' && r.index === 'GSI1')).toBe(true);
  });

  it('[AP45] a review and its hourly counter in one transaction; the sixth in the window is refused', async () => {
    const user = randomUUID();
    const window = `2999-03-01T${String(Math.floor(Math.random() * 24)).padStart(2, '0')}`;
    written.push(keys.commentRateLimit(user, window));
    for (let i = 0; i < 5; i++) {
      const c: CommentRecord = {
        id: randomUUID(),
        product_id: randomUUID(),
        user_id: user,
        content: `r${i}`,
        is_approved: false,
        is_pinned: false,
        admin_reply: null,
        created_at: new Date().toISOString(),
      };
      written.push(keys.productComment(c.product_id, c.created_at, c.id));
      counter.reset();
      await comments.postReview(c, window, 5, 4102444800);
      expectRequests(TRANSACT);
      expect((await comments.findComment(c.id))?.comment.content).toBe(`r${i}`);
    }
    const sixth: CommentRecord = {
      id: randomUUID(),
      product_id: randomUUID(),
      user_id: user,
      content: 'troppo',
      is_approved: false,
      is_pinned: false,
      admin_reply: null,
      created_at: new Date().toISOString(),
    };
    await expect(comments.postReview(sixth, window, 5, 4102444800)).rejects.toBeInstanceOf(comments.RateLimitExceeded);
    expect(await comments.findComment(sixth.id)).toBeNull();
    // another window starts from zero
    const next: CommentRecord = { ...sixth, id: randomUUID() };
    written.push(
      keys.commentRateLimit(user, `${window}x`),
      keys.productComment(next.product_id, next.created_at, next.id),
    );
    await comments.postReview(next, `${window}x`, 5, 4102444800);
  });
});

describe('digital assets and categories', () => {
  it('[AP46] the digital library newest first: 1 Query on GSI1', async () => {
    const older = {
      id: randomUUID(),
      name: 'Vecchio',
      file_path: `digital_assets/1-${tag()}.pdf`,
      file_type: 'application/pdf',
      created_at: '2999-04-01T00:00:00.000Z',
    };
    const newer = {
      ...older,
      id: randomUUID(),
      name: 'Nuovo',
      file_path: `digital_assets/2-${tag()}.pdf`,
      created_at: '2999-04-02T00:00:00.000Z',
    };
    expect(await assets.createAsset(older)).toBe('created');
    expect(await assets.createAsset(newer)).toBe('created');
    written.push(keys.digitalAsset(older.id), keys.digitalAsset(newer.id));
    written.push(keys.assetFileClaim(older.file_path), keys.assetFileClaim(newer.file_path));
    counter.reset();
    const list = await assets.listAssets();
    expectRequests(q('GSI1'));
    expect(list.slice(0, 2).map((a) => a.id)).toEqual([newer.id, older.id]);
  });

  it('[AP47] one asset by id with the products linking it: 1 GetItem', async () => {
    const a = {
      id: randomUUID(),
      name: 'Planner',
      file_path: 'digital_assets/2-b.pdf',
      file_type: 'application/pdf',
      created_at: new Date().toISOString(),
      linked_product_ids: new Set(['p1', 'p2']),
    };
    await assets.putAsset(a);
    written.push(keys.digitalAsset(a.id));
    counter.reset();
    const found = await assets.getAsset(a.id);
    expectRequests(GET);
    expect(found?.linked_product_ids).toEqual(new Set(['p1', 'p2']));
    expect(await assets.getAsset(randomUUID())).toBeNull();
  });

  it('[AP96] one file, one asset: the record and its file claim in 1 TransactWriteItems; a second record on the file is refused', async () => {
    const file_path = `digital_assets/3-${tag()}.pdf`;
    const first = {
      id: randomUUID(),
      name: 'Primo',
      file_path,
      file_type: 'application/pdf',
      created_at: '1990-01-01',
    };
    const second = { ...first, id: randomUUID(), name: 'Secondo' };
    written.push(keys.digitalAsset(first.id), keys.digitalAsset(second.id), keys.assetFileClaim(file_path));
    counter.reset();
    expect(await assets.createAsset(first)).toBe('created');
    expectRequests(TRANSACT);
    expect(await assets.createAsset(second)).toBe('file_taken');
    expectRequests(TRANSACT);
    expect(await assets.getAsset(second.id)).toBeNull();
    // deleting the asset frees its file's claim (and only its own)
    await assets.deleteAssetItem(second.id, file_path);
    expect((await assets.getAsset(first.id))?.name).toBe('Primo');
    await assets.deleteAssetItem(first.id, file_path);
    expect(await assets.getAsset(first.id)).toBeNull();
    expect(await assets.createAsset(second)).toBe('created');
  });

  it('[AP48] one category by id: 1 GetItem', async () => {
    const c = { id: randomUUID(), name: 'Kettlebell', description: 'x' };
    await catalog.putCategory(c);
    written.push(keys.category(c.id));
    counter.reset();
    expect(await getCategory(c.id)).toEqual(c);
    expectRequests(GET);
  });
});
