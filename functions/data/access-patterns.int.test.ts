/**
 * Every access pattern of access-patterns.md against DynamoDB Local, one test per id (tagged
 * `[APn]` in its name): the repository function returns what was written, in the documented
 * order, with exactly the documented requests (command and index, counted by an SDK middleware).
 *
 * Each test writes its own items with fresh ids; collection-wide patterns use timestamps far in
 * the past or future so the items are first in the collection whatever else the shared table
 * holds. Everything written here is deleted in afterAll, so other test files see the table as
 * before. Reservations expire in the far future, so the runtime's expiry sweep never touches them.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, ddb } from '../lib/dynamo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { env } from '../lib/env';
import { cartLineId } from '../../shared/cart';
import { keys, type TableKey } from './keys';
import { defaultVariant, productItemKeys } from './items';
import type {
  BundleRecord,
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
  ProductRecord,
  VariantRecord,
} from './catalog-items';
import * as catalog from './catalog-repository';
import * as profiles from './profile-repository';
import * as addresses from './address-repository';
import * as carts from './cart-repository';
import * as wishlist from './wishlist-repository';
import * as orders from '../orders/order-repository';
import * as reservations from './reservation-repository';
import * as settings from './settings-repository';
import * as assets from './digital-asset-repository';
import * as audit from './audit-repository';
import * as gate from './checkout-gate-repository';
import type { OrderRecord } from '../orders/order-record';

useLocalEnv();
let counter: RequestCounter;
const written: TableKey[] = [];

const GSI1_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI1' };
const GSI2_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI2' };
const TABLE_QUERY: RecordedRequest = { command: 'QueryCommand' };
const GET: RecordedRequest = { command: 'GetItemCommand' };
const BATCH_GET: RecordedRequest = { command: 'BatchGetItemCommand' };

/** Asserts the exact requests sent since the last reset, then resets. */
function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

