/**
 * The publish step's product pages: each public product's published document
 * (product-document.ts) in the web bucket at `published/product/{id}.html`, built from the build's
 * prerendered product page (`prerendered/product.html` in the same bucket, deployed with the SPA).
 * A tier-restricted or deleted product has no document (it is deleted): its URL keeps the generic
 * product page, and the SPA asks the API, which decides as always.
 *
 * The local origin serves a product's published document when there is one
 * (infra/local/origin/web-server.ts); in the cloud, CloudFront's viewer-request function serves it
 * when the KeyValueStore of published pages holds its key, which this step puts after writing the
 * document and removes before deleting it, then invalidates the changed paths (edge.ts).
 */
import { canAccessTier, NO_MEMBERSHIP } from '../../shared/tiers';
import { listApprovedCommentsPage, getProductsByIds, listProducts, listVariants } from '../data/catalog-repository';
import { toProductDetailDto, type ProductRecord } from '../data/catalog-items';
import { shopOrigin } from '../lib/shop-url';
import { env } from '../lib/env';
import { deleteObjects, getObjectText, putObject } from '../lib/s3';
import { productDocument } from './product-document';
import { productPageKey, updateEdge, type EdgeOutcome } from './edge';

/** Key of the build's prerendered product page in the web bucket: the template of every product document. */
export const PRODUCT_TEMPLATE_KEY = 'prerendered/product.html';

/** Key of a product's published document in the web bucket. */
export const publishedProductKey = (id: string): string => `published/product/${id}.html`;

/** Approved reviews a published document shows (the product page's first page). */
export const PUBLISHED_REVIEWS = 10;

/** What a publish of product pages did. */
export interface PagesOutcome {
  written: number;
  deleted: number;
  /** The KeyValueStore keys put and removed and the paths invalidated (functions/publish/edge.ts). */
  edge: EdgeOutcome | null;
  /** True when the web bucket holds no template yet (the SPA was never deployed): nothing was written. */
  noTemplate: boolean;
}

/** Whether a product gets a published document: only what a visitor may see. */
export function isPublishedProduct(p: Pick<ProductRecord, 'premium_tier'>): boolean {
  return canAccessTier(p.premium_tier, NO_MEMBERSHIP);
}

async function publishOne(template: string, origin: string, p: ProductRecord): Promise<void> {
  // A product with options is published with its variants (its JSON-LD is a ProductGroup).
  const [reviews, variants] = await Promise.all([
    listApprovedCommentsPage(p.id, { limit: PUBLISHED_REVIEWS }),
    p.options?.length ? listVariants(p.id) : Promise.resolve([]),
  ]);
  const product = toProductDetailDto(p, [], variants);
  const gtins = Object.fromEntries(variants.flatMap((v) => (v.gtin ? [[v.id, v.gtin]] : [])));
  const html = productDocument({ template, product, origin, reviews: reviews.items, gtins });
  await putObject(env.webBucket, publishedProductKey(p.id), html, 'text/html; charset=utf-8', 'no-cache');
}

async function publish(products: readonly ProductRecord[], gone: readonly string[]): Promise<PagesOutcome> {
  const template = await getObjectText(env.webBucket, PRODUCT_TEMPLATE_KEY);
  if (template === null || template === 'unchanged') return { written: 0, deleted: 0, noTemplate: true, edge: null };
  const origin = await shopOrigin();
  const shown = products.filter(isPublishedProduct);
  const hidden = [...gone, ...products.filter((p) => !isPublishedProduct(p)).map((p) => p.id)];
  // The edge routes a key to its document: a key leaves before its document, and comes after it.
  if (hidden.length) {
    await updateEdge({ remove: hidden.map(productPageKey) });
    await deleteObjects(env.webBucket, hidden.map(publishedProductKey));
  }
  for (const p of shown) await publishOne(template.body, origin, p);
  const edge = await updateEdge({
    put: shown.map((p) => productPageKey(p.id)),
    invalidate: [...shown.map((p) => p.id), ...hidden].map(productPageKey),
  });
  return { written: shown.length, deleted: hidden.length, noTemplate: false, edge };
}

/**
 * Publishes the current state of the products `ids`: the public ones' documents written, the
 * others' (restricted, or no longer in the table) deleted.
 * DynamoDB: 1 BatchGetItem per 100 ids + 1 Query (AP31) per public product, and 1 Query of its
 * variants (AP148) per public product with options. S3: 1 GetObject (the
 * template) + 1 PutObject per public product + 1 DeleteObjects. In the cloud: the edge's
 * KeyValueStore updated and one CloudFront invalidation (edge.ts).
 * @throws the S3, SSM or DynamoDB error (the consumer's batch is retried)
 */
export async function publishProductPages(ids: readonly string[]): Promise<PagesOutcome> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { written: 0, deleted: 0, noTemplate: false, edge: null };
  const found = await getProductsByIds(unique);
  const present = new Set(found.map((p) => p.id));
  return publish(
    found,
    unique.filter((id) => !present.has(id)),
  );
}

/**
 * Every public product's document from the whole catalogue (AP1), for a new stage or a changed
 * template (`npm run publish-site`, the local runtime's start). Documents of products deleted
 * meanwhile are left (the SPA answers their URL as for any unknown product once the API says 404).
 */
export async function publishAllProductPages(): Promise<PagesOutcome> {
  return publish(await listProducts(), []);
}
