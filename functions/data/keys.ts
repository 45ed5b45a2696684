/**
 * Key builders of the single table (`table-definition.ts`). Every PK / SK / GSI1PK / GSI1SK /
 * GSI2PK / GSI2SK value, every partition a Query asks for and every sort-key prefix used in
 * `begins_with` is built here and nowhere else; `keys-usage.test.ts` fails when another file under
 * functions/, infra/ or scripts/ builds one inline. The entity chart of `access-patterns.md` lists
 * the same formats; `keys.test.ts` pins them, because stored items must keep being found.
 *
 * The blocks below, each ordered by entity the same way (catalogue, users, checkout and orders,
 * settings, digital assets):
 *   sortKey      shared sort-key formats: `{created_at}#{id}`, `{lower-cased name}#{id}`, padded numbers
 *   partition    partition values (a PK or a GSI partition) that Queries ask for
 *   SK_PREFIX    prefixes of the item kinds that share a partition, for `begins_with(SK, …)`
 *   keys         the table key `{ PK, SK }` of one item, for Get / Put / Update / Delete / BatchGet
 *   COLLECTION   GSI1 partitions: whole collections in display order
 *   indexKeys    the GSI attributes an item is written with (spread into the Put's Item)
 *
 * Adding an entity (supplier, discount code, audit entry, ...): add its item key to `keys`, its GSI
 * attributes to `indexKeys` (and its collection to COLLECTION, a partition or prefix if Queries
 * need one), a row to the entity chart and its access patterns (with a test tagged `[APn]`) to
 * `access-patterns.md`, and the literal formats to `keys.test.ts`. Prefixes are UPPER_SNAKE
 * followed by '#'; single-item sort keys are the UPPER_SNAKE entity name.
 */

import { cartLineId } from '../../shared/cart';
import { normaliseTier } from '../../shared/tiers';
import { TABLE } from './table-definition';

/** The table key of one item. */
export type TableKey = { PK: string; SK: string };

/** GSI attributes written with an item (absent attributes keep it out of that sparse index). GSI4 sorts by the item's own `quantity`. */
export type IndexKeys = {
  GSI1PK?: string;
  GSI1SK?: string;
  GSI2PK?: string;
  GSI2SK?: string;
  GSI3PK?: string;
  GSI3SK?: string;
  GSI4PK?: string;
  GSI5PK?: string;
  GSI5SK?: string;
};

/** Every GSI key attribute an item can carry (GSI1PK ... GSI4PK; not `quantity`, which GSI4 sorts by): to REMOVE the ones an update no longer sets. */
export const INDEX_ATTRIBUTES: readonly string[] = TABLE.globalSecondaryIndexes
  .flatMap((g) => [g.partitionKey.name, g.sortKey.name])
  .filter((name) => /^GSI\d+(PK|SK)$/.test(name));

// ---- sort-key formats -----------------------------------------------------------------------

/** Zero-padded non-negative integer for lexicographic sort keys, e.g. pad(3, 4) = '0003'. */
export const pad = (n: number, width = 10): string => String(Math.max(0, Math.trunc(n))).padStart(width, '0');

/** Sort-key formats shared by several entities. */
export const sortKey = {
  /** `{iso}#{id}`: chronological by an ISO timestamp (created_at, expires_at), the id breaks ties. */
  byTime: (iso: string, id: string): string => `${iso}#${id}`,
  /** The upper bound of every `byTime` key at or before `iso`, for `GSI1SK <= :bound` ('~' sorts after '#' and any id). */
  byTimeUpTo: (iso: string): string => `${iso}~`,
  /** `{name lower-cased (it)}#{id}`: alphabetical, case-insensitive, the id breaks ties. */
  byName: (name: string, id: string): string => `${name.toLocaleLowerCase('it')}#${id}`,
  /** The start of `byName` for a name prefix (lower-cased as byName writes it): a `begins_with` on it finds the names starting so. */
  byNamePrefix: (prefix: string): string => prefix.toLocaleLowerCase('it'),
  /** `{email lower-cased}#{id}`: users by email; a lower-cased prefix finds them with `begins_with`. */
  byEmail: (email: string, id: string): string => `${emailSearchKey(email)}#${id}`,
  /** `{cost:10}#{lower name}#{id}`: cheapest first, then by name (shipping methods). */
  byCost: (costCents: number, name: string, id: string): string =>
    `${pad(costCents)}#${name.toLocaleLowerCase('it')}#${id}`,
};

/** How emails are compared in the email index: trimmed, lower-cased (search prefixes go through the same). */
export const emailSearchKey = (email: string): string => email.trim().toLowerCase();

/** How discount codes are compared (unique case-insensitively): trimmed, lower-cased. */
export const discountCodeKey = (code: string): string => code.trim().toLowerCase();

/** Length of the order reference customers see (the first 8 characters of the order id). */
export const ORDER_REF_LENGTH = 8;

// ---- partitions and prefixes ----------------------------------------------------------------