/** ISO time on a day of a far year: `day('1990', 2)` = '1990-01-02T00:00:00.000Z'. */
const day = (year: string, d: number, hour = 0) =>
  `${year}-01-${String(d).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const mine = <T extends { id: string }>(items: T[], fixtures: { id: string }[]) =>
  items.filter((i) => fixtures.some((f) => f.id === i.id));
const sub = () => randomUUID();

// ---- fixtures (written through the repositories, keys remembered for cleanup) ----------------

async function product(over: Partial<ProductRecord> = {}): Promise<ProductRecord> {
  const p: ProductRecord = {
    id: randomUUID(),
    name: 'Manubrio AP',
    description: 'Prodotto di prova',
    price_cents: 2490,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 4.5,
    reviews: 2,
    is_digital: false,
    digital_asset_id: null,
    quantity: 7,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: day('1990', 1),
    images: [],
    ...over,
  };
  await catalog.putProduct(p);
  written.push(...productItemKeys(p));
  return p;
}

async function category(name: string): Promise<CategoryRecord> {
  const c: CategoryRecord = { id: randomUUID(), name, description: 'Categoria di prova' };
  await catalog.putCategory(c);
  written.push(keys.category(c.id));
  return c;
}

async function bundle(created_at: string, product_ids: string[]): Promise<BundleRecord> {
  const b: Omit<BundleRecord, 'access_tier'> = {
    id: randomUUID(),
    name: 'Bundle AP',
    description: 'x',
    price_cents: 4990,
    image_url: null,
    category: 'Bundle Misto',
    is_premium: false,
    product_ids,
    created_at,
  };
  const stored = await catalog.putBundle(b);
  expect(stored).toEqual({ ...b, access_tier: 'none' });
  written.push(keys.bundle(b.id));
  return stored;
}

async function plan(duration_months: number, price_cents: number): Promise<PlanRecord> {
  const p: PlanRecord = {
    id: randomUUID(),
    name: `Piano ${duration_months}`,
    description: 'x',
    price_cents,
    duration_months,
    subscription_tier: 'Premium',
    discount_tier_id: null,
    discount_percentage: 10,
  };
  await catalog.putPlan(p);
  written.push(keys.plan(p.id));
  return p;
}

async function discountTier(name: string): Promise<DiscountTierRecord> {
  const t: DiscountTierRecord = { id: randomUUID(), name, discount_percentage: 5 };
  await catalog.putDiscountTier(t);
  written.push(keys.discountTier(t.id));
  return t;
}

async function comment(
  product_id: string,
  created_at: string,
  flags: { is_approved?: boolean; is_pinned?: boolean } = {},
): Promise<CommentRecord> {
  const c: CommentRecord = {
    id: randomUUID(),
    product_id,
    user_id: randomUUID(),
    content: 'Ottimo',
    is_approved: false,
    is_pinned: false,
    admin_reply: null,
    created_at,
    ...flags,
  };
  await catalog.putComment(c);
  written.push(keys.productComment(c.product_id, c.created_at, c.id));
  return c;
}

async function profile(id: string, created_at: string): Promise<profiles.ProfileRecord> {
  const p: profiles.ProfileRecord = {
    id,
    email: `${id.slice(0, 8)}@example.com`,
    role: 'user',
    created_at,
    banned_until: null,
    billing_address: null,
    vat_number: null,
    tax_id: null,
    subscription: null,
  };
  await profiles.putProfile(p);
  written.push(keys.profile(id));
  return p;
}

async function address(user_id: string, created_at: string): Promise<addresses.AddressRecord> {
  const a: addresses.AddressRecord = {
    id: randomUUID(),
    user_id,
    created_at,
    updated_at: created_at,
    full_name: 'Mario Rossi',
    line1: 'Via Roma 1',
    line2: null,
    postal_code: '20121',
    city: 'Milano',
    province: 'MI',
    country: 'IT',
    phone: null,
    is_default: false,
  };
  await addresses.createAddress(a);
  written.push(keys.address(user_id, a.id));
  return a;
}

/** An open reservation through the real reserve path (no physical stock: digital lines). */
async function openCheckout(
  user_id: string,
  created_at: string,
  expires_at: string,
): Promise<reservations.ReservationRecord> {
  const r = {
    id: randomUUID(),
    user_id,
    user_email: 'ap@example.com',
    created_at,
    expires_at,
    stock: [],
    cart_line_ids: [],
    total_cents: 1990,
    lines: [
      {
        product_id: randomUUID(),
        bundle_id: null,
        name: 'Piano digitale',
        image_url: null,
        quantity: 1,
        price_cents: 1990,
        is_digital: true,
        digital_asset_id: null,
      },
    ],
  };
  await reservations.reserve(r);
  written.push(keys.reservation(r.id));
  return { ...r, status: 'reserved', session_id: null };
}

/** A paid order through the real fulfil path (reservation -> order + session marker). */
async function paidOrder(
  user_id: string,
  created_at: string,
): Promise<{ order: OrderRecord; sessionId: string; checkoutId: string }> {
  const r = await openCheckout(user_id, created_at, day('2998', 1));
  const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
  const order: OrderRecord = {
    id: randomUUID(),
    user_id,
    user_email: r.user_email,
    created_at,
    status: 'In elaborazione',
    total_cents: r.total_cents,
    tracking_number: null,
    tracking_url: null,
    checkout_session_id: sessionId,
    items: r.lines,
  };
  expect(await reservations.fulfil(r, order, sessionId, () => 'rimborso', orders.orderCreationItems)).toBe('created');
  written.push(keys.order(user_id, created_at, order.id), keys.sessionFulfilment(sessionId));
  return { order, sessionId, checkoutId: r.id };
}

beforeAll(() => {
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());
afterAll(async () => {
  const unique = [...new Map(written.map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  for (let i = 0; i < unique.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: { [env.tableName]: unique.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
  }
});

describe('catalogue', () => {
  it('[AP1] all products, created_at ascending, keys stripped: 1 Query on GSI1', async () => {
    const later = await product({ created_at: day('1970', 2), name: 'Secondo AP' });
    const earlier = await product({ created_at: day('1970', 1), name: 'Primo AP' });
    counter.reset();
    const list = await catalog.listProducts();
    expectRequests(GSI1_QUERY);
    expect(list.slice(0, 2)).toEqual([earlier, later]);
    const times = list.map((p) => p.created_at);
    expect(times).toEqual([...times].sort());
    expect(list.length).toBeGreaterThan(20); // the seeded catalogue is there too
    for (const attr of ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'entity']) expect(list[0]).not.toHaveProperty(attr);
  });

  it('[AP1][AP4] one page of the products a filter keeps: the cursor resumes after the last product examined, nothing skipped or repeated', async () => {
    const c = await category(`Paginata AP ${randomUUID().slice(0, 6)}`);
    const tiers = ['none', 'Expert', 'none', 'none', 'Legends', 'Expert', 'none', 'none'] as const;
    const made: ProductRecord[] = [];
    for (const [i, premium_tier] of tiers.entries())
      made.push(
        await product({
          created_at: day('1971', i + 1),
          category_id: c.id,
          category_name: c.name,
          premium_tier,
          name: `Pagina ${i}`,
        }),
      );
    const publicOnes = made.filter((p) => p.premium_tier === 'none');
    const keep = (p: ProductRecord) => p.premium_tier === 'none';
    // Small reads (2 products per Query, 2 Queries per page) so pages cross Query boundaries.
    const read = { itemsPerQuery: 2, maxQueries: 2 };
    const seen: ProductRecord[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      counter.reset();
      const page: Awaited<ReturnType<typeof catalog.listProductsOfCategoryPage>> =
        await catalog.listProductsOfCategoryPage(c.id, { limit: 2, cursor }, keep, read);
      expect(counter.requests.length).toBeLessThanOrEqual(2);
      expect(counter.requests.every((r) => r.command === 'QueryCommand' && r.index === 'GSI2')).toBe(true);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(ids(seen)).toEqual(ids(publicOnes));
    // The whole collection (AP1) pages the same way; its first product here is the oldest.
    counter.reset();
    const first = await catalog.listProductsPage({ limit: 1 }, () => true);
    expectRequests(GSI1_QUERY);
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    await expect(
      catalog.listProductsPage({ cursor: first.next_cursor!.slice(0, -2) }, () => true),
    ).rejects.toMatchObject({ statusCode: 400, field: 'cursor' });
  });

  it('[AP2] product by id with its gallery: 1 GetItem; unknown id gives null', async () => {
    const images = [
      {
        id: randomUUID(),
        key: 'products/x/1.svg',
        image_url: '/media/products/x/1.svg',
        is_primary: true,
        created_at: day('1990', 1),
      },
      {
        id: randomUUID(),
        key: 'products/x/2.svg',
        image_url: '/media/products/x/2.svg',
        is_primary: false,
        created_at: day('1990', 2),
      },
    ];
    const p = await product({ images, image_url: images[0]!.image_url });
    counter.reset();
    expect(await catalog.getProduct(p.id)).toEqual(p);
    expectRequests(GET);
    expect(await catalog.getProduct(randomUUID())).toBeNull();
    expectRequests(GET);
  });

  it("[AP2+] product and the caller's profile in 1 BatchGetItem", async () => {
    const p = await product();
    const u = await profile(sub(), day('1990', 1));
    counter.reset();
    expect(await catalog.getProductAndProfile(p.id, u.id)).toEqual({ product: p, profile: u });
    expectRequests(BATCH_GET);
    expect(await catalog.getProductAndProfile(p.id, null)).toEqual({ product: p, profile: null });
    expectRequests(BATCH_GET);
    expect(await catalog.getProductAndProfile(randomUUID(), u.id)).toEqual({ product: null, profile: u });
    expectRequests(BATCH_GET);
  });

  it('[AP142] a category and one page of its visible products: the head rides in the first Query on GSI2 (Limit twice the page, at least 50); a later page adds 1 GetItem; unknown category gives null', async () => {
    const c = await category('Categoria AP142');
    const other = await category('Altra AP142');
    const second = await product({ category_id: c.id, category_name: c.name, created_at: day('1990', 2) });
    const first = await product({ category_id: c.id, category_name: c.name, created_at: day('1990', 1) });
    const hidden = await product({
      category_id: c.id,
      category_name: c.name,
      created_at: day('1990', 3),
      premium_tier: 'Legends',
    });
    const third = await product({ category_id: c.id, category_name: c.name, created_at: day('1990', 4) });
    await product({ category_id: other.id, category_name: other.name });
    await product({ category_id: null });
    const visible = (p: ProductRecord) => p.premium_tier === 'none';
    counter.reset();
    const one = await catalog.getCategoryPage(c.id, { limit: 2 }, visible);
    expect(one).toEqual({ category: c, products: { items: [first, second], next_cursor: expect.any(String) } });
    // the first Query examines twice the page, at least 50 items (firstQueryItems)
    expect(counter.requestsWithLimits).toEqual([{ ...GSI2_QUERY, limit: 50 }]);
    counter.reset();
    const two = await catalog.getCategoryPage(c.id, { limit: 2, cursor: one!.products.next_cursor }, visible);
    expect(two).toEqual({ category: c, products: { items: [third], next_cursor: null } });
    expect(two!.products.items).not.toContainEqual(hidden);
    expect(counter.requestsWithLimits).toEqual(expect.arrayContaining([GET, { ...GSI2_QUERY, limit: 50 }]));
    expect(counter.requests).toHaveLength(2);
    counter.reset();
    expect(await catalog.getCategoryPage(randomUUID(), {}, visible)).toBeNull();
    expectRequests(GSI2_QUERY);
  });

  it('[AP143] one category by id: 1 GetItem; unknown gives null', async () => {
    const c = await category('Categoria AP143');
    counter.reset();
    expect(await catalog.getCategory(c.id)).toEqual(c);
    expectRequests(GET);
    expect(await catalog.getCategory(randomUUID())).toBeNull();
    expectRequests(GET);
  });

  it('[AP141] the premium showcase: products of a premium tier only, by name, 1 Query on GSI5 with Limit the page size; a tier set to none leaves it', async () => {
    // Names sorting before any seeded one ('!' precedes digits and letters).
    const tiers = ['Advanced', 'Premium', 'Expert', 'Legends'] as const;
    const premium: ProductRecord[] = [];
    for (let i = 0; i < 8; i++)
      premium.push(await product({ name: `!AP141 ${String.fromCharCode(72 - i)}`, premium_tier: tiers[i % 4]! }));
    const open = await product({ name: '!AP141 0 aperto', premium_tier: 'none' });
    const byName = [...premium].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
    counter.reset();
    const first = await catalog.listPremiumProductsPage({ limit: 5 });
    expect(counter.requestsWithLimits).toEqual([{ command: 'QueryCommand', index: 'GSI5', limit: 5 }]);
    expect(first.items).toEqual(byName.slice(0, 5));
    expect(first.items).not.toContainEqual(open);
    counter.reset();
    const second = await catalog.listPremiumProductsPage({ limit: 3, cursor: first.next_cursor });
    expect(counter.requestsWithLimits).toEqual([{ command: 'QueryCommand', index: 'GSI5', limit: 3 }]);
    expect(second.items).toEqual(byName.slice(5, 8));
    await catalog.putProduct({ ...byName[0]!, premium_tier: 'none' });
    expect((await catalog.listPremiumProductsPage({ limit: 5 })).items).toEqual(byName.slice(1, 6));
  });

  it('[AP4] products of a category without the category item: 1 Query on GSI2; a product moved out leaves it', async () => {
    const c = await category('Categoria AP4');
    const second = await product({ category_id: c.id, category_name: c.name, created_at: day('1990', 2) });
    const first = await product({ category_id: c.id, category_name: c.name, created_at: day('1990', 1) });
    counter.reset();
    expect(await catalog.listProductsOfCategory(c.id)).toEqual([first, second]);
    expectRequests(GSI2_QUERY);
    await catalog.putProduct({ ...second, category_id: null, category_name: null });
    counter.reset();
    expect(await catalog.listProductsOfCategory(c.id)).toEqual([first]);
    expectRequests(GSI2_QUERY);
    expect(await catalog.listProductsOfCategory(randomUUID())).toEqual([]);
  });

  it('[AP5] categories by name, case-insensitive: 1 Query on GSI1', async () => {
    const upper = await category('Aab categoria AP5');
    const lower = await category('aaa categoria AP5');
    counter.reset();
    const list = await catalog.listCategories();
    expectRequests(GSI1_QUERY);
    expect(mine(list, [upper, lower])).toEqual([lower, upper]); // byte order would put 'Aab' first
    const names = list.map((c) => c.name.toLocaleLowerCase('it'));
    expect(names).toEqual([...names].sort());
    expect(list.length).toBeGreaterThanOrEqual(8); // 6+ seeded + 2
  });

  it('[AP6] bundles, created_at ascending, with their product ids: 1 Query on GSI1', async () => {
    const later = await bundle(day('1970', 2), [randomUUID()]);
    const earlier = await bundle(day('1970', 1), [randomUUID(), randomUUID()]);
    counter.reset();
    const list = await catalog.listBundles();
    expectRequests(GSI1_QUERY);
    expect(list.slice(0, 2)).toEqual([earlier, later]);
    const times = list.map((b) => b.created_at);
    expect(times).toEqual([...times].sort());
  });

  it('[AP7] subscription plans by duration (numeric), then price: 1 Query on GSI1', async () => {
    const yearDear = await plan(12, 1000);
    const yearCheap = await plan(12, 999);
    const quarter = await plan(3, 99_999);
    counter.reset();
    const list = await catalog.listPlans();
    expectRequests(GSI1_QUERY);
    expect(mine(list, [yearDear, yearCheap, quarter])).toEqual([quarter, yearCheap, yearDear]);
    const order = list.map((p) => [p.duration_months, p.price_cents] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });

  it('[AP8] discount tiers by name, case-insensitive: 1 Query on GSI1', async () => {
    const upper = await discountTier('Aab livello AP8');
    const lower = await discountTier('aaa livello AP8');
    counter.reset();
    const list = await catalog.listDiscountTiers();
    expectRequests(GSI1_QUERY);
    expect(mine(list, [upper, lower])).toEqual([lower, upper]);
    const names = list.map((t) => t.name.toLocaleLowerCase('it'));
    expect(names).toEqual([...names].sort());
  });

  it('[AP9] a product and its comments, oldest first: 1 Query on the table; unknown product gives null', async () => {
    const p = await product();
    const newer = await comment(p.id, day('1990', 2));
    const older = await comment(p.id, day('1990', 1));
    await comment((await product()).id, day('1990', 1));
    counter.reset();
    expect(await catalog.getProductWithComments(p.id)).toEqual({ product: p, comments: [older, newer] });
    expectRequests(TABLE_QUERY);
    expect(await catalog.getProductWithComments(randomUUID())).toBeNull();
    expectRequests(TABLE_QUERY);
  });

  it('[AP148] a product and its variants in shop order, without its comments: 1 Query on the table; unknown product gives null', async () => {
    const base = {
      id: randomUUID(),
      name: 'Kettlebell AP148',
      price_cents: 2990,
      quantity: 0,
      created_at: day('1990', 1),
    };
    const variant = (i: number, weight: string, position: number, price: number, quantity: number): VariantRecord => ({
      ...defaultVariant({ ...base, quantity }),
      id: i === 0 ? base.id : randomUUID(),
      sku: `AP148-${weight}-${base.id.slice(0, 6)}`,
      option_values: [weight],
      position,
      price_cents: price,
    });
    const variants = [variant(0, '8', 2, 2990, 3), variant(1, '12', 0, 3990, 0), variant(2, '16', 1, 4990, 2)];
    const p: ProductRecord = {
      ...base,
      description: 'Prodotto di prova',
      image_url: null,
      category_id: null,
      category_name: null,
      badge: null,
      rating: 0,
      reviews: 0,
      is_digital: false,
      digital_asset_id: null,
      premium_tier: 'none',
      supplier_product_url: null,
      images: [],
      options: [{ name: 'Peso', values: ['12', '16', '8'] }],
      quantity: 5,
      variant_count: 3,
      price_max_cents: 4990,
    };
    await catalog.putProduct(p, variants);
    written.push(...productItemKeys(p, variants));
    await comment(p.id, day('1990', 2));
    counter.reset();
    const found = await catalog.getProductWithVariants(p.id);
    expectRequests(TABLE_QUERY);
    expect(found).toEqual({ product: p, variants: [variants[1], variants[2], variants[0]] });
    expect(await catalog.listVariants(p.id)).toEqual([variants[1], variants[2], variants[0]]);
    expectRequests(TABLE_QUERY);
    expect(await catalog.getProductWithVariants(randomUUID())).toBeNull();
    expectRequests(TABLE_QUERY);
  });

  it("[AP31] a product's approved comments, pinned first then newest, one page: 1 Query on GSI2", async () => {
    const p = await product();
    const oldPinned = await comment(p.id, day('1990', 1), { is_approved: true, is_pinned: true });
    const old = await comment(p.id, day('1990', 2), { is_approved: true });
    const newPinned = await comment(p.id, day('1990', 3), { is_approved: true, is_pinned: true });
    await comment(p.id, day('1990', 4)); // pending moderation: not public
    const newest = await comment(p.id, day('1990', 5), { is_approved: true });
    await comment((await product()).id, day('1990', 6), { is_approved: true });
    counter.reset();
    const first = await catalog.listApprovedCommentsPage(p.id, { limit: 3 });
    expectRequests(GSI2_QUERY);
    expect(first.items).toEqual([newPinned, oldPinned, newest]);
    const rest = await catalog.listApprovedCommentsPage(p.id, { limit: 3, cursor: first.next_cursor });
    expect(rest).toEqual({ items: [old], next_cursor: null });
    await expect(
      catalog.listApprovedCommentsPage((await product()).id, { cursor: first.next_cursor }),
    ).rejects.toMatchObject({ statusCode: 400, field: 'cursor' });
  });

  it('[AP10] all comments of every product, newest first: 1 Query on GSI1', async () => {
    const older = await comment((await product()).id, day('2999', 1));
    const newer = await comment((await product()).id, day('2999', 2));
    counter.reset();
    const list = await catalog.listAllComments();
    expectRequests(GSI1_QUERY);
    expect(list.slice(0, 2)).toEqual([newer, older]);
    const times = list.map((c) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.length).toBeGreaterThan(2); // the seeded comments too
  });

  it('[AP24] products and bundles by id: 1 BatchGetItem per 100 distinct ids, missing ids skipped', async () => {
    const a = await product();
    const b = await product();
    const bun = await bundle(day('1990', 1), [a.id, b.id]);
    counter.reset();
    const found = await catalog.getProductsByIds([a.id, b.id, a.id, randomUUID()]);
    expectRequests(BATCH_GET);
    expect(found.sort((x, y) => x.id.localeCompare(y.id))).toEqual([a, b].sort((x, y) => x.id.localeCompare(y.id)));
    expect(await catalog.getBundlesByIds([bun.id, randomUUID()])).toEqual([bun]);
    expectRequests(BATCH_GET);
    const many = [a.id, ...Array.from({ length: 100 }, () => randomUUID())];
    expect(await catalog.getProductsByIds(many)).toEqual([a]);
    expectRequests(BATCH_GET, BATCH_GET);
  });

  it('[AP25] bundle by id: 1 GetItem; unknown id gives null', async () => {
    const bun = await bundle(day('1990', 1), [randomUUID()]);
    counter.reset();
    expect(await catalog.getBundle(bun.id)).toEqual(bun);
    expectRequests(GET);
    expect(await catalog.getBundle(randomUUID())).toBeNull();
    expectRequests(GET);
  });
});

describe('users', () => {
  it('[AP11] a profile by sub: 1 GetItem; unknown sub gives null', async () => {
    const u = await profile(sub(), day('1990', 1));
    counter.reset();
    expect(await profiles.getProfile(u.id)).toEqual(u);
    expectRequests(GET);
    expect(await profiles.getProfile(sub())).toBeNull();
    expectRequests(GET);
  });

  it('[AP12] all users newest first, paged with a cursor: 1 Query on GSI1 per page', async () => {
    const earlier = await profile(sub(), day('2999', 1));
    const later = await profile(sub(), day('2999', 2));
    counter.reset();
    const first = await profiles.listProfilesPage({ limit: 1 });
    expectRequests(GSI1_QUERY);
    expect(first.items).toEqual([later]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await profiles.listProfilesPage({ limit: 1, cursor: first.next_cursor });
    expectRequests(GSI1_QUERY);
    expect(second.items).toEqual([earlier]);
    const all = await profiles.listProfilesPage({ limit: 100 });
    const times = all.items.map((p) => p.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.items.length).toBeGreaterThan(2); // the demo accounts too
  });

  it('[AP95] users whose ban has ended, oldest end first; a running or lifted ban is not listed: 1 Query on GSI3', async () => {
    const ended = await profile(sub(), day('1990', 1));
    const endedLater = await profile(sub(), day('1990', 1));
    const running = await profile(sub(), day('1990', 1));
    const lifted = await profile(sub(), day('1990', 1));
    await profiles.updateBannedUntil(endedLater.id, '1990-03-02T00:00:00.000Z');
    await profiles.updateBannedUntil(ended.id, '1990-03-01T00:00:00.000Z');
    await profiles.updateBannedUntil(running.id, '2999-01-01T00:00:00.000Z');
    await profiles.updateBannedUntil(lifted.id, '1990-02-01T00:00:00.000Z');
    await profiles.updateBannedUntil(lifted.id, null);
    counter.reset();
    const found = await profiles.listExpiredBans(new Date('2026-01-01T00:00:00.000Z'));
    expectRequests({ command: 'QueryCommand', index: 'GSI3' });
    const mineOnly = found.filter((p) => [ended.id, endedLater.id, running.id, lifted.id].includes(p.id));
    expect(mineOnly).toEqual([
      { id: ended.id, banned_until: '1990-03-01T00:00:00.000Z' },
      { id: endedLater.id, banned_until: '1990-03-02T00:00:00.000Z' },
    ]);
    // clearing an ended ban takes it out of the index, only while it is still the ban that was read
    expect(await profiles.clearEndedBan(endedLater.id, '1990-01-01T00:00:00.000Z')).toBe(false);
    expect(await profiles.clearEndedBan(ended.id, '1990-03-01T00:00:00.000Z')).toBe(true);
    const after = await profiles.listExpiredBans(new Date('2026-01-01T00:00:00.000Z'));
    expect(after.some((p) => p.id === ended.id)).toBe(false);
    expect(after.some((p) => p.id === endedLater.id)).toBe(true);
    await profiles.clearEndedBan(endedLater.id, '1990-03-02T00:00:00.000Z');
  });

  it("[AP13] a user's addresses only, oldest first: 1 Query on the table", async () => {
    const u = sub();
    const newer = await address(u, day('1990', 2));
    const older = await address(u, day('1990', 1));
    await address(sub(), day('1990', 1));
    await profile(u, day('1990', 1)); // same partition, other item kind
    counter.reset();
    expect(await addresses.listAddresses(u)).toEqual([older, newer]);
    expectRequests(TABLE_QUERY);
  });

  it("[AP15] a user's cart lines only (products and bundles): 1 Query on the table", async () => {
    const u = sub();
    const p = await product();
    const bun = await bundle(day('1990', 1), [p.id]);
    await carts.addToCart(u, 'product', p.id, 2, 10);
    await carts.addToCart(u, 'bundle', bun.id, 1, 10);
    await carts.addToCart(u, 'product', p.id, 1, 10); // same line, raised
    const other = sub();
    await carts.addToCart(other, 'product', p.id, 1, 10);
    await wishlist.addToWishlist(u, p.id); // same partition, other item kind
    written.push(
      keys.cartLine(u, cartLineId('product', p.id)),
      keys.cartLine(u, cartLineId('bundle', bun.id)),
      keys.cartLine(other, cartLineId('product', p.id)),
      keys.wishlistItem(u, p.id),
    );
    counter.reset();
    const lines = await carts.listCart(u);
    expectRequests(TABLE_QUERY);
    expect(
      lines
        .map(({ id, user_id, product_id, bundle_id, quantity }) => ({ id, user_id, product_id, bundle_id, quantity }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual([
      { id: `b-${bun.id}`, user_id: u, product_id: null, bundle_id: bun.id, quantity: 1 },
      { id: `p-${p.id}`, user_id: u, product_id: p.id, bundle_id: null, quantity: 3 },
    ]);
    const times = lines.map((l) => l.created_at);
    expect(times).toEqual([...times].sort());
  });

  it("[AP16] a user's wishlist only: 1 Query on the table", async () => {
    const u = sub();
    const a = await product();
    const b = await product();
    await wishlist.addToWishlist(u, a.id);
    await wishlist.addToWishlist(u, b.id);
    await wishlist.addToWishlist(u, a.id); // no-op
    const other = sub();
    await wishlist.addToWishlist(other, a.id);
    written.push(keys.wishlistItem(u, a.id), keys.wishlistItem(u, b.id), keys.wishlistItem(other, a.id));
    counter.reset();
    const list = await wishlist.listWishlist(u);
    expectRequests(TABLE_QUERY);
    expect(list.map((w) => w.product_id).sort()).toEqual([a.id, b.id].sort());
    const times = list.map((w) => w.created_at);
    expect(times).toEqual([...times].sort());
  });
});

describe('checkout and orders', () => {
  const buyer = sub();
  let first: Awaited<ReturnType<typeof paidOrder>>;
  let second: Awaited<ReturnType<typeof paidOrder>>;

  beforeAll(async () => {
    first = await paidOrder(buyer, day('2999', 1));
    second = await paidOrder(buyer, day('2999', 2));
    await address(buyer, day('1990', 1)); // same partition, other item kind
  });

  it("[AP14] a user's orders only, newest first, lines embedded: 1 Query on the table", async () => {
    await paidOrder(sub(), day('2999', 3));
    counter.reset();
    expect(await orders.listOrdersOfUser(buyer)).toEqual([second.order, first.order]);
    expectRequests(TABLE_QUERY);
    expect(await orders.listOrdersOfUser(sub())).toEqual([]);
  });

  it("[AP14] one page of a user's orders, newest first: 1 Query; a cursor of another user or outside the orders is refused", async () => {
    const pages: OrderRecord[][] = [];
    let cursor: string | null = null;
    do {
      counter.reset();
      const page: Awaited<ReturnType<typeof orders.listOrdersOfUserPage>> = await orders.listOrdersOfUserPage(buyer, {
        limit: 1,
        cursor,
      });
      expectRequests(TABLE_QUERY);
      pages.push(page.items);
      cursor = page.next_cursor;
    } while (cursor && pages.length < 5);
    expect(pages.flat()).toEqual([second.order, first.order]);
    const { next_cursor } = await orders.listOrdersOfUserPage(buyer, { limit: 1 });
    await expect(orders.listOrdersOfUserPage(sub(), { cursor: next_cursor })).rejects.toMatchObject({
      statusCode: 400,
      field: 'cursor',
    });
    const outside = Buffer.from(JSON.stringify({ PK: `USER#${buyer}`, SK: 'PROFILE' })).toString('base64url');
    await expect(orders.listOrdersOfUserPage(buyer, { cursor: outside })).rejects.toMatchObject({
      statusCode: 400,
      field: 'cursor',
    });
  });

  it('[AP18] all orders newest first, paged with a cursor: 1 Query on GSI1 per page', async () => {
    counter.reset();
    const page = await orders.listOrdersPage({ limit: 100 });
    expectRequests(GSI1_QUERY);
    expect(mine(page.items, [first.order, second.order])).toEqual([second.order, first.order]);
    const times = page.items.map((o) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const one = await orders.listOrdersPage({ limit: 1 });
    const next = await orders.listOrdersPage({ limit: 1, cursor: one.next_cursor });
    expectRequests(GSI1_QUERY, GSI1_QUERY);
    expect([...one.items, ...next.items]).toEqual(page.items.slice(0, 2));
  });

  it('[AP19] an order by id with its table key: 1 Query on GSI2 (its 8-char reference partition); unknown id gives null', async () => {
    counter.reset();
    expect(await orders.findOrder(first.order.id)).toEqual({
      order: first.order,
      key: { PK: `USER#${buyer}`, SK: `ORDER#${first.order.created_at}#${first.order.id}` },
    });
    expectRequests(GSI2_QUERY);
    expect(await orders.findOrder(randomUUID())).toBeNull();
    expectRequests(GSI2_QUERY);
  });

  it("[AP22] a reservation and a session's fulfilment marker: 1 GetItem each; unknown ones give null", async () => {
    counter.reset();
    const r = await reservations.getReservation(first.checkoutId);
    expectRequests(GET);
    expect(r).toMatchObject({
      id: first.checkoutId,
      user_id: buyer,
      status: 'sold',
      expires_at: day('2998', 1),
      lines: first.order.items,
    });
    expect(await reservations.getSessionFulfilment(first.sessionId)).toEqual({
      order_id: first.order.id,
      user_id: buyer,
    });
    expectRequests(GET);
    expect(await reservations.getReservation(randomUUID())).toBeNull();
    expect(await reservations.getSessionFulfilment('cs_test_unknown')).toBeNull();
    expectRequests(GET, GET);
  });

  it('[AP20] open reservations expired before a time, by expiry; released and sold ones leave the index: 1 Query on GSI1', async () => {
    const u = sub();
    const late = await openCheckout(u, day('1990', 1), day('2998', 2));
    const early = await openCheckout(u, day('1990', 1), day('2998', 1, 6));
    const released = await openCheckout(u, day('1990', 1), day('2998', 1, 12));
    expect(await reservations.release(released.id)).toBe('released');
    counter.reset();
    const due = await reservations.listExpiredReservations(day('2998', 3));
    expectRequests(GSI1_QUERY);
    expect(ids(mine(due, [late, early, released]))).toEqual([early.id, late.id]);
    expect(due.some((r) => r.id === first.checkoutId)).toBe(false); // sold
    expect(due.every((r) => r.status === 'reserved')).toBe(true);
    const expiries = due.map((r) => r.expires_at);
    expect(expiries).toEqual([...expiries].sort());
    const dueEarly = await reservations.listExpiredReservations(day('2998', 2));
    expectRequests(GSI1_QUERY);
    expect(ids(mine(dueEarly, [late, early]))).toEqual([early.id]); // strictly before
  });

  it("[AP21] a user's open checkouts, created_at ascending, released ones gone: 1 Query on GSI2", async () => {
    const u = sub();
    const newer = await openCheckout(u, day('1990', 2), day('2998', 5));
    const older = await openCheckout(u, day('1990', 1), day('2998', 5));
    await openCheckout(sub(), day('1990', 1), day('2998', 5));
    counter.reset();
    expect(ids(await reservations.listOpenReservationsOfUser(u))).toEqual([older.id, newer.id]);
    expectRequests(GSI2_QUERY);
    expect(await reservations.release(older.id)).toBe('released');
    counter.reset();
    const open = await reservations.listOpenReservationsOfUser(u);
    expectRequests(GSI2_QUERY);
    expect(ids(open)).toEqual([newer.id]);
    expect(open[0]).toMatchObject(newer);
    expect(await reservations.listOpenReservationsOfUser(buyer)).toEqual([]); // both fulfilled
  });
});

