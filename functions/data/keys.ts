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

// ---- Automations (issue 9): suppliers and the stock sync. One appended block; repositories:
// functions/data/stock-sync-repository.ts (runs, lock, linked products) and the suppliers' one.
/** Keys of the automations entities. */
export const automationKeys = {
  supplier: (id: string) => ({ PK: `SUPPLIER#${id}`, SK: 'SUPPLIER' }),
  stockSyncRun: (id: string) => ({ PK: `STOCK_SYNC_RUN#${id}`, SK: 'RUN' }),
  /** GSI1 of a run: newest first with ScanIndexForward false. */
  stockSyncRunIndex: (startedAt: string, id: string) => ({ GSI1PK: AUTOMATION_COLLECTION.stockSyncRuns, GSI1SK: `${startedAt}#${id}` }),
  /** The single "one run at a time" lock item. */
  stockSyncLock: () => ({ PK: 'LOCK#STOCK_SYNC', SK: 'LOCK' }),
};

/** GSI1 partitions of the automations entities. `openReservations` is the GSI1PK reservation-repository writes. */
export const AUTOMATION_COLLECTION = {
  suppliers: 'SUPPLIERS',
  stockSyncRuns: 'STOCK_SYNC_RUNS',
  openReservations: 'RESERVATIONS',
} as const;
