/**
 * Pins the stored key formats of the single table. Stored items must keep being found, so a change
 * here is a data migration, not a refactor. Expected strings are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_HEAD_SK,
  CATEGORY_INDEX_ATTRIBUTES,
  COLLECTION,
  INDEX_ATTRIBUTES,
  PHYSICAL_STOCK,
  SK_PREFIX,
  STOCK_SORT_ATTRIBUTE,
  discountCodeKey,
  emailSearchKey,
  indexKeys,
  keys,
  orderStatusKeys,
  pad,
  partition,
  sortKey,
} from './keys';

const T = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:30:00.000Z';

describe('item keys', () => {
  it('catalogue items', () => {
    expect(keys.product('p1')).toEqual({ PK: 'PRODUCT#p1', SK: 'PRODUCT' });
    expect(keys.productComment('p1', T, 'c1')).toEqual({ PK: 'PRODUCT#p1', SK: `COMMENT#${T}#c1` });
    expect(keys.variant('p1', 'v1')).toEqual({ PK: 'PRODUCT#p1', SK: 'VARIANT#v1' });
    expect(keys.skuClaim(' kb-16kg ')).toEqual({ PK: 'SKU#KB-16KG', SK: 'CLAIM' });
    // the product item sorts between its comments and its variants (AP9 reads all, AP148 the last two kinds)
    expect(`COMMENT#${T}#c1` < 'PRODUCT' && 'PRODUCT' < 'VARIANT#v1').toBe(true);
    expect(SK_PREFIX.variant).toBe('VARIANT#');
    expect(keys.category('k1')).toEqual({ PK: 'CATEGORY#k1', SK: 'CATEGORY' });
    expect(keys.bundle('b1')).toEqual({ PK: 'BUNDLE#b1', SK: 'BUNDLE' });
    expect(keys.plan('pl1')).toEqual({ PK: 'PLAN#pl1', SK: 'PLAN' });
    expect(keys.discountTier('d1')).toEqual({ PK: 'DISCOUNT_TIER#d1', SK: 'DISCOUNT_TIER' });
  });

  it('discount codes, their text claims and shipping methods', () => {
    expect(keys.discountCode('dc1')).toEqual({ PK: 'DISCOUNT_CODE#dc1', SK: 'DISCOUNT_CODE' });
    expect(keys.discountCodeClaim(' Benvenuto10 ')).toEqual({ PK: 'DISCOUNT_CODE_NAME#benvenuto10', SK: 'CLAIM' });
    expect(keys.shippingMethod('sm1')).toEqual({ PK: 'SHIPPING_METHOD#sm1', SK: 'SHIPPING_METHOD' });
    expect(keys.migrations()).toEqual({ PK: 'CONFIG', SK: 'MIGRATIONS' });
  });

  it('items in the user partition', () => {
    expect(keys.profile('u1')).toEqual({ PK: 'USER#u1', SK: 'PROFILE' });
    expect(keys.address('u1', 'a1')).toEqual({ PK: 'USER#u1', SK: 'ADDRESS#a1' });
    expect(keys.cartLine('u1', 'p-p1')).toEqual({ PK: 'USER#u1', SK: 'CART#p-p1' });
    expect(keys.cartLine('u1', 'b-b1')).toEqual({ PK: 'USER#u1', SK: 'CART#b-b1' });
    expect(keys.wishlistItem('u1', 'p1')).toEqual({ PK: 'USER#u1', SK: 'WISH#p1' });
    expect(keys.checkoutGate('u1')).toEqual({ PK: 'USER#u1', SK: 'CHECKOUT_GATE' });
    expect(keys.checkoutRequest('u1', 'ab12')).toEqual({ PK: 'USER#u1', SK: 'CHECKOUT_REQUEST#ab12' });
    expect(keys.cartDiscountCode('u1')).toEqual({ PK: 'USER#u1', SK: 'CART_CODE' });
    expect(
      keys.cartDiscountCode('u1').SK.startsWith(SK_PREFIX.cart) &&
        keys.cartLine('u1', 'p-x').SK.startsWith(SK_PREFIX.cart),
    ).toBe(true);
    expect(keys.clubCheckout('u1')).toEqual({ PK: 'USER#u1', SK: 'CLUB_CHECKOUT' });
    expect(keys.membership('sub_123')).toEqual({ PK: 'STRIPE_SUBSCRIPTION#sub_123', SK: 'MEMBERSHIP' });
    expect(keys.order('u1', T, 'o1')).toEqual({ PK: 'USER#u1', SK: `ORDER#${T}#o1` });
  });

  it('checkout, settings and asset items', () => {
    expect(keys.reservation('ch1')).toEqual({ PK: 'CHECKOUT#ch1', SK: 'RESERVATION' });
    expect(keys.sessionFulfilment('cs_test_1')).toEqual({ PK: 'STRIPE_SESSION#cs_test_1', SK: 'FULFILMENT' });
    expect(keys.refundQueueEntry({ id: 'o1', created_at: '2026-01-02T03:04:05.000Z' })).toEqual({
      PK: 'REFUND_QUEUE',
      SK: '2026-01-02T03:04:05.000Z#o1',
    });
    expect(keys.paymentSettings()).toEqual({ PK: 'CONFIG', SK: 'PAYMENTS' });
    expect(keys.migrations()).toEqual({ PK: 'CONFIG', SK: 'MIGRATIONS' });
    expect(keys.digitalAsset('da1')).toEqual({ PK: 'DIGITAL_ASSET#da1', SK: 'ASSET' });
    expect(keys.assetFileClaim('digital_assets/1-planner.pdf')).toEqual({
      PK: 'ASSET_FILE#digital_assets/1-planner.pdf',
      SK: 'CLAIM',
    });
    expect(keys.audit('order', 'o1', '2026-11-22T10:00:00.000Z', 'a1')).toEqual({
      PK: 'AUDIT#order#o1',
      SK: '2026-11-22T10:00:00.000Z#a1',
    });
  });
});

describe('partitions, prefixes and collections', () => {
  it('partition values and begins_with prefixes', () => {
    expect(partition.product('p1')).toBe('PRODUCT#p1');
    expect(partition.productReviews('p1')).toBe('PRODUCT_REVIEWS#p1');
    expect(partition.category('k1')).toBe('CATEGORY#k1');
    expect(partition.user('u1')).toBe('USER#u1');
    expect(partition.userCheckouts('u1')).toBe('USER_CHECKOUTS#u1');
    expect(partition.orderRef('0F8FAD5B-d9cb-469f-a165-70867728950e')).toBe('ORDER_REF#0f8fad5b');
    expect(partition.orderRef('0f8fad5b')).toBe('ORDER_REF#0f8fad5b');
    expect(partition.orderStatus('Spedito')).toBe('ORDER_STATUS#Spedito');
    expect(partition.refundQueue()).toBe('REFUND_QUEUE');
    expect(partition.userEmails()).toBe('USER_EMAILS');
    expect(partition.discountCodeName('ESTATE-25')).toBe('DISCOUNT_CODE_NAME#estate-25');
    expect(SK_PREFIX).toEqual({
      comment: 'COMMENT#',
      address: 'ADDRESS#',
      cartLine: 'CART#',
      cart: 'CART',
      wishlistItem: 'WISH#',
      order: 'ORDER#',
      termsAcceptance: 'CONSENT#TERMS#',
      checkoutRequest: 'CHECKOUT_REQUEST#',
      variant: 'VARIANT#',
    });
    expect(CATEGORY_HEAD_SK).toBe('#');
  });

  it('every item key of the user partition starts with its begins_with prefix', () => {
    expect(keys.address('u', 'x').SK.startsWith(SK_PREFIX.address)).toBe(true);
    expect(keys.cartLine('u', 'x').SK.startsWith(SK_PREFIX.cartLine)).toBe(true);
    expect(keys.wishlistItem('u', 'x').SK.startsWith(SK_PREFIX.wishlistItem)).toBe(true);
    expect(keys.order('u', T, 'x').SK.startsWith(SK_PREFIX.order)).toBe(true);
    expect(keys.productComment('p', T, 'x').SK.startsWith(SK_PREFIX.comment)).toBe(true);
  });

  it('GSI1 collections (and GSI3 PRODUCT_NAMES, GSI5 PREMIUM_PRODUCTS)', () => {
    expect(COLLECTION).toEqual({
      products: 'PRODUCTS',
      suppliedVariants: 'SUPPLIED_VARIANTS',
      categories: 'CATEGORIES',
      bundles: 'BUNDLES',
      plans: 'PLANS',
      discountTiers: 'DISCOUNT_TIERS',
      comments: 'COMMENTS',
      users: 'USERS',
      orders: 'ORDERS',
      reservations: 'RESERVATIONS',
      digitalAssets: 'DIGITAL_ASSETS',
      suppliers: 'SUPPLIERS',
      stockSyncRuns: 'STOCK_SYNC_RUNS',
      productNames: 'PRODUCT_NAMES',
      premiumProducts: 'PREMIUM_PRODUCTS',
      discountCodes: 'DISCOUNT_CODES',
      shippingMethods: 'SHIPPING_METHODS',
      pendingEmailJobs: 'EMAIL_JOBS_PENDING',
      suppressions: 'SUPPRESSIONS',
      contactMessages: 'CONTACT_MESSAGES',
      newsletterSubscribers: 'NEWSLETTER_SUBSCRIBERS',
      clubWithdrawals: 'CLUB_WITHDRAWALS',
      bans: 'BANS',
    });
    expect(indexKeys.ban({ id: 'u1', banned_until: '2026-12-01T00:00:00.000Z' })).toEqual({
      GSI3PK: 'BANS',
      GSI3SK: '2026-12-01T00:00:00.000Z#u1',
    });
    expect(keys.supplier('s1')).toEqual({ PK: 'SUPPLIER#s1', SK: 'SUPPLIER' });
    expect(keys.stockSyncRun('r1')).toEqual({ PK: 'STOCK_SYNC_RUN#r1', SK: 'RUN' });
    expect(keys.stockSyncLock()).toEqual({ PK: 'LOCK#STOCK_SYNC', SK: 'LOCK' });
    expect(indexKeys.stockSyncRun({ id: 'r1', started_at: '2026-11-22T01:00:00.000Z' })).toEqual({
      GSI1PK: 'STOCK_SYNC_RUNS',
      GSI1SK: '2026-11-22T01:00:00.000Z#r1',
    });
    expect(indexKeys.supplier({ id: 's1', name: 'Ferro Sud' })).toEqual({
      GSI1PK: 'SUPPLIERS',
      GSI1SK: 'ferro sud#s1',
    });
    expect(keys.supplierPage('ab12')).toEqual({ PK: 'SUPPLIER_PAGE#ab12', SK: 'PRODUCT_LINK' });
    expect(keys.shippingMethod('m1')).toEqual({ PK: 'SHIPPING_METHOD#m1', SK: 'SHIPPING_METHOD' });
  });
});

describe('GSI attributes', () => {
  it('a product is in PRODUCTS by created_at, PRODUCT_NAMES by name, when categorised in its category partition', () => {
    expect(
      indexKeys.product({ id: 'p1', name: 'Manubri Pro', created_at: T, category_id: 'k1', is_digital: false }),
    ).toEqual({
      GSI1PK: 'PRODUCTS',
      GSI1SK: `${T}#p1`,
      GSI2PK: 'CATEGORY#k1',
      GSI2SK: `${T}#p1`,
      GSI3PK: 'PRODUCT_NAMES',
      GSI3SK: 'manubri pro#p1',
    });
    expect(
      indexKeys.product({ id: 'p1', name: 'Planner', created_at: T, category_id: null, is_digital: true }),
    ).toEqual({
      GSI1PK: 'PRODUCTS',
      GSI1SK: `${T}#p1`,
      GSI3PK: 'PRODUCT_NAMES',
      GSI3SK: 'planner#p1',
    });
  });

  it('an active variant of a physical product is in PHYSICAL_STOCK by its quantity; of a linked product in SUPPLIED_VARIANTS', () => {
    const v = { id: 'v1', product_id: 'p1', status: 'active' };
    expect(indexKeys.variant(v, { is_digital: false })).toEqual({ GSI4PK: 'PHYSICAL_STOCK' });
    expect(indexKeys.variant(v, { is_digital: true })).toEqual({});
    expect(indexKeys.variant({ ...v, status: 'archived' }, { is_digital: false })).toEqual({});
    expect(indexKeys.variant(v, { is_digital: false, supplier_id: 's1' })).toEqual({
      GSI4PK: 'PHYSICAL_STOCK',
      GSI1PK: 'SUPPLIED_VARIANTS',
      GSI1SK: 's1#p1#v1',
    });
    expect(PHYSICAL_STOCK).toBe('PHYSICAL_STOCK');
    expect(STOCK_SORT_ATTRIBUTE).toBe('quantity');
  });

  it('a product of a premium tier, and only one, is also in PREMIUM_PRODUCTS by lower-cased name (GSI5)', () => {
    const base = { id: 'p1', name: 'Àncora Élite', created_at: T, category_id: null, is_digital: true };
    expect(indexKeys.product({ ...base, premium_tier: 'Expert' })).toMatchObject({
      GSI5PK: 'PREMIUM_PRODUCTS',
      GSI5SK: 'àncora élite#p1',
    });
    for (const premium_tier of ['none', null, undefined])
      expect(indexKeys.product({ ...base, premium_tier })).not.toHaveProperty('GSI5PK');
    expect(STOCK_SORT_ATTRIBUTE).toBe('quantity');
  });

  it('cart lines and wishlist items are listed among the holders of their item; comments are findable by id', () => {
    expect(indexKeys.cartLine({ user_id: 'u1', lineId: 'p-p1' })).toEqual({
      GSI2PK: 'HOLDERS#p-p1',
      GSI2SK: 'CART#u1',
    });
    expect(indexKeys.cartLine({ user_id: 'u1', lineId: 'b-b1' })).toEqual({
      GSI2PK: 'HOLDERS#b-b1',
      GSI2SK: 'CART#u1',
    });
    expect(indexKeys.wishlistItem({ user_id: 'u1', product_id: 'p1' })).toEqual({
      GSI2PK: 'HOLDERS#p-p1',
      GSI2SK: 'WISH#u1',
    });
    expect(partition.holders('p-p1')).toBe('HOLDERS#p-p1');
    expect(partition.comment('c1')).toBe('COMMENT#c1');
    expect(keys.commentRateLimit('u1', '2026-11-22T10')).toEqual({ PK: 'RATE_LIMIT#u1', SK: 'COMMENT#2026-11-22T10' });
    expect(keys.priceChange('product', 'p1', T, 'c1')).toEqual({ PK: 'PRICE_HISTORY#product#p1', SK: `${T}#c1` });
    expect(keys.priceChange('bundle', 'b1', T, 'c1').PK).toBe('PRICE_HISTORY#bundle#b1');
    expect(keys.priceChange('variant', 'v1', T, 'c1').PK).toBe('PRICE_HISTORY#variant#v1');
    expect(partition.priceHistory('plan', 'pl1')).toBe('PRICE_HISTORY#plan#pl1');
    expect(INDEX_ATTRIBUTES).toEqual([
      'GSI1PK',
      'GSI1SK',
      'GSI2PK',
      'GSI2SK',
      'GSI3PK',
      'GSI3SK',
      'GSI4PK',
      'GSI5PK',
      'GSI5SK',
    ]);
    expect(CATEGORY_INDEX_ATTRIBUTES).toEqual(['GSI2PK', 'GSI2SK']);
  });

  it('a category heads its own partition and sorts by lower-cased name', () => {
    expect(indexKeys.category({ id: 'k1', name: 'Àttrezzi Pesanti' })).toEqual({
      GSI1PK: 'CATEGORIES',
      GSI1SK: 'àttrezzi pesanti#k1',
      GSI2PK: 'CATEGORY#k1',
      GSI2SK: '#',
    });
    // the head sorts before every product of its partition
    expect('#' < `${T}#p1`).toBe(true);
  });

  it('bundles, plans, discount tiers, comments, profiles, digital assets', () => {
    expect(indexKeys.bundle({ id: 'b1', created_at: T })).toEqual({ GSI1PK: 'BUNDLES', GSI1SK: `${T}#b1` });
    expect(indexKeys.plan({ id: 'pl1', duration_months: 12, price_cents: 9990 })).toEqual({
      GSI1PK: 'PLANS',
      GSI1SK: '0012#0000009990#pl1',
    });
    expect(indexKeys.discountTier({ id: 'd1', name: 'Oro' })).toEqual({ GSI1PK: 'DISCOUNT_TIERS', GSI1SK: 'oro#d1' });
    expect(
      indexKeys.comment({ id: 'c1', product_id: 'p1', created_at: T, is_approved: false, is_pinned: false }),
    ).toEqual({ GSI1PK: 'COMMENTS', GSI1SK: `${T}#c1`, GSI3PK: 'COMMENT#c1', GSI3SK: 'COMMENT' });
    expect(
      indexKeys.comment({ id: 'c1', product_id: 'p1', created_at: T, is_approved: true, is_pinned: false }),
    ).toEqual({
      GSI1PK: 'COMMENTS',
      GSI1SK: `${T}#c1`,
      GSI2PK: 'PRODUCT_REVIEWS#p1',
      GSI2SK: `0#${T}#c1`,
      GSI3PK: 'COMMENT#c1',
      GSI3SK: 'COMMENT',
    });
    expect(
      indexKeys.comment({ id: 'c1', product_id: 'p1', created_at: T, is_approved: true, is_pinned: true }).GSI2SK,
    ).toBe(`1#${T}#c1`);
    expect(indexKeys.profile({ id: 'u1', created_at: T, email: ' Giulia.Romano@Example.com' })).toEqual({
      GSI1PK: 'USERS',
      GSI1SK: `${T}#u1`,
      GSI2PK: 'USER_EMAILS',
      GSI2SK: 'giulia.romano@example.com#u1',
    });
    expect(indexKeys.discountCode({ id: 'dc1', code: 'BenVenuto10', created_at: T })).toEqual({
      GSI1PK: 'DISCOUNT_CODES',
      GSI1SK: `${T}#dc1`,
      GSI2PK: 'DISCOUNT_CODE_NAME#benvenuto10',
      GSI2SK: 'DISCOUNT_CODE',
    });
    expect(indexKeys.shippingMethod({ id: 'sm1', name: 'Express', cost_cents: 990 })).toEqual({
      GSI1PK: 'SHIPPING_METHODS',
      GSI1SK: '0000000990#express#sm1',
    });
    expect(indexKeys.digitalAsset({ id: 'da1', created_at: T })).toEqual({
      GSI1PK: 'DIGITAL_ASSETS',
      GSI1SK: `${T}#da1`,
    });
    expect(indexKeys.audit({ id: 'a1', at: '2026-11-22T10:00:00.000Z' })).toEqual({
      GSI1PK: 'AUDIT_DAY#2026-11-22',
      GSI1SK: '2026-11-22T10:00:00.000Z#a1',
    });
  });

  it("a product's approved comments read descending on GSI2SK come pinned first, then newest", () => {
    const c = (id: string, created_at: string, is_pinned: boolean) => ({
      id,
      product_id: 'p1',
      created_at,
      is_approved: true,
      is_pinned,
    });
    const all = [
      c('old', '2026-01-01T00:00:00.000Z', false),
      c('pinned-old', '2025-01-01T00:00:00.000Z', true),
      c('new', '2026-03-01T00:00:00.000Z', false),
      c('pinned-new', '2025-06-01T00:00:00.000Z', true),
    ];
    const descending = [...all].sort((a, b) => (indexKeys.comment(b).GSI2SK! < indexKeys.comment(a).GSI2SK! ? -1 : 1));
    expect(descending.map((x) => x.id)).toEqual(['pinned-new', 'pinned-old', 'new', 'old']);
  });

  it('plans sort by duration numerically, then price', () => {
    const sk = (d: number, c: number) => indexKeys.plan({ id: 'x', duration_months: d, price_cents: c }).GSI1SK!;
    expect(sk(3, 99_999) < sk(12, 100)).toBe(true);
    expect(sk(12, 999) < sk(12, 1000)).toBe(true);
  });

  it('an order is in ORDERS and findable by id; an open reservation in RESERVATIONS and its user checkouts', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(indexKeys.order({ id, created_at: T, status: 'In elaborazione' })).toEqual({
      GSI1PK: 'ORDERS',
      GSI1SK: `${T}#${id}`,
      GSI2PK: 'ORDER_REF#0f8fad5b',
      GSI2SK: id,
      GSI3PK: 'ORDER_STATUS#In elaborazione',
      GSI3SK: `${T}#${id}`,
    });
    expect(orderStatusKeys({ id, created_at: T, status: 'Spedito' })).toEqual({
      GSI3PK: 'ORDER_STATUS#Spedito',
      GSI3SK: `${T}#${id}`,
    });
    expect(indexKeys.openReservation({ id: 'ch1', user_id: 'u1', created_at: T, expires_at: T2 })).toEqual({
      GSI1PK: 'RESERVATIONS',
      GSI1SK: `${T2}#ch1`,
      GSI2PK: 'USER_CHECKOUTS#u1',
      GSI2SK: `${T}#ch1`,
    });
  });
});

describe('email items', () => {
  it('jobs by their event id, pending ones by next attempt; suppressed addresses and contact counters lower-cased', () => {
    expect(keys.emailJob('order-confirmation:o1')).toEqual({ PK: 'EMAIL_JOB#order-confirmation:o1', SK: 'EMAIL_JOB' });
    expect(indexKeys.pendingEmailJob({ id: 'j1', next_attempt_at: '2026-11-22T10:00:00.000Z' })).toEqual({
      GSI1PK: 'EMAIL_JOBS_PENDING',
      GSI1SK: '2026-11-22T10:00:00.000Z#j1',
    });
    // every job due at or before a time sorts at or before its bound ('~' after '#')
    expect('2026-11-22T10:00:00.000Z#zzz' <= sortKey.byTimeUpTo('2026-11-22T10:00:00.000Z')).toBe(true);
    expect('2026-11-22T10:00:00.001Z#a' <= sortKey.byTimeUpTo('2026-11-22T10:00:00.000Z')).toBe(false);
    expect(keys.suppression('A@Example.com')).toEqual({ PK: 'SUPPRESSION#a@example.com', SK: 'SUPPRESSION' });
    expect(keys.contactMessage('m1')).toEqual({ PK: 'CONTACT_MESSAGE#m1', SK: 'CONTACT_MESSAGE' });
    expect(keys.contactRateLimit('email', ' G@Example.com', '2026-11-22T10')).toEqual({
      PK: 'RATE_LIMIT#email:g@example.com',
      SK: 'CONTACT#2026-11-22T10',
    });
    expect(keys.contactRateLimit('ip', '10.0.0.1', '2026-11-22T10').PK).toBe('RATE_LIMIT#ip:10.0.0.1');
  });
});

describe('sort-key formats', () => {
  it('pads integers, clamps negatives and fractions', () => {
    expect(pad(7)).toBe('0000000007');
    expect(pad(7, 4)).toBe('0007');
    expect(pad(-3, 4)).toBe('0000');
    expect(pad(12.9, 4)).toBe('0012');
  });

  it('shipping methods sort by cost numerically, then name; emails and codes compare lower-cased', () => {
    expect(sortKey.byCost(490, 'Standard', 'x') < sortKey.byCost(990, 'Express', 'x')).toBe(true);
    expect(sortKey.byCost(0, 'Ritiro in sede', 'x') < sortKey.byCost(490, 'Standard', 'x')).toBe(true);
    expect(emailSearchKey('  Mario.Rossi@Example.COM ')).toBe('mario.rossi@example.com');
    expect(discountCodeKey(' ESTATE25 ')).toBe('estate25');
  });

  it('time and name formats', () => {
    expect(sortKey.byTime(T, 'x')).toBe(`${T}#x`);
    expect(sortKey.byName('ZAINO Pro', 'x')).toBe('zaino pro#x');
    // an ISO instant is an exclusive upper bound for `{iso}#{id}` keys at that same instant (the sweep's GSI1SK < before)
    expect(sortKey.byTime(T, 'zzz') < T).toBe(false);
    expect(sortKey.byTime(T, 'zzz') < T2).toBe(true);
  });
});
