/**
 * The publish step's category pages: each category's published document (category-document.ts)
 * in the web bucket at `published/category/{id}.html`, built from the build's SPA shell
 * (`index.html` in the same bucket, deployed with the SPA) and the first page of the category's
 * public products (CATEGORY_PAGE_PRODUCTS, the page size of the listing). Republished when a
 * product of the category changes (added, removed, renamed, repriced, restricted) and when the
 * category itself does; a deleted category's document is deleted. As for product pages, the key
 * `/category/{id}` of the edge's KeyValueStore is put after the document is written and removed
 * before it is deleted (edge.ts); the local origin serves the document when it exists.
 */
import { listCategories, listProductsOfCategoryPage } from '../data/catalog-repository';
import { getCategory } from '../data/catalog-admin-repository';
import type { CategoryRecord } from '../data/catalog-items';
import { shopOrigin } from '../lib/shop-url';
import { env } from '../lib/env';
import { deleteObjects, getObjectText, putObject } from '../lib/s3';
import { categoryDocument } from './category-document';
import { categoryPageKey, updateEdge, type EdgeOutcome } from './edge';
import { isPublishedProduct } from './product-pages';

/** Key of the build's SPA shell in the web bucket: the template of every category document. */
export const CATEGORY_TEMPLATE_KEY = 'index.html';

/** Key of a category's published document in the web bucket. */
export const publishedCategoryKey = (id: string): string => `published/category/${id}.html`;

/** Products a category's document lists: the first page, as the listing pages (PRODUCTS_PAGE_SIZE). */
export const CATEGORY_PAGE_PRODUCTS = 24;

/** What a publish of category pages did. */
export interface CategoryPagesOutcome {
  written: number;
  deleted: number;
  /** True when the web bucket holds no SPA shell yet: nothing was written. */
  noTemplate: boolean;
  edge: EdgeOutcome | null;
}

async function publishOne(template: string, origin: string, category: CategoryRecord): Promise<void> {
  const page = await listProductsOfCategoryPage(category.id, { limit: CATEGORY_PAGE_PRODUCTS }, isPublishedProduct);
  const html = categoryDocument({ template, category, products: page.items, origin });
  await putObject(env.webBucket, publishedCategoryKey(category.id), html, 'text/html; charset=utf-8', 'no-cache');
}

async function publish(categories: readonly CategoryRecord[], gone: readonly string[]): Promise<CategoryPagesOutcome> {
  const template = await getObjectText(env.webBucket, CATEGORY_TEMPLATE_KEY);
  if (template === null || template === 'unchanged') return { written: 0, deleted: 0, noTemplate: true, edge: null };
  const origin = await shopOrigin();
  if (gone.length) {
    await updateEdge({ remove: gone.map(categoryPageKey) });
    await deleteObjects(env.webBucket, gone.map(publishedCategoryKey));
  }
  for (const c of categories) await publishOne(template.body, origin, c);
  const edge = await updateEdge({
    put: categories.map((c) => categoryPageKey(c.id)),
    invalidate: [...categories.map((c) => c.id), ...gone].map(categoryPageKey),
  });
  return { written: categories.length, deleted: gone.length, noTemplate: false, edge };
}

/**
 * Publishes the current state of the categories `ids`: each existing one's document written, a
 * missing one's deleted.
 * DynamoDB per category: 1 GetItem (AP48) + at most FILTERED_PAGE_READ.maxQueries Queries on GSI2
 * (AP4 paged, the first page of public products). S3: 1 GetObject (the shell) + 1 PutObject per
 * category + 1 DeleteObjects. In the cloud: the edge's KeyValueStore and one invalidation (edge.ts).
 * @throws the S3, SSM or DynamoDB error (the consumer's batch is retried)
 */
export async function publishCategoryPages(ids: readonly string[]): Promise<CategoryPagesOutcome> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { written: 0, deleted: 0, noTemplate: false, edge: null };
  const found: CategoryRecord[] = [];
  const gone: string[] = [];
  for (const id of unique) {
    const category = await getCategory(id);
    if (category) found.push(category);
    else gone.push(id);
  }
  return publish(found, gone);
}

/** Every category's document (AP5, then as publishCategoryPages), for a new stage or a changed shell. */
export async function publishAllCategoryPages(): Promise<CategoryPagesOutcome> {
  return publish(await listCategories(), []);
}