describe('checkout gate', () => {
  const UPDATE: RecordedRequest = { command: 'UpdateItemCommand' };
  const opts = { lockMs: 30_000, maxPerHour: 3 };

  it("[AP30] a user's checkout lock and hourly count: 1 UpdateItem (2 at the hour's first), busy while locked, capped per hour, released by its holder only", async () => {
    const u = sub();
    written.push(keys.checkoutGate(u));
    const t0 = new Date(day('2999', 1, 10));
    counter.reset();
    expect(await gate.acquireCheckoutGate(u, 'a', t0, opts)).toEqual({ acquired: true, token: 'a' });
    expectRequests(UPDATE, UPDATE);
    expect(await gate.acquireCheckoutGate(u, 'b', new Date(t0.getTime() + 1000), opts)).toEqual({
      acquired: false,
      reason: 'busy',
    });
    counter.reset();
    await gate.releaseCheckoutGate(u, 'someone-else');
    expect(await gate.acquireCheckoutGate(u, 'b', new Date(t0.getTime() + 1000), opts)).toEqual({
      acquired: false,
      reason: 'busy',
    });
    await gate.releaseCheckoutGate(u, 'a');
    counter.reset();
    expect(await gate.acquireCheckoutGate(u, 'b', new Date(t0.getTime() + 2000), opts)).toEqual({
      acquired: true,
      token: 'b',
    });
    expectRequests(UPDATE);
    // an expired lock (its holder died) is taken over
    expect(await gate.acquireCheckoutGate(u, 'c', new Date(t0.getTime() + 40_000), opts)).toEqual({
      acquired: true,
      token: 'c',
    });
    await gate.releaseCheckoutGate(u, 'c');
    // the fourth of the hour is refused until the next hour (50 minutes later)
    expect(await gate.acquireCheckoutGate(u, 'd', new Date(t0.getTime() + 50_000), opts)).toEqual({
      acquired: false,
      reason: 'rate_limited',
      retryAfterSeconds: 3600 - 50,
    });
    expect(await gate.acquireCheckoutGate(u, 'e', new Date(day('2999', 1, 11)), opts)).toEqual({
      acquired: true,
      token: 'e',
    });
  });
});

