/**
 * The shopper reads that must cost the same whatever the catalogue's size, against a category of
 * CATEGORY_SIZE products (a third of them tier-restricted) that is also the home of
 * PREMIUM_COUNT premium-tier products: the category page, the /premium showcase and the product
 * page's related products each read a bounded number of items (every Query carries a Limit) in at
 * most 2 DynamoDB requests, and their pages together hold exactly what the caller may see.
 *
 * The products are written straight to the table (BatchWriteItem, as a bulk import would) with
 * created_at in a far year and names of their own, so they sort after the seeded catalogue and
 * match none of its searches; they are deleted in afterAll.
 */
import { MAX_VARIANTS } from '../../shared/variants';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import type { CategoryDetailDto, PremiumProductDto, ProductDetailDto } from '../../shared/api/catalog';
import type { PageResponse } from '../../shared/api/route';
import { PREMIUM_TIERS, tierLevel, type PremiumTier } from '../../shared/tiers';
import type { ApiHandler } from '../lib/context-handler';
import type { CategoryRecord, ProductRecord } from '../data/catalog-items';
import { keys } from '../data/keys';
import { RELATED_READ_ITEMS } from './products';

useLocalEnv();

/** Products in the category: more than one 200-item Query examines. */
const CATEGORY_SIZE = 330;
/** Tier of the i-th product: two thirds open to everyone, the rest spread over the premium tiers. */
const tierOf = (i: number): PremiumTier => (i % 3 === 2 ? PREMIUM_TIERS[1 + (((i / 3) | 0) % 4)]! : 'none');
const PREMIUM_COUNT = Array.from({ length: CATEGORY_SIZE }, (_, i) => tierOf(i)).filter((t) => t !== 'none').length;