/** Partition values a Query asks for (table PK or GSI partition key). */
export const partition = {
  /** PK `PRODUCT#{id}`: the product item, its variants (AP148) and its comments (AP9). */
  product: (productId: string): string => `PRODUCT#${productId}`,
  /** GSI2PK `PRODUCT_REVIEWS#{id}`: a product's approved comments, pinned first then newest (sparse, AP31). */
  productReviews: (productId: string): string => `PRODUCT_REVIEWS#${productId}`,
  /** PK of the category item and GSI2PK `CATEGORY#{id}`: the category head and its products (AP4, AP142). */
  category: (categoryId: string): string => `CATEGORY#${categoryId}`,
  /** PK `USER#{sub}`: profile, addresses, cart lines, wishlist items, orders (AP11, AP13-AP16). */
  user: (sub: string): string => `USER#${sub}`,
  /** GSI2PK `USER_CHECKOUTS#{sub}`: the user's open checkouts (sparse, AP21). */
  userCheckouts: (sub: string): string => `USER_CHECKOUTS#${sub}`,
  /**
   * GSI2PK `ORDER_REF#{first 8 chars of the id}`: the orders whose id starts with that reference
   * (AP19: by id; AP61: by the short id customers see). Lower-cased like the ids.
   */
  orderRef: (idOrPrefix: string): string => `ORDER_REF#${idOrPrefix.slice(0, ORDER_REF_LENGTH).toLowerCase()}`,
  /** GSI3PK `ORDER_STATUS#{status}`: orders of one status by created_at (AP60). */
  orderStatus: (status: string): string => `ORDER_STATUS#${status}`,
  /** PK `REFUND_QUEUE`: the orders flagged for a refund and not refunded yet, oldest first (AP92). */
  refundQueue: (): string => 'REFUND_QUEUE',
  /** PK `WITHDRAWAL_QUEUE`: the withdrawals not refunded yet ('Recessi'), oldest request first (AP105). */
  withdrawalQueue: (): string => 'WITHDRAWAL_QUEUE',
  /** PK `PENDING_REFUNDS`: the refunds Stripe has not settled (or not confirmed) yet, oldest first (AP147). */
  pendingRefunds: (): string => 'PENDING_REFUNDS',
  /** GSI2PK `USER_EMAILS`: every user by lower-cased email (AP63). */
  userEmails: (): string => 'USER_EMAILS',
  /**
   * `DISCOUNT_CODE_NAME#{lower-cased code}`: the PK of a code's uniqueness claim, and the GSI2PK of
   * the code item itself (AP66: the checkout finds a code by its text).
   */
  discountCodeName: (code: string): string => `DISCOUNT_CODE_NAME#${discountCodeKey(code)}`,
  /** PK `AUDIT#{targetType}#{targetId}`: the audit history of one item, oldest first (AP26). */
  auditTarget: (targetType: string, targetId: string): string => `AUDIT#${targetType}#${targetId}`,
  /** GSI1PK `AUDIT_DAY#{yyyy-mm-dd}`: every audit entry of a day, in time order (AP27). */
  auditDay: (day: string): string => `AUDIT_DAY#${day}`,
  /**
   * GSI2PK `HOLDERS#{itemRef}`: the cart lines and wishlist items holding a product or bundle
   * (AP42), itemRef being the cart line id 'p-{productId}' / 'b-{bundleId}' (shared/cart.ts).
   */
  holders: (itemRef: string): string => `HOLDERS#${itemRef}`,
  /** GSI3PK `COMMENT#{id}`: one comment found by its id (AP43). */
  comment: (commentId: string): string => `COMMENT#${commentId}`,
  /**
   * PK `NEWSLETTER#{lower(email)}`: a subscriber's newsletter entry (the sign-up's newsletter
   * consent writes it; an account's deletion deletes every item under it, AP113).
   */
  newsletter: (email: string): string => `NEWSLETTER#${email.trim().toLowerCase()}`,
  /** PK `RATE_LIMIT#{sub}`: the user's rate-limit counters, one item per action and window (AP45). */
  rateLimit: (sub: string): string => `RATE_LIMIT#${sub}`,
  /**
   * PK `PRICE_HISTORY#{kind}#{id}`: every price a product, bundle or plan was sold at, by time (AP97),
   * in its own partition so that the product's partition (AP9) and the listings never read it.
   */
  priceHistory: (kind: PricedItemKind, id: string): string => `PRICE_HISTORY#${kind}#${id}`,
  /**
   * PK `RATE_LIMIT#{scope}:{value}`: the counters of a caller who has no account (the contact form
   * by sender address or by IP, sign-up by IP), one item per action and window (AP103, AP116). `value` is lower-cased.
   */
  anonymousRateLimit: (scope: 'email' | 'ip', value: string): string =>
    `RATE_LIMIT#${scope}:${value.trim().toLowerCase()}`,
};

/**
 * The kinds of item that have a price and a price history. A product's prices are its variants':
 * kind `variant` by the variant's id, except its first variant (whose id is the product's), which
 * keeps the `product` history written before variants (priceHistoryOf in items.ts).
 */
export type PricedItemKind = 'product' | 'bundle' | 'plan' | 'variant';

/**
 * GSI4PK of every active variant of a physical product: GSI4 is keyed by (GSI4PK, quantity), so the
 * stock index is kept in step by every write of a variant's `quantity` (variant save, checkout
 * reserve/release/fulfil, restock, the stock sync) without extra code, and `quantity <= 5` reads
 * only the inventory alerts (AP41). Variants of digital products and archived variants do not carry
 * it (sparse); product items no longer do (their `quantity` is the sum of their variants').
 */