describe('settings and digital assets', () => {
  it('[AP17] payment settings (publishable key and methods): 1 GetItem', async () => {
    const before = await settings.getPaymentSettings();
    const key = `pk_test_ap17_${randomUUID().slice(0, 8)}`;
    try {
      await settings.putPaymentSettings(key);
      counter.reset();
      const s = await settings.getPaymentSettings();
      expectRequests(GET);
      expect(s.stripe_publishable_key).toBe(key);
      expect(Object.keys(s).sort()).toEqual(['payment_methods', 'stripe_publishable_key', 'updated_at']);
      // saving the key kept the methods
      expect(s.payment_methods).toEqual(before.payment_methods);
    } finally {
      if (before.stripe_publishable_key) await settings.putPaymentSettings(before.stripe_publishable_key);
    }
  });

  it('[AP146] the payment methods saved: 1 UpdateItem, the keys and their time kept', async () => {
    const before = await settings.getPaymentSettings();
    try {
      counter.reset();
      await settings.putPaymentMethods({ card: true, paypal: true, satispay: false, klarna: true });
      expectRequests({ command: 'UpdateItemCommand' });
      const s = await settings.getPaymentSettings();
      expect(s.payment_methods).toEqual({ card: true, paypal: true, satispay: false, klarna: true });
      expect(s.stripe_publishable_key).toBe(before.stripe_publishable_key);
      expect(s.updated_at).toBe(before.updated_at);
    } finally {
      await settings.putPaymentMethods(before.payment_methods);
    }
  });

  it('[AP23] digital assets by id: 1 BatchGetItem, missing ids skipped', async () => {
    const a: assets.DigitalAssetRecord = {
      id: randomUUID(),
      name: 'Piano A',
      file_path: 'digital_assets/1-piano-a.pdf',
      file_type: 'application/pdf',
      created_at: day('1990', 1),
    };
    const b: assets.DigitalAssetRecord = {
      ...a,
      id: randomUUID(),
      name: 'Piano B',
      file_path: 'digital_assets/2-piano-b.pdf',
    };
    await assets.putAsset(a);
    await assets.putAsset(b);
    written.push(keys.digitalAsset(a.id), keys.digitalAsset(b.id));
    counter.reset();
    const found = await assets.getAssetsByIds([a.id, b.id, randomUUID()]);
    expectRequests(BATCH_GET);
    expect(found.sort((x, y) => x.name.localeCompare(y.name))).toEqual([a, b]);
  });
});

