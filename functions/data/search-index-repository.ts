/**
 * The product search indexes in the search bucket (private: never served, since the `all` index
 * holds tier-restricted products):
 *   products/public.json   every product a visitor may see (tier none): what visitors search
 *   products/all.json      every product: the back office's search, and members' (filtered by tier)
 * Written by the publish step (functions/streams/publish.ts, scripts/publish-site.ts), read by the
 * catalogue and the back office through loadIndex, which keeps the parsed index in memory and
 * checks for a newer one at most every INDEX_REFRESH_MS, in the background.
 */
import { canAccessTier, NO_MEMBERSHIP, normaliseTier } from '../../shared/tiers';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { ProductIndex, type SearchDocument, type SearchHit } from '../lib/product-search';
import type { ProductRecord, VariantRecord } from './catalog-items';
import { getProductsByIds } from './catalog-repository';
import { decodeOffsetCursor, encodeOffsetCursor, MAX_OFFSET, pageLimit, type PageRequest } from './page';

/** The two indexes. */
export type IndexName = 'public' | 'all';

/** Object key of an index in the search bucket. */
export const indexKey = (name: IndexName): string => `products/${name}.json`;

/** How long a loaded index is used before S3 is asked (conditionally) for a newer one, ms. */
export const INDEX_REFRESH_MS = 5_000;

/**
 * A product as the indexes hold it; a product with options with its active variants' SKUs and
 * option values (`variants`, as listVariants reads them; archived ones are left out).
 */
export function searchDocument(p: ProductRecord, variants: readonly VariantRecord[] = []): SearchDocument {
  const active = p.options?.length ? variants.filter((v) => v.status === 'active') : [];
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? '',
    category: p.category_name ?? '',
    category_id: p.category_id ?? null,
    tier: normaliseTier(p.premium_tier),
    ...(active.length ? { variants: active.map((v) => ({ sku: v.sku, values: v.option_values })) } : {}),
  };
}

/** Whether a product belongs in the public index: only what a visitor may see (never a restricted product). */
export function isPublicProduct(p: Pick<ProductRecord, 'premium_tier'>): boolean {
  return canAccessTier(p.premium_tier, NO_MEMBERSHIP);
}

/** The stored index and its ETag, or null when it was never written. 1 GetObject. */
export async function readIndex(name: IndexName): Promise<{ index: ProductIndex; etag: string } | null> {
  const found = await getObjectText(env.searchBucket, indexKey(name));
  if (found === null || found === 'unchanged') return null;
  return { index: ProductIndex.fromJSON(found.body), etag: found.etag };
}

/** Stores an index (1 PutObject). */
export async function writeIndex(name: IndexName, index: ProductIndex): Promise<void> {
  await putObject(env.searchBucket, indexKey(name), index.toJSON(), 'application/json; charset=utf-8');
}

interface Loaded {
  index: ProductIndex;
  etag: string;
  checkedAt: number;
  refreshing?: Promise<void>;
}
const loaded = new Map<IndexName, Loaded>();
const loading = new Map<IndexName, Promise<Loaded | null>>();

async function fetchIndex(name: IndexName): Promise<Loaded | null> {
  const found = await readIndex(name);
  if (!found) return null;
  const entry = { ...found, checkedAt: Date.now() };
  loaded.set(name, entry);
  return entry;
}

/** Asks S3 whether the index changed (304 when not) and swaps in the new one. */
async function refresh(name: IndexName, current: Loaded): Promise<void> {
  try {
    const found = await getObjectText(env.searchBucket, indexKey(name), current.etag);
    if (found === 'unchanged' || found === null) return;
    loaded.set(name, { index: ProductIndex.fromJSON(found.body), etag: found.etag, checkedAt: Date.now() });
  } catch {
    // Keep answering from the index in memory; the next request tries again.
  } finally {
    current.checkedAt = Date.now();
    current.refreshing = undefined;
  }
}

/**
 * The index to search, from memory. The first call of a cold function reads it (1 GetObject);
 * later calls answer from memory and, once INDEX_REFRESH_MS have passed, ask S3 for a newer one
 * in the background (a conditional GetObject), so a request never waits for that check.
 * @returns null when the index was never written (the stage has not been published yet)
 */
export async function loadIndex(name: IndexName, now = Date.now()): Promise<ProductIndex | null> {
  const current = loaded.get(name);
  if (current) {
    if (now - current.checkedAt >= INDEX_REFRESH_MS && !current.refreshing) current.refreshing = refresh(name, current);
    return current.index;
  }
  let pending = loading.get(name);
  if (!pending) {
    pending = fetchIndex(name).finally(() => loading.delete(name));
    loading.set(name, pending);
  }
  return (await pending)?.index ?? null;
}

/** Forgets the indexes held in memory (tests: the next loadIndex reads S3 again). */
export function forgetLoadedIndexes(): void {
  loaded.clear();
}

/**
 * The records of one page of ranked hits, in rank order: read in one BatchGetItem, those missing
 * from the table (deleted since the index was written) or refused by `keep` left out.
 * @throws AppError 400 on a bad cursor
 */
export async function pageOfHits(
  hits: SearchHit[],
  page: PageRequest,
  keep: (p: ProductRecord) => boolean,
): Promise<{ items: ProductRecord[]; next_cursor: string | null }> {
  const offset = page.cursor ? decodeOffsetCursor(page.cursor) : 0;
  const end = offset + pageLimit(page);
  const ids = hits.slice(offset, end).map((h) => h.id);
  const records = ids.length ? new Map((await getProductsByIds(ids)).map((p) => [p.id, p])) : new Map();
  const items = ids.flatMap((id) => {
    const p = records.get(id);
    return p && keep(p) ? [p] : [];
  });
  return { items, next_cursor: end < hits.length && end <= MAX_OFFSET ? encodeOffsetCursor(end) : null };
}