export const PHYSICAL_STOCK = 'PHYSICAL_STOCK';

/** The number attribute GSI4 sorts by: the variant's own stock. */
export const STOCK_SORT_ATTRIBUTE = 'quantity';

/** Sort-key prefixes of the item kinds that share a partition (for `begins_with(SK, …)`). */
export const SK_PREFIX = {
  /** Comments in PRODUCT#{id}. */
  comment: 'COMMENT#',
  /** Variants in PRODUCT#{id}: they sort after the product item (`PRODUCT`), so AP148 reads both with `SK BETWEEN`. */
  variant: 'VARIANT#',
  /** Shipping addresses in USER#{sub}. */
  address: 'ADDRESS#',
  /** Cart lines in USER#{sub}. */
  cartLine: 'CART#',
  /** The whole cart in USER#{sub}: its lines (`CART#…`) and the applied discount code (`CART_CODE`), one Query (AP71). */
  cart: 'CART',
  /** Wishlist items in USER#{sub}. */
  wishlistItem: 'WISH#',
  /** Orders in USER#{sub}. */
  order: 'ORDER#',
  /** Acceptances of the Termini and Privacy Policy in USER#{sub}, one per version (AP118). */
  termsAcceptance: 'CONSENT#TERMS#',
  /** Checkout requests' idempotency records in USER#{sub} (AP144). */
  checkoutRequest: 'CHECKOUT_REQUEST#',
} as const;

/** GSI2SK of the category item itself in its GSI2 partition; sorts before every ISO timestamp. */
export const CATEGORY_HEAD_SK = '#';

/** GSI2 partition of a category (same as `partition.category`). */
export const categoryPartition = partition.category;

// ---- item keys ------------------------------------------------------------------------------

