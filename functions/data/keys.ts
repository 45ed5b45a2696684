/**
 * Key builders of the single table. Every PK/SK/GSI key string is built here and nowhere else.
 */
export const keys = {
  product: (id: string) => ({ PK: `PRODUCT#${id}`, SK: 'PRODUCT' }),
  productComment: (productId: string, createdAt: string, id: string) => ({ PK: `PRODUCT#${productId}`, SK: `COMMENT#${createdAt}#${id}` }),
  category: (id: string) => ({ PK: `CATEGORY#${id}`, SK: 'CATEGORY' }),
  bundle: (id: string) => ({ PK: `BUNDLE#${id}`, SK: 'BUNDLE' }),
  plan: (id: string) => ({ PK: `PLAN#${id}`, SK: 'PLAN' }),
  discountTier: (id: string) => ({ PK: `DISCOUNT_TIER#${id}`, SK: 'DISCOUNT_TIER' }),
  profile: (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' }),
};

/** GSI1 collection partitions (GSI1PK values). */
export const COLLECTION = {
  products: 'PRODUCTS',
  categories: 'CATEGORIES',
  bundles: 'BUNDLES',
  plans: 'PLANS',
  discountTiers: 'DISCOUNT_TIERS',
  comments: 'COMMENTS',
  users: 'USERS',
  orders: 'ORDERS',
} as const;

/** GSI2 partition of a category: the category item (GSI2SK '#') and its products (created_at#id). */
export const categoryPartition = (categoryId: string) => `CATEGORY#${categoryId}`;
/** GSI2SK of the category item itself; sorts before every ISO timestamp. */
export const CATEGORY_HEAD_SK = '#';

/** Zero-padded number for lexicographic sort keys. */
export const pad = (n: number, width = 10) => String(Math.max(0, Math.trunc(n))).padStart(width, '0');

// ---- audit trail (functions/data/audit-repository.ts) ---------------------------------------

/** An audit entry: in its entity's partition (history of one item) and on GSI1 by day (what happened when). */
export const auditKeys = {
  item: (entity: string, entityId: string, at: string, id: string) => ({ PK: `AUDIT#${entity}#${entityId}`, SK: `${at}#${id}` }),
  entityPartition: (entity: string, entityId: string) => `AUDIT#${entity}#${entityId}`,
  /** GSI1PK of a day ('2026-11-22'); GSI1SK is `${at}#${id}`. */
  dayPartition: (day: string) => `AUDIT_DAY#${day}`,
  sortKey: (at: string, id: string) => `${at}#${id}`,
};