let handler: ApiHandler;
let counter: RequestCounter;
const category: CategoryRecord = { id: randomUUID(), name: 'Zeta Scala', description: 'Categoria di prova' };
const products: ProductRecord[] = Array.from({ length: CATEGORY_SIZE }, (_, i) => ({
  id: randomUUID(),
  name: `Qzscala ${String(i).padStart(3, '0')}`,
  description: 'Prodotto di prova della scala',
  price_cents: 1000 + i,
  image_url: null,
  category_id: category.id,
  category_name: category.name,
  badge: null,
  rating: 0,
  reviews: 0,
  is_digital: true,
  digital_asset_id: null,
  quantity: 0,
  premium_tier: tierOf(i),
  supplier_product_url: null,
  // Far in the future: after every seeded product of the listing.
  created_at: `2990-01-01T00:${String((i / 60) | 0).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
  images: [],
}));

const member = () => {
  const account = inject('localAccounts').find((a) => a.email.startsWith('membro'))!;
  return { sub: account.sub, email: account.email };
};

/** Asserts at most 2 DynamoDB requests, each Query bounded by a Limit of at most `maxLimit` items. */
function expectBounded(maxLimit = 200) {
  const sent = counter.requestsWithLimits;
  expect(sent.length, JSON.stringify(sent)).toBeLessThanOrEqual(2);
  for (const r of sent.filter((s) => s.command === 'QueryCommand')) {
    expect(r.limit, `an unbounded Query: ${JSON.stringify(r)}`).toBeDefined();
    expect(r.limit!).toBeLessThanOrEqual(maxLimit);
  }
  expect(sent.map((s) => s.command)).not.toContain('ScanCommand');
}

beforeAll(async () => {
  ({ handler } = await import('./index'));
  const { batchWrite } = await import('../data/batch');
  const { categoryItem, productItem } = await import('../data/items');
  await batchWrite([{ put: categoryItem(category) }, ...products.map((p) => ({ put: productItem(p) }))]);
  counter = countDynamoRequests();
}, 60_000);
beforeEach(() => counter.reset());
afterAll(async () => {
  const { batchWrite } = await import('../data/batch');
  await batchWrite([{ delete: keys.category(category.id) }, ...products.map((p) => ({ delete: keys.product(p.id) }))]);
}, 60_000);

describe('the category page, paged', () => {
  it('answers a visitor one page at a time (at most 2 requests, bounded Queries) and the pages hold every product it may see, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      counter.reset();
      const res: { status: number; body: CategoryDetailDto } = await invoke<CategoryDetailDto>(
        handler,
        'GET /api/categories/{id}',
        { pathParameters: { id: category.id }, query: { limit: '24', ...(cursor ? { cursor } : {}) } },
      );
      expect(res.status).toBe(200);
      expectBounded();
      expect(res.body.name).toBe(category.name);
      expect(res.body.items.length).toBeLessThanOrEqual(24);
      seen.push(...res.body.items.map((p) => p.id));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    const open = products.filter((p) => p.premium_tier === 'none').map((p) => p.id);
    expect(seen).toEqual(open);
    expect(pages).toBe(Math.ceil(open.length / 24));
  });

  it('shows a member the tiers their level opens, within the same budget', async () => {
    counter.reset();
    const res = await invoke<CategoryDetailDto>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: category.id },
      query: { limit: '100' },
      claims: member(),
    });
    expect(res.status).toBe(200);
    expectBounded();
    // The demo member's level is Premium: the tiers up to it, not above.
    const expected = products.filter((p) => tierLevel(p.premium_tier) <= tierLevel('Premium'));
    expect(res.body.items.map((p) => p.id)).toEqual(expected.slice(0, 100).map((p) => p.id));
    expect(res.body.items.some((p) => p.premium_tier === 'Premium')).toBe(true);
    expect(res.body.items.some((p) => p.premium_tier === 'Legends')).toBe(false);
  });

  it('refuses a forged cursor and a page size above 100 with 400 naming the field', async () => {
    const forged = await invoke<{ field: string }>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: category.id },
      query: { cursor: Buffer.from('{"PK":"USER#x","SK":"PROFILE"}').toString('base64url') },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('cursor');
    const big = await invoke<{ field: string }>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: category.id },
      query: { limit: '101' },
    });
    expect(big.status).toBe(400);
    expect(big.body.field).toBe('limit');
  });
});

describe('the /premium showcase, paged', () => {
  it('reads one page of premium products by name (1 Query on GSI5, Limit the page size) and the pages hold them all', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      counter.reset();
      const res: { status: number; body: PageResponse<PremiumProductDto> } = await invoke<
        PageResponse<PremiumProductDto>
      >(handler, 'GET /api/premium-products', { query: { limit: '24', ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      expect(counter.requestsWithLimits).toEqual([{ command: 'QueryCommand', index: 'GSI5', limit: 24 }]);
      expect(res.body.items.length).toBeLessThanOrEqual(24);
      expect(res.body.items.every((p) => p.premium_tier !== 'none' && !p.accessible)).toBe(true);
      names.push(...res.body.items.map((p) => p.name));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    const ours = names.filter((n) => n.startsWith('Qzscala'));
    expect(ours).toEqual(products.filter((p) => p.premium_tier !== 'none').map((p) => p.name));
    expect(ours).toHaveLength(PREMIUM_COUNT);
    const lower = names.map((n) => n.toLocaleLowerCase('it'));
    expect(lower).toEqual([...lower].sort());
  });

  it('tells a member which products their level opens (the profile read beside: 2 requests)', async () => {
    counter.reset();
    const res = await invoke<PageResponse<PremiumProductDto>>(handler, 'GET /api/premium-products', {
      query: { limit: '100' },
      claims: member(),
    });
    expect(res.status).toBe(200);
    expectBounded(100);
    const ours = res.body.items.filter((p) => p.name.startsWith('Qzscala'));
    expect(ours.length).toBeGreaterThan(0);
    for (const p of ours) expect(p.accessible).toBe(tierLevel(p.premium_tier) <= tierLevel('Premium'));
  });
});

describe('the product page in a large category', () => {
  it('reads its related products with one Query of at most RELATED_READ_ITEMS items (2 requests in all)', async () => {
    const target = products.at(-3)!;
    expect(target.premium_tier).toBe('none');
    counter.reset();
    const res = await invoke<ProductDetailDto>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: target.id },
    });
    expect(res.status).toBe(200);
    // a visitor's product page: the product and its variants (one Query of its own partition, at
    // most the product and MAX_VARIANTS variants), then the related products
    expectBounded(MAX_VARIANTS + 1);
    expect(counter.requestsWithLimits.filter((r) => r.command === 'QueryCommand')).toEqual([
      { command: 'QueryCommand', limit: MAX_VARIANTS + 1 },
      { command: 'QueryCommand', index: 'GSI2', limit: RELATED_READ_ITEMS },
    ]);
    expect(res.body.related.length).toBeGreaterThan(0);
    expect(res.body.related.length).toBeLessThanOrEqual(3);
    expect(res.body.related.every((r) => r.category_id === category.id && r.premium_tier === 'none')).toBe(true);
  });
});