/** Table keys `{ PK, SK }` of single items. */
export const keys = {
  // catalogue
  /** Product: `PRODUCT#{id}` / `PRODUCT`. */
  product: (id: string): TableKey => ({ PK: partition.product(id), SK: 'PRODUCT' }),
  /** Variant of a product, in its product's partition: `PRODUCT#{productId}` / `VARIANT#{variantId}`. */
  variant: (productId: string, variantId: string): TableKey => ({
    PK: partition.product(productId),
    SK: `${SK_PREFIX.variant}${variantId}`,
  }),
  /** Uniqueness claim of a SKU (upper-cased), holding its product and variant: `SKU#{SKU}` / `CLAIM`. */
  skuClaim: (sku: string): TableKey => ({ PK: `SKU#${sku.trim().toUpperCase()}`, SK: 'CLAIM' }),
  /** Product comment, in its product's partition: `PRODUCT#{productId}` / `COMMENT#{created_at}#{id}`. */
  productComment: (productId: string, createdAt: string, id: string): TableKey => ({
    PK: partition.product(productId),
    SK: `${SK_PREFIX.comment}${sortKey.byTime(createdAt, id)}`,
  }),
  /** Category: `CATEGORY#{id}` / `CATEGORY`. */
  category: (id: string): TableKey => ({ PK: partition.category(id), SK: 'CATEGORY' }),
  /** Bundle: `BUNDLE#{id}` / `BUNDLE`. */
  bundle: (id: string): TableKey => ({ PK: `BUNDLE#${id}`, SK: 'BUNDLE' }),
  /** Subscription plan: `PLAN#{id}` / `PLAN`. */
  plan: (id: string): TableKey => ({ PK: `PLAN#${id}`, SK: 'PLAN' }),
  /** Discount tier: `DISCOUNT_TIER#{id}` / `DISCOUNT_TIER`. */
  discountTier: (id: string): TableKey => ({ PK: `DISCOUNT_TIER#${id}`, SK: 'DISCOUNT_TIER' }),
  /** Discount code: `DISCOUNT_CODE#{id}` / `DISCOUNT_CODE`. */
  discountCode: (id: string): TableKey => ({ PK: `DISCOUNT_CODE#${id}`, SK: 'DISCOUNT_CODE' }),
  /** Uniqueness claim of a code's text (case-insensitive), holding the code's id: `DISCOUNT_CODE_NAME#{lower code}` / `CLAIM`. */
  discountCodeClaim: (code: string): TableKey => ({ PK: partition.discountCodeName(code), SK: 'CLAIM' }),
  /** Shipping method: `SHIPPING_METHOD#{id}` / `SHIPPING_METHOD`. */
  shippingMethod: (id: string): TableKey => ({ PK: `SHIPPING_METHOD#${id}`, SK: 'SHIPPING_METHOD' }),

  // users (one partition per user)
  /** Profile: `USER#{sub}` / `PROFILE`. */
  profile: (sub: string): TableKey => ({ PK: partition.user(sub), SK: 'PROFILE' }),
  /** The user's acceptance of one version of the Termini and Privacy Policy: `USER#{sub}` / `CONSENT#TERMS#{version}` (AP117). */
  termsAcceptance: (sub: string, version: string): TableKey => ({
    PK: partition.user(sub),
    SK: `${SK_PREFIX.termsAcceptance}${version}`,
  }),
  /** Shipping address: `USER#{sub}` / `ADDRESS#{id}`. */
  address: (sub: string, id: string): TableKey => ({ PK: partition.user(sub), SK: `${SK_PREFIX.address}${id}` }),
  /** Cart line: `USER#{sub}` / `CART#{lineId}`, lineId 'p-{productId}' or 'b-{bundleId}' (shared/cart.ts). */
  cartLine: (sub: string, lineId: string): TableKey => ({
    PK: partition.user(sub),
    SK: `${SK_PREFIX.cartLine}${lineId}`,
  }),
  /** Wishlist item: `USER#{sub}` / `WISH#{productId}`. */
  wishlistItem: (sub: string, productId: string): TableKey => ({
    PK: partition.user(sub),
    SK: `${SK_PREFIX.wishlistItem}${productId}`,
  }),
  /** The discount code applied to a user's cart (shared/discount-codes.ts checks it): `USER#{sub}` / `CART_CODE`. */
  cartDiscountCode: (sub: string): TableKey => ({ PK: partition.user(sub), SK: 'CART_CODE' }),
  /** The user's latest Aurum Club subscription checkout (its Stripe session, expired when a new one starts): `USER#{sub}` / `CLUB_CHECKOUT`. */
  clubCheckout: (sub: string): TableKey => ({ PK: partition.user(sub), SK: 'CLUB_CHECKOUT' }),
  /** Checkout gate of a user (checkout lock with a TTL + checkouts started this hour): `USER#{sub}` / `CHECKOUT_GATE`. */
  checkoutGate: (sub: string): TableKey => ({ PK: partition.user(sub), SK: 'CHECKOUT_GATE' }),
  /**
   * A checkout request's idempotency record (the `Idempotency-Key` of POST /api/checkout/session):
   * `USER#{sub}` / `CHECKOUT_REQUEST#{sha-256 of the key, hex}` (the key hashed: any length and
   * characters the header allows, a fixed-size sort key).
   */
  checkoutRequest: (sub: string, keyHash: string): TableKey => ({
    PK: partition.user(sub),
    SK: `${SK_PREFIX.checkoutRequest}${keyHash}`,
  }),

  // checkout and orders
  /** Order, in its user's partition: `USER#{sub}` / `ORDER#{created_at}#{id}` (newest last). */
  order: (sub: string, createdAt: string, id: string): TableKey => ({
    PK: partition.user(sub),
    SK: `${SK_PREFIX.order}${sortKey.byTime(createdAt, id)}`,
  }),
  /** Stock reservation of one checkout: `CHECKOUT#{checkoutId}` / `RESERVATION`. */
  reservation: (checkoutId: string): TableKey => ({ PK: `CHECKOUT#${checkoutId}`, SK: 'RESERVATION' }),
  /** Fulfilment marker of a Stripe Checkout Session (one order per session): `STRIPE_SESSION#{sessionId}` / `FULFILMENT`. */
  sessionFulfilment: (sessionId: string): TableKey => ({ PK: `STRIPE_SESSION#${sessionId}`, SK: 'FULFILMENT' }),
  /**
   * An order flagged for a refund ('Da rimborsare') while nothing of it is refunded in full:
   * `REFUND_QUEUE` / `{created_at}#{orderId}`, holding the order's key.
   */
  refundQueueEntry: (o: { id: string; created_at: string }): TableKey => ({
    PK: partition.refundQueue(),
    SK: sortKey.byTime(o.created_at, o.id),
  }),
  /**
   * A withdrawal not refunded yet ('Recessi'): `WITHDRAWAL_QUEUE` / `{requested_at}#{orderId}#{withdrawalId}`,
   * holding the order's key; written with the request, deleted with its refund.
   */
  withdrawalQueueEntry: (orderId: string, w: { id: string; requested_at: string }): TableKey => ({
    PK: partition.withdrawalQueue(),
    SK: `${sortKey.byTime(w.requested_at, orderId)}#${w.id}`,
  }),
  /**
   * A refund still pending (Stripe has not settled it, or never confirmed it was made):
   * `PENDING_REFUNDS` / `{refund created_at}#{orderId}#{refundId}`, holding the order's key; written
   * with the refund, deleted with the write that settles it (the payments reconciliation retries it).
   */
  pendingRefundEntry: (orderId: string, r: { id: string; created_at: string }): TableKey => ({
    PK: partition.pendingRefunds(),
    SK: `${sortKey.byTime(r.created_at, orderId)}#${r.id}`,
  }),

  // Aurum Club memberships sold through Stripe
  /**
   * A membership bought as a Stripe subscription, by the subscription's id (every subscription
   * event finds it by key): `STRIPE_SUBSCRIPTION#{stripe subscription id}` / `MEMBERSHIP`.
   */
  membership: (stripeSubscriptionId: string): TableKey => ({
    PK: `STRIPE_SUBSCRIPTION#${stripeSubscriptionId}`,
    SK: 'MEMBERSHIP',
  }),
  /**
   * The member's withdrawal from the club contract, beside its membership (at most one per
   * subscription): `STRIPE_SUBSCRIPTION#{stripe subscription id}` / `WITHDRAWAL`.
   */
  clubWithdrawal: (stripeSubscriptionId: string): TableKey => ({
    PK: `STRIPE_SUBSCRIPTION#${stripeSubscriptionId}`,
    SK: 'WITHDRAWAL',
  }),

  // settings
  /** Payment settings (publishable key only): `CONFIG` / `PAYMENTS`. */
  paymentSettings: (): TableKey => ({ PK: 'CONFIG', SK: 'PAYMENTS' }),
  /** Applied data migrations (migrations.ts): `CONFIG` / `MIGRATIONS`. */
  migrations: (): TableKey => ({ PK: 'CONFIG', SK: 'MIGRATIONS' }),

  // digital assets
  /** Digital asset (file in the private bucket): `DIGITAL_ASSET#{id}` / `ASSET`. */
  digitalAsset: (id: string): TableKey => ({ PK: `DIGITAL_ASSET#${id}`, SK: 'ASSET' }),
  /** Uniqueness claim of a digital asset's file, holding the asset's id: `ASSET_FILE#{file_path}` / `CLAIM`. */
  assetFileClaim: (filePath: string): TableKey => ({ PK: `ASSET_FILE#${filePath}`, SK: 'CLAIM' }),

  // automations (suppliers, product import, stock sync)
  /** Supplier: `SUPPLIER#{id}` / `SUPPLIER` (its API key lives in the secret store, never here). */
  supplier: (id: string): TableKey => ({ PK: `SUPPLIER#${id}`, SK: 'SUPPLIER' }),
  /**
   * The product imported from a supplier page (one per page, so a re-import updates it):
   * `SUPPLIER_PAGE#{sha256 of the page URL's key, hex}` / `PRODUCT_LINK`, holding `product_id`.
   */
  supplierPage: (urlHash: string): TableKey => ({ PK: `SUPPLIER_PAGE#${urlHash}`, SK: 'PRODUCT_LINK' }),
  /** One stock-sync run: `STOCK_SYNC_RUN#{id}` / `RUN`. */
  stockSyncRun: (id: string): TableKey => ({ PK: `STOCK_SYNC_RUN#${id}`, SK: 'RUN' }),
  /** The single "one run at a time" lock item (expires if a run dies): `LOCK#STOCK_SYNC` / `LOCK`. */
  stockSyncLock: (): TableKey => ({ PK: 'LOCK#STOCK_SYNC', SK: 'LOCK' }),

  // email (jobs, suppression list, contact messages)
  /**
   * One email to send, recorded by the business write in its own transaction; the id is
   * deterministic per business event (e.g. `order-confirmation:{orderId}`), so a replayed event
   * cannot make a second one: `EMAIL_JOB#{id}` / `EMAIL_JOB`.
   */
  emailJob: (id: string): TableKey => ({ PK: `EMAIL_JOB#${id}`, SK: 'EMAIL_JOB' }),
  /**
   * The last stock alert a sale raised for a variant at a level ('low_stock' or 'sold_out'; once per
   * crossing): `LOW_STOCK_ALERT#{variantId}` / `LEVEL#{level}` (a product's first variant has the
   * product's id, so the markers written before variants stay its), in its own partition (the
   * product's, AP9, never reads it).
   */
  lowStockAlert: (variantId: string, level: 'low_stock' | 'sold_out'): TableKey => ({
    PK: `LOW_STOCK_ALERT#${variantId}`,
    SK: `LEVEL#${level}`,
  }),
  /** An address never emailed again (bounce, complaint, or by hand): `SUPPRESSION#{lower email}` / `SUPPRESSION`. */
  suppression: (email: string): TableKey => ({ PK: `SUPPRESSION#${emailSearchKey(email)}`, SK: 'SUPPRESSION' }),
  /** A newsletter subscriber (pending, confirmed or unsubscribed): `NEWSLETTER#{lower email}` / `SUBSCRIBER` (AP119). */
  newsletterSubscriber: (email: string): TableKey => ({
    PK: `NEWSLETTER#${emailSearchKey(email)}`,
    SK: 'SUBSCRIBER',
  }),
  /** A counter of newsletter sign-ups from one IP in one window: `RATE_LIMIT#ip:{ip}` / `NEWSLETTER#{window}` (AP119). */
  newsletterRateLimit: (ip: string, window: string): TableKey => ({
    PK: partition.anonymousRateLimit('ip', ip),
    SK: `NEWSLETTER#${window}`,
  }),
  /** A message of the contact form: `CONTACT_MESSAGE#{id}` / `CONTACT_MESSAGE`. */
  contactMessage: (id: string): TableKey => ({ PK: `CONTACT_MESSAGE#${id}`, SK: 'CONTACT_MESSAGE' }),
  /**
   * A counter of contact messages in one window, by sender address or by IP:
   * `RATE_LIMIT#{scope}:{value}` / `CONTACT#{window}` (window: the UTC hour, '2026-11-22T10'). Expires by TTL.
   */
  contactRateLimit: (scope: 'email' | 'ip', value: string, window: string): TableKey => ({
    PK: partition.anonymousRateLimit(scope, value),
    SK: `CONTACT#${window}`,
  }),
  /**
   * A counter of sign-up attempts from one IP in one window: `RATE_LIMIT#ip:{ip}` / `SIGNUP#{window}`
   * (window: the UTC hour). Expires by TTL (AP116).
   */
  signupRateLimit: (ip: string, window: string): TableKey => ({
    PK: partition.anonymousRateLimit('ip', ip),
    SK: `SIGNUP#${window}`,
  }),
  /**
   * The pending sign-up of an address (its latest code, hashed, and the tries left):
   * `SIGNUP#{lower email}` / `CODE`. Expires by TTL (AP135-AP137).
   */
  signupCode: (email: string): TableKey => ({ PK: `SIGNUP#${emailSearchKey(email)}`, SK: 'CODE' }),

  // audit trail
  /** Audit entry of a back-office write: `AUDIT#{targetType}#{targetId}` / `{at}#{id}`. */
  audit: (targetType: string, targetId: string, at: string, id: string): TableKey => ({
    PK: partition.auditTarget(targetType, targetId),
    SK: sortKey.byTime(at, id),
  }),

  // price history
  /**
   * One recorded price of a product, bundle or plan: `PRICE_HISTORY#{kind}#{id}` / `{at}#{changeId}`
   * (chronological; the change id keeps two changes of the same millisecond apart).
   */
  priceChange: (kind: PricedItemKind, id: string, at: string, changeId: string): TableKey => ({
    PK: partition.priceHistory(kind, id),
    SK: sortKey.byTime(at, changeId),
  }),

  // rate limits
  /**
   * A user's counter of reviews posted in one fixed window: `RATE_LIMIT#{sub}` / `COMMENT#{window}`,
   * e.g. window '2026-11-22T10' for that UTC hour. Expires by TTL.
   */
  commentRateLimit: (sub: string, window: string): TableKey => ({
    PK: partition.rateLimit(sub),
    SK: `COMMENT#${window}`,
  }),
};

