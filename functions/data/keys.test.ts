/**
 * Pins the stored key formats of the single table. Stored items must keep being found, so a change
 * here is a data migration, not a refactor. Expected strings are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_HEAD_SK, COLLECTION, SK_PREFIX, indexKeys, keys, pad, partition, sortKey } from './keys';

const T = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:30:00.000Z';

describe('item keys', () => {
  it('catalogue items', () => {
    expect(keys.product('p1')).toEqual({ PK: 'PRODUCT#p1', SK: 'PRODUCT' });
    expect(keys.productComment('p1', T, 'c1')).toEqual({ PK: 'PRODUCT#p1', SK: `COMMENT#${T}#c1` });
    expect(keys.category('k1')).toEqual({ PK: 'CATEGORY#k1', SK: 'CATEGORY' });
    expect(keys.bundle('b1')).toEqual({ PK: 'BUNDLE#b1', SK: 'BUNDLE' });
    expect(keys.plan('pl1')).toEqual({ PK: 'PLAN#pl1', SK: 'PLAN' });
    expect(keys.discountTier('d1')).toEqual({ PK: 'DISCOUNT_TIER#d1', SK: 'DISCOUNT_TIER' });
  });

  it('items in the user partition', () => {
    expect(keys.profile('u1')).toEqual({ PK: 'USER#u1', SK: 'PROFILE' });
    expect(keys.address('u1', 'a1')).toEqual({ PK: 'USER#u1', SK: 'ADDRESS#a1' });
    expect(keys.cartLine('u1', 'p-p1')).toEqual({ PK: 'USER#u1', SK: 'CART#p-p1' });
    expect(keys.cartLine('u1', 'b-b1')).toEqual({ PK: 'USER#u1', SK: 'CART#b-b1' });
    expect(keys.wishlistItem('u1', 'p1')).toEqual({ PK: 'USER#u1', SK: 'WISH#p1' });
    expect(keys.order('u1', T, 'o1')).toEqual({ PK: 'USER#u1', SK: `ORDER#${T}#o1` });
  });

  it('checkout, settings and asset items', () => {
    expect(keys.reservation('ch1')).toEqual({ PK: 'CHECKOUT#ch1', SK: 'RESERVATION' });
    expect(keys.sessionFulfilment('cs_test_1')).toEqual({ PK: 'STRIPE_SESSION#cs_test_1', SK: 'FULFILMENT' });
    expect(keys.paymentSettings()).toEqual({ PK: 'CONFIG', SK: 'PAYMENTS' });
    expect(keys.digitalAsset('da1')).toEqual({ PK: 'DIGITAL_ASSET#da1', SK: 'ASSET' });
    expect(keys.audit('order', 'o1', '2026-11-22T10:00:00.000Z', 'a1')).toEqual({ PK: 'AUDIT#order#o1', SK: '2026-11-22T10:00:00.000Z#a1' });
  });
});

describe('partitions, prefixes and collections', () => {
  it('partition values and begins_with prefixes', () => {
    expect(partition.product('p1')).toBe('PRODUCT#p1');
    expect(partition.category('k1')).toBe('CATEGORY#k1');
    expect(partition.user('u1')).toBe('USER#u1');
    expect(partition.userCheckouts('u1')).toBe('USER_CHECKOUTS#u1');
    expect(partition.order('o1')).toBe('ORDER#o1');
    expect(SK_PREFIX).toEqual({ comment: 'COMMENT#', address: 'ADDRESS#', cartLine: 'CART#', wishlistItem: 'WISH#', order: 'ORDER#' });
    expect(CATEGORY_HEAD_SK).toBe('#');
  });

  it('every item key of the user partition starts with its begins_with prefix', () => {
    expect(keys.address('u', 'x').SK.startsWith(SK_PREFIX.address)).toBe(true);
    expect(keys.cartLine('u', 'x').SK.startsWith(SK_PREFIX.cartLine)).toBe(true);
    expect(keys.wishlistItem('u', 'x').SK.startsWith(SK_PREFIX.wishlistItem)).toBe(true);
    expect(keys.order('u', T, 'x').SK.startsWith(SK_PREFIX.order)).toBe(true);
    expect(keys.productComment('p', T, 'x').SK.startsWith(SK_PREFIX.comment)).toBe(true);
  });

  it('GSI1 collections', () => {
    expect(COLLECTION).toEqual({
      products: 'PRODUCTS', categories: 'CATEGORIES', bundles: 'BUNDLES', plans: 'PLANS', discountTiers: 'DISCOUNT_TIERS',
      comments: 'COMMENTS', users: 'USERS', orders: 'ORDERS', reservations: 'RESERVATIONS', digitalAssets: 'DIGITAL_ASSETS',
      suppliers: 'SUPPLIERS', stockSyncRuns: 'STOCK_SYNC_RUNS', shippingMethods: 'SHIPPING_METHODS',
    });
    expect(keys.supplier('s1')).toEqual({ PK: 'SUPPLIER#s1', SK: 'SUPPLIER' });
    expect(keys.stockSyncRun('r1')).toEqual({ PK: 'STOCK_SYNC_RUN#r1', SK: 'RUN' });
    expect(keys.stockSyncLock()).toEqual({ PK: 'LOCK#STOCK_SYNC', SK: 'LOCK' });
    expect(indexKeys.stockSyncRun({ id: 'r1', started_at: '2026-11-22T01:00:00.000Z' })).toEqual({ GSI1PK: 'STOCK_SYNC_RUNS', GSI1SK: '2026-11-22T01:00:00.000Z#r1' });
    expect(indexKeys.supplier({ id: 's1', name: 'Ferro Sud' })).toEqual({ GSI1PK: 'SUPPLIERS', GSI1SK: 'ferro sud#s1' });
    expect(keys.supplierPage('ab12')).toEqual({ PK: 'SUPPLIER_PAGE#ab12', SK: 'PRODUCT_LINK' });
    expect(keys.shippingMethod('m1')).toEqual({ PK: 'SHIPPING_METHOD#m1', SK: 'SHIPPING_METHOD' });
  });
});

describe('GSI attributes', () => {
  it('a product is in PRODUCTS and, when categorised, in its category partition', () => {
    expect(indexKeys.product({ id: 'p1', created_at: T, category_id: 'k1' })).toEqual({
      GSI1PK: 'PRODUCTS', GSI1SK: `${T}#p1`, GSI2PK: 'CATEGORY#k1', GSI2SK: `${T}#p1`,
    });
    expect(indexKeys.product({ id: 'p1', created_at: T, category_id: null })).toEqual({ GSI1PK: 'PRODUCTS', GSI1SK: `${T}#p1` });
  });

  it('a category heads its own partition and sorts by lower-cased name', () => {
    expect(indexKeys.category({ id: 'k1', name: 'Àttrezzi Pesanti' })).toEqual({
      GSI1PK: 'CATEGORIES', GSI1SK: 'àttrezzi pesanti#k1', GSI2PK: 'CATEGORY#k1', GSI2SK: '#',
    });
    // the head sorts before every product of its partition
    expect('#' < `${T}#p1`).toBe(true);
  });

  it('bundles, plans, discount tiers, comments, profiles, digital assets', () => {
    expect(indexKeys.bundle({ id: 'b1', created_at: T })).toEqual({ GSI1PK: 'BUNDLES', GSI1SK: `${T}#b1` });
    expect(indexKeys.plan({ id: 'pl1', duration_months: 12, price_cents: 9990 })).toEqual({ GSI1PK: 'PLANS', GSI1SK: '0012#0000009990#pl1' });
    expect(indexKeys.discountTier({ id: 'd1', name: 'Oro' })).toEqual({ GSI1PK: 'DISCOUNT_TIERS', GSI1SK: 'oro#d1' });
    expect(indexKeys.comment({ id: 'c1', created_at: T })).toEqual({ GSI1PK: 'COMMENTS', GSI1SK: `${T}#c1` });
    expect(indexKeys.profile({ id: 'u1', created_at: T })).toEqual({ GSI1PK: 'USERS', GSI1SK: `${T}#u1` });
    expect(indexKeys.digitalAsset({ id: 'da1', created_at: T })).toEqual({ GSI1PK: 'DIGITAL_ASSETS', GSI1SK: `${T}#da1` });
    expect(indexKeys.audit({ id: 'a1', at: '2026-11-22T10:00:00.000Z' })).toEqual({ GSI1PK: 'AUDIT_DAY#2026-11-22', GSI1SK: '2026-11-22T10:00:00.000Z#a1' });
  });

  it('plans sort by duration numerically, then price', () => {
    const sk = (d: number, c: number) => indexKeys.plan({ id: 'x', duration_months: d, price_cents: c }).GSI1SK!;
    expect(sk(3, 99_999) < sk(12, 100)).toBe(true);
    expect(sk(12, 999) < sk(12, 1000)).toBe(true);
  });

  it('an order is in ORDERS and findable by id; an open reservation in RESERVATIONS and its user checkouts', () => {
    expect(indexKeys.order({ id: 'o1', created_at: T })).toEqual({ GSI1PK: 'ORDERS', GSI1SK: `${T}#o1`, GSI2PK: 'ORDER#o1', GSI2SK: 'ORDER' });
    expect(indexKeys.openReservation({ id: 'ch1', user_id: 'u1', created_at: T, expires_at: T2 })).toEqual({
      GSI1PK: 'RESERVATIONS', GSI1SK: `${T2}#ch1`, GSI2PK: 'USER_CHECKOUTS#u1', GSI2SK: `${T}#ch1`,
    });
  });
});

describe('sort-key formats', () => {
  it('pads integers, clamps negatives and fractions', () => {
    expect(pad(7)).toBe('0000000007');
    expect(pad(7, 4)).toBe('0007');
    expect(pad(-3, 4)).toBe('0000');
    expect(pad(12.9, 4)).toBe('0012');
  });

  it('time and name formats', () => {
    expect(sortKey.byTime(T, 'x')).toBe(`${T}#x`);
    expect(sortKey.byName('ZAINO Pro', 'x')).toBe('zaino pro#x');
    // an ISO instant is an exclusive upper bound for `{iso}#{id}` keys at that same instant (the sweep's GSI1SK < before)
    expect(sortKey.byTime(T, 'zzz') < T).toBe(false);
    expect(sortKey.byTime(T, 'zzz') < T2).toBe(true);
  });
});
