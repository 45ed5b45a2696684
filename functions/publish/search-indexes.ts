/**
 * The publish step's search part: keeps the two product search indexes of the search bucket
 * (functions/data/search-index-repository.ts) in step with the table.
 *  - applyProductChanges: a batch of product writes from the table's stream (the publish
 *    consumer, functions/streams/publish.ts): each index read once, changed, written once;
 *  - rebuildSearchIndexes: both indexes from the whole catalogue (a new stage, a changed index
 *    format; scripts/publish-site.ts and the local runtime's start).
 */
import { listProducts, listVariants } from '../data/catalog-repository';
import type { ProductRecord } from '../data/catalog-items';
import {
  isPublicProduct,
  readIndex,
  searchDocument,
  writeIndex,
  type IndexName,
} from '../data/search-index-repository';
import { ProductIndex, type SearchDocument } from '../lib/product-search';

/** One product write as the stream reports it: the item before and after (null when absent). */
export interface ProductChange {
  before: ProductRecord | null;
  after: ProductRecord | null;
}

/** What a rebuild or a batch did: products held by each index afterwards, and whether each was written. */
export interface IndexOutcome {
  public: { size: number; written: boolean };
  all: { size: number; written: boolean };
}

const INDEXES: readonly IndexName[] = ['public', 'all'];

/** Whether an index holds a product: the `all` index every product, the public one only what a visitor may see. */
function belongsIn(name: IndexName, p: ProductRecord): boolean {
  return name === 'all' || isPublicProduct(p);
}

function sameDocument(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.category === b.category &&
    a.category_id === b.category_id &&
    a.tier === b.tier
  );
}

/**
 * Whether a product with options may have changed its variants' SKUs or values: the variant grid's
 * save (and a restock) writes the product item's `updated_at` and `options` with them; a sale
 * moves its stock sum alone.
 */
function variantsMayDiffer(before: ProductRecord, after: ProductRecord): boolean {
  if (!before.options?.length && !after.options?.length) return false;
  return before.updated_at !== after.updated_at || JSON.stringify(before.options) !== JSON.stringify(after.options);
}

/** True when a change touches what an index holds (not, say, a stock level or a price alone). */
function touches(name: IndexName, change: ProductChange): boolean {
  const before = change.before && belongsIn(name, change.before) ? searchDocument(change.before) : null;
  const after = change.after && belongsIn(name, change.after) ? searchDocument(change.after) : null;
  if (!before || !after) return before !== after;
  return !sameDocument(before, after) || variantsMayDiffer(change.before!, change.after!);
}

/** How many products' variants are read at once (1 Query each). */
const VARIANT_READS = 16;

/**
 * The index documents of `products`, each product with options with its variants (AP148's
 * variants: 1 Query per such product, VARIANT_READS at a time).
 */
async function documentsOf(products: readonly ProductRecord[]): Promise<Map<string, SearchDocument>> {
  const docs = new Map<string, SearchDocument>();
  const withOptions = products.filter((p) => p.options?.length);
  for (const p of products) if (!p.options?.length) docs.set(p.id, searchDocument(p));
  for (let i = 0; i < withOptions.length; i += VARIANT_READS)
    await Promise.all(
      withOptions
        .slice(i, i + VARIANT_READS)
        .map(async (p) => docs.set(p.id, searchDocument(p, await listVariants(p.id)))),
    );
  return docs;
}

/**
 * Applies product writes to both indexes, in stream order (the last write of a product wins).
 * An index no change touches is neither read nor written; a missing index is rebuilt from the
 * table instead (1 Query per 1 MB of products). A touched product with options reads its variants
 * (1 Query), whose active SKUs and option values the index holds.
 * S3: per touched index 1 GetObject + 1 PutObject.
 * @throws the S3 or DynamoDB error (the consumer reports the batch as failed and it is retried)
 */
export async function applyProductChanges(changes: readonly ProductChange[]): Promise<IndexOutcome> {
  const outcome: IndexOutcome = { public: { size: 0, written: false }, all: { size: 0, written: false } };
  for (const name of INDEXES) {
    const relevant = changes.filter((c) => touches(name, c));
    if (relevant.length === 0) continue;
    const stored = await readIndex(name);
    if (!stored) {
      const rebuilt = await rebuildIndex(name);
      outcome[name] = { size: rebuilt, written: true };
      continue;
    }
    const docs = await documentsOf(relevant.flatMap((c) => (c.after && belongsIn(name, c.after) ? [c.after] : [])));
    for (const { before, after } of relevant) {
      const doc = after && belongsIn(name, after) ? docs.get(after.id) : undefined;
      if (doc) stored.index.put(doc);
      else stored.index.remove((after ?? before)!.id);
    }
    await writeIndex(name, stored.index);
    outcome[name] = { size: stored.index.size, written: true };
  }
  return outcome;
}

async function rebuildIndex(
  name: IndexName,
  products?: readonly ProductRecord[],
  documents?: Map<string, SearchDocument>,
): Promise<number> {
  const all = products ?? (await listProducts());
  const docs = documents ?? (await documentsOf(all));
  const index = ProductIndex.build(all.filter((p) => belongsIn(name, p)).map((p) => docs.get(p.id)!));
  await writeIndex(name, index);
  return index.size;
}

/**
 * Both indexes from the whole catalogue (AP1: 1 Query per 1 MB of products, and 1 Query of the
 * variants of each product with options), replacing what the bucket holds. S3: 2 PutObject.
 */
export async function rebuildSearchIndexes(): Promise<IndexOutcome> {
  const products = await listProducts();
  const documents = await documentsOf(products);
  const [publicSize, allSize] = await Promise.all([
    rebuildIndex('public', products, documents),
    rebuildIndex('all', products, documents),
  ]);
  return { public: { size: publicSize, written: true }, all: { size: allSize, written: true } };
}