// ---- GSI1 collections -----------------------------------------------------------------------

/** GSI1 collection partitions (GSI1PK values): every item of a kind, in GSI1SK order. */
export const COLLECTION = {
  products: 'PRODUCTS',
  /**
   * Sparse: the variants of the products linked to a supplier, by `{supplier_id}#{product_id}#{variant_id}`
   * (the stock sync's list of what it maintains, AP85).
   */
  suppliedVariants: 'SUPPLIED_VARIANTS',
  /** GSI3: every product by lower-cased name (the admin list). */
  productNames: 'PRODUCT_NAMES',
  /** GSI5, sparse: products of a premium tier (not 'none') by lower-cased name (the /premium showcase, AP141). */
  premiumProducts: 'PREMIUM_PRODUCTS',
  categories: 'CATEGORIES',
  bundles: 'BUNDLES',
  plans: 'PLANS',
  discountTiers: 'DISCOUNT_TIERS',
  discountCodes: 'DISCOUNT_CODES',
  shippingMethods: 'SHIPPING_METHODS',
  comments: 'COMMENTS',
  users: 'USERS',
  orders: 'ORDERS',
  /** Sparse: only reservations still 'reserved', by expiry. */
  reservations: 'RESERVATIONS',
  digitalAssets: 'DIGITAL_ASSETS',
  suppliers: 'SUPPLIERS',
  stockSyncRuns: 'STOCK_SYNC_RUNS',
  /** GSI3, sparse: banned users by the end of their ban (the job that lifts expired bans, AP95). */
  bans: 'BANS',
  /** Sparse: email jobs waiting to be sent, by the time of their next attempt (the retry sweep). */
  pendingEmailJobs: 'EMAIL_JOBS_PENDING',
  /** The suppression list, newest first. */
  suppressions: 'SUPPRESSIONS',
  /** Contact messages, newest first. */
  contactMessages: 'CONTACT_MESSAGES',
  /** Confirmed newsletter subscribers (sparse: only while confirmed), AP120. */
  newsletterSubscribers: 'NEWSLETTER_SUBSCRIBERS',
  /** Withdrawals from the Aurum Club, newest first (AP132). */
  clubWithdrawals: 'CLUB_WITHDRAWALS',
} as const;