describe('audit trail', () => {
  it('[AP26][AP27] audit history of an item, oldest first (1 Query) and entries of a day in time order (1 Query on GSI1)', async () => {
    const target = randomUUID();
    const entry = (at: string, action: string): audit.AuditRecord => ({
      id: randomUUID(),
      at,
      actor_id: sub(),
      actor_email: 'staff@example.com',
      actor_role: 'collaborator',
      action,
      target_type: 'product',
      target_id: target,
      route: 'PUT /api/admin/products/{id}',
      changes: { price_cents: { before: 100, after: 200 } },
    });
    const later = entry(day('1990', 3, 12), 'update');
    const first = entry(day('1990', 3, 9), 'create');
    await audit.putAudit(later);
    await audit.putAudit(first);
    written.push(keys.audit('product', target, later.at, later.id), keys.audit('product', target, first.at, first.id));
    counter.reset();
    // each entry is written with its expiry (the table's TTL): a year after it was recorded
    const stored = await audit.listAuditOfTarget('product', target);
    expectRequests(TABLE_QUERY);
    const yearAfter = (at: string) => Date.parse(at) / 1000 + 366 * 24 * 3600;
    expect(stored.map((r) => (r as { expires_at_epoch?: number }).expires_at_epoch)).toEqual([
      yearAfter(first.at),
      yearAfter(later.at),
    ]);
    const withoutTtl = (r: object) => {
      const { expires_at_epoch: _ttl, ...rest } = r as { expires_at_epoch?: number };
      return rest;
    };
    expect(stored.map(withoutTtl)).toEqual([first, later]);
    const ofDay = await audit.listAuditOfDay('1990-01-03');
    expectRequests(GSI1_QUERY);
    expect(mine(ofDay, [first, later]).map(withoutTtl)).toEqual([first, later]);
  });
});