// ---- GSI attributes written with an item -------------------------------------------------------

/** GSI attributes of each entity, to spread into the item of a Put. */
export const indexKeys = {
  // catalogue
  /**
   * GSI1 PRODUCTS by created_at (the shop's listing order); GSI2 its category's partition by
   * created_at (only when categorised); GSI3 PRODUCT_NAMES by lower-cased name (the admin list,
   * AP40); GSI5 PREMIUM_PRODUCTS by lower-cased name (only products of a premium tier, AP141).
   * (The stock index GSI4 is on the variants: indexKeys.variant.)
   */
  product: (p: {
    id: string;
    name: string;
    created_at: string;
    category_id: string | null;
    is_digital: boolean;
    premium_tier?: string | null | undefined;
  }): IndexKeys => ({
    GSI1PK: COLLECTION.products,
    GSI1SK: sortKey.byTime(p.created_at, p.id),
    ...(p.category_id ? { GSI2PK: partition.category(p.category_id), GSI2SK: sortKey.byTime(p.created_at, p.id) } : {}),
    GSI3PK: COLLECTION.productNames,
    GSI3SK: sortKey.byName(p.name, p.id),
    ...(normaliseTier(p.premium_tier) !== 'none'
      ? { GSI5PK: COLLECTION.premiumProducts, GSI5SK: sortKey.byName(p.name, p.id) }
      : {}),
  }),
  /**
   * A variant: GSI4 PHYSICAL_STOCK by quantity while it is active and its product physical (the
   * inventory alerts, AP41); GSI1 SUPPLIED_VARIANTS by `{supplier_id}#{product_id}#{id}` while its
   * product is linked to a supplier (the stock sync's list, AP85).
   */
  variant: (
    v: { id: string; product_id: string; status: string },
    product: { is_digital: boolean; supplier_id?: string | null | undefined },
  ): IndexKeys => ({
    ...(!product.is_digital && v.status === 'active' ? { GSI4PK: PHYSICAL_STOCK } : {}),
    ...(product.supplier_id
      ? { GSI1PK: COLLECTION.suppliedVariants, GSI1SK: `${product.supplier_id}#${v.product_id}#${v.id}` }
      : {}),
  }),
  /** GSI1 CATEGORIES by lower-cased name; GSI2 head of its own partition (GSI2SK '#'). */
  category: (c: { id: string; name: string }): IndexKeys => ({
    GSI1PK: COLLECTION.categories,
    GSI1SK: sortKey.byName(c.name, c.id),
    GSI2PK: partition.category(c.id),
    GSI2SK: CATEGORY_HEAD_SK,
  }),
  /** GSI1 BUNDLES by created_at. */
  bundle: (b: { id: string; created_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.bundles,
    GSI1SK: sortKey.byTime(b.created_at, b.id),
  }),
  /** GSI1 PLANS by duration (months, 4 digits), then price (cents, 10 digits). */
  plan: (p: { id: string; duration_months: number; price_cents: number }): IndexKeys => ({
    GSI1PK: COLLECTION.plans,
    GSI1SK: `${pad(p.duration_months, 4)}#${pad(p.price_cents)}#${p.id}`,
  }),
  /** GSI1 DISCOUNT_TIERS by lower-cased name. */
  discountTier: (t: { id: string; name: string }): IndexKeys => ({
    GSI1PK: COLLECTION.discountTiers,
    GSI1SK: sortKey.byName(t.name, t.id),
  }),
  /** GSI1 DISCOUNT_CODES by created_at (read newest first); GSI2 `DISCOUNT_CODE_NAME#{lower code}` / `DISCOUNT_CODE` (found by its text). */
  discountCode: (c: { id: string; code: string; created_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.discountCodes,
    GSI1SK: sortKey.byTime(c.created_at, c.id),
    GSI2PK: partition.discountCodeName(c.code),
    GSI2SK: 'DISCOUNT_CODE',
  }),
  /** GSI1 SHIPPING_METHODS by cost, then name. */
  shippingMethod: (m: { id: string; name: string; cost_cents: number }): IndexKeys => ({
    GSI1PK: COLLECTION.shippingMethods,
    GSI1SK: sortKey.byCost(m.cost_cents, m.name, m.id),
  }),
  /**
   * GSI1 COMMENTS by created_at (read newest first); GSI3 `COMMENT#{id}` / `COMMENT` (found by its id, AP43); while approved, GSI2 `PRODUCT_REVIEWS#{productId}`
   * / `{1 pinned | 0}#{created_at}#{id}` (read descending: pinned first, then newest). Every write of
   * is_approved / is_pinned must write these attributes again (or REMOVE GSI2PK, GSI2SK when unapproved).
   */
  comment: (c: {
    id: string;
    product_id: string;
    created_at: string;
    is_approved: boolean;
    is_pinned: boolean;
  }): IndexKeys => ({
    GSI1PK: COLLECTION.comments,
    GSI1SK: sortKey.byTime(c.created_at, c.id),
    GSI3PK: partition.comment(c.id),
    GSI3SK: 'COMMENT',
    ...(c.is_approved
      ? {
          GSI2PK: partition.productReviews(c.product_id),
          GSI2SK: `${c.is_pinned ? '1' : '0'}#${sortKey.byTime(c.created_at, c.id)}`,
        }
      : {}),
  }),

  // users
  /** GSI1 USERS by created_at; GSI2 USER_EMAILS by lower-cased email (search by email prefix). */
  profile: (p: { id: string; created_at: string; email: string }): IndexKeys => ({
    GSI1PK: COLLECTION.users,
    GSI1SK: sortKey.byTime(p.created_at, p.id),
    GSI2PK: partition.userEmails(),
    GSI2SK: sortKey.byEmail(p.email, p.id),
  }),
  /** GSI3 BANS by the ban's end (sparse: only while banned; AP95). */
  ban: (p: { id: string; banned_until: string }): IndexKeys => ({
    GSI3PK: COLLECTION.bans,
    GSI3SK: `${p.banned_until}#${p.id}`,
  }),
  /** GSI2 `HOLDERS#{lineId}` / `CART#{sub}`: the cart line among the holders of its product or bundle. */
  cartLine: (l: { user_id: string; lineId: string }): IndexKeys => ({
    GSI2PK: partition.holders(l.lineId),
    GSI2SK: `${SK_PREFIX.cartLine}${l.user_id}`,
  }),
  /** GSI2 `HOLDERS#p-{productId}` / `WISH#{sub}`: the wishlist item among the holders of its product. */
  wishlistItem: (w: { user_id: string; product_id: string }): IndexKeys => ({
    GSI2PK: partition.holders(cartLineId('product', w.product_id)),
    GSI2SK: `${SK_PREFIX.wishlistItem}${w.user_id}`,
  }),

  // checkout and orders
  /**
   * GSI1 ORDERS by created_at (read newest first); GSI2 `ORDER_REF#{first 8 of id}` / `{id}` (by id
   * or by the short id customers see); GSI3 `ORDER_STATUS#{status}` by created_at (a status
   * change rewrites GSI3PK: orderStatusKeys).
   */
  order: (o: { id: string; created_at: string; status: string }): IndexKeys => ({
    GSI1PK: COLLECTION.orders,
    GSI1SK: sortKey.byTime(o.created_at, o.id),
    GSI2PK: partition.orderRef(o.id),
    GSI2SK: o.id,
    ...orderStatusKeys(o),
  }),
  /**
   * An open ('reserved') reservation: GSI1 RESERVATIONS by expires_at (the sweep's
   * `GSI1SK < {iso}`) and GSI2 USER_CHECKOUTS#{sub} by created_at. Sparse: release and fulfil
   * REMOVE all four attributes.
   */
  openReservation: (r: { id: string; user_id: string; created_at: string; expires_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.reservations,
    GSI1SK: sortKey.byTime(r.expires_at, r.id),
    GSI2PK: partition.userCheckouts(r.user_id),
    GSI2SK: sortKey.byTime(r.created_at, r.id),
  }),

  // digital assets
  /** GSI1 DIGITAL_ASSETS by created_at (the admin library reads it newest first). */
  digitalAsset: (a: { id: string; created_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.digitalAssets,
    GSI1SK: sortKey.byTime(a.created_at, a.id),
  }),

  // automations
  /** GSI1 SUPPLIERS by lower-cased name. */
  supplier: (s: { id: string; name: string }): IndexKeys => ({
    GSI1PK: COLLECTION.suppliers,
    GSI1SK: sortKey.byName(s.name, s.id),
  }),
  /** GSI1 STOCK_SYNC_RUNS by started_at (read newest first). */
  stockSyncRun: (r: { id: string; started_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.stockSyncRuns,
    GSI1SK: sortKey.byTime(r.started_at, r.id),
  }),

  // email
  /** While pending: GSI1 EMAIL_JOBS_PENDING by `{next_attempt_at}#{id}` (REMOVEd once sent, failed or suppressed). */
  pendingEmailJob: (j: { id: string; next_attempt_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.pendingEmailJobs,
    GSI1SK: sortKey.byTime(j.next_attempt_at, j.id),
  }),
  /** GSI1 SUPPRESSIONS by `{created_at}#{lower email}` (read newest first). */
  suppression: (x: { email: string; created_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.suppressions,
    GSI1SK: sortKey.byTime(x.created_at, emailSearchKey(x.email)),
  }),
  /** GSI1 NEWSLETTER_SUBSCRIBERS by `{confirmed_at}#{lower email}`; only confirmed subscribers carry it. */
  newsletterSubscriber: (x: { email: string; confirmed_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.newsletterSubscribers,
    GSI1SK: sortKey.byTime(x.confirmed_at, emailSearchKey(x.email)),
  }),
  /** GSI1 CONTACT_MESSAGES by created_at (read newest first). */
  contactMessage: (m: { id: string; created_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.contactMessages,
    GSI1SK: sortKey.byTime(m.created_at, m.id),
  }),
  /** GSI1 CLUB_WITHDRAWALS by requested_at (read newest first). */
  clubWithdrawal: (w: { stripe_subscription_id: string; requested_at: string }): IndexKeys => ({
    GSI1PK: COLLECTION.clubWithdrawals,
    GSI1SK: sortKey.byTime(w.requested_at, w.stripe_subscription_id),
  }),

  // audit trail
  /** GSI1 `AUDIT_DAY#{yyyy-mm-dd}` by time. */
  audit: (a: { id: string; at: string }): IndexKeys => ({
    GSI1PK: partition.auditDay(a.at.slice(0, 10)),
    GSI1SK: sortKey.byTime(a.at, a.id),
  }),
};

/** The GSI3 attributes of an order of a status (also SET by a status change). */
export function orderStatusKeys(o: { id: string; created_at: string; status: string }): {
  GSI3PK: string;
  GSI3SK: string;
} {
  return { GSI3PK: partition.orderStatus(o.status), GSI3SK: sortKey.byTime(o.created_at, o.id) };
}

/** The GSI attributes that place a product in its category's partition (removed when it loses its category). */
export const CATEGORY_INDEX_ATTRIBUTES: readonly string[] = (() => {
  const base = { id: '-', name: '-', created_at: '-', is_digital: true };
  const placed = indexKeys.product({ ...base, category_id: '-' });
  const unplaced = indexKeys.product({ ...base, category_id: null });
  return Object.keys(placed).filter((k) => !(k in unplaced));
})();
