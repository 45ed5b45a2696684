/**
 * Catalogue repository: products, categories, bundles, subscription plans, discount tiers and
 * product comments over the single table. Each read below is one access pattern of
 * access-patterns.md and costs the DynamoDB requests noted there.
 */
import { ddb, GetCommand, PutCommand, QueryCommand } from '../lib/dynamo';
import { MAX_VARIANTS } from '../../shared/variants';
import { bundleAccessTier, type PremiumTier } from '../../shared/tiers';
import { env } from '../lib/env';
import { keys, partition, COLLECTION, CATEGORY_HEAD_SK, SK_PREFIX } from './keys';
import { bundleItem, categoryItem, commentItem, discountTierItem, planItem, productItems } from './items';
import { queryAll, stripKeys } from './query';
import { batchGet, batchGetItems, batchWrite } from './batch';
import { queryPage, queryPageWhere, type Page, type PageRequest } from './page';
import type {
  BundleRecord,
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
  ProductRecord,
  VariantRecord,
} from './catalog-items';
import type { ProfileRecord } from './profile-repository';

/** Every item of a GSI1 collection, in GSI1SK order (descending with `newestFirst`). 1 Query per 1 MB page. */
async function listCollection<T>(collection: string, newestFirst = false): Promise<T[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': collection },
    ...(newestFirst ? { ScanIndexForward: false } : {}),
  });
  return items.map((i) => stripKeys<T>(i));
}

/** AP1: all products, created_at ascending. 1 Query on GSI1 (PRODUCTS) per 1 MB. */
export function listProducts(): Promise<ProductRecord[]> {
  return listCollection<ProductRecord>(COLLECTION.products);
}

/**
 * AP1 paged: one page of the products that satisfy `keep`, created_at ascending (GET /api/products).
 * At most FILTERED_PAGE_READ.maxQueries Queries on GSI1 (PRODUCTS), the first examining
 * firstQueryItems products, the next FILTERED_PAGE_READ.itemsPerQuery (queryPageWhere).
 * @param keep the listing filter (tier access, name search), on the stored record
 */
export function listProductsPage(page: PageRequest, keep: (p: ProductRecord) => boolean): Promise<Page<ProductRecord>> {
  return queryPageWhere<ProductRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.products },
    },
    { name: 'GSI1PK', value: COLLECTION.products },
    page,
    keep,
  );
}

/**
 * AP4 paged: one page of a category's products that satisfy `keep`, created_at ascending
 * (GET /api/products?category_id=). At most FILTERED_PAGE_READ.maxQueries Queries on GSI2.
 * @param read Query sizes (default FILTERED_PAGE_READ; tests pass small ones)
 */
export function listProductsOfCategoryPage(
  categoryId: string,
  page: PageRequest,
  keep: (p: ProductRecord) => boolean,
  read?: { itemsPerQuery: number; maxQueries: number },
): Promise<Page<ProductRecord>> {
  return queryPageWhere<ProductRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK > :head',
      ExpressionAttributeValues: { ':pk': partition.category(categoryId), ':head': CATEGORY_HEAD_SK },
    },
    { name: 'GSI2PK', value: partition.category(categoryId) },
    page,
    keep,
    read,
  );
}

/** AP2: one product by id (gallery embedded), or null. 1 GetItem. */
export async function getProduct(id: string): Promise<ProductRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.product(id) }));
  return out.Item ? stripKeys<ProductRecord>(out.Item) : null;
}

/** The SK range of AP148: the product item (`PRODUCT`) and its variants (`VARIANT#…`), not its comments. */
const PRODUCT_AND_VARIANTS = { from: keys.product('-').SK, to: `${SK_PREFIX.variant}\uffff` } as const;

/**
 * AP148: a product and its variants (position order) in one Query of its partition
 * (`PK = PRODUCT#{id} AND SK BETWEEN 'PRODUCT' AND 'VARIANT#\uffff'`: the comments sort before the
 * product item and are not read), or null when the product does not exist. Exactly 1 request: the
 * Query's Limit is the product item and MAX_VARIANTS variants, far below the 1 MB of one Query, so
 * it is never paged.
 */
export async function getProductWithVariants(
  id: string,
): Promise<{ product: ProductRecord; variants: VariantRecord[] } | null> {
  const { Items: items = [] } = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': partition.product(id),
        ':from': PRODUCT_AND_VARIANTS.from,
        ':to': PRODUCT_AND_VARIANTS.to,
      },
      Limit: MAX_VARIANTS + 1,
    }),
  );
  const product = items.find((i) => i.SK === PRODUCT_AND_VARIANTS.from);
  if (!product) return null;
  return {
    product: stripKeys<ProductRecord>(product),
    variants: sortVariants(
      items.filter((i) => String(i.SK).startsWith(SK_PREFIX.variant)).map((i) => stripKeys<VariantRecord>(i)),
    ),
  };
}

/** A product's variants in their shop order (position, then creation). */
export const sortVariants = (variants: VariantRecord[]): VariantRecord[] =>
  variants.sort((a, b) => a.position - b.position || a.created_at.localeCompare(b.created_at));

/** AP148 without the product: a product's variants in their shop order (none when the product is gone). 1 Query. */
export async function listVariants(productId: string): Promise<VariantRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)',
    ExpressionAttributeValues: { ':pk': partition.product(productId), ':v': SK_PREFIX.variant },
  });
  return sortVariants(items.map((i) => stripKeys<VariantRecord>(i)));
}

/**
 * AP2+: a product and, when `sub` is given, the caller's profile (AP11, which carries the
 * membership) in one BatchGetItem. Either is null when missing. 1 request.
 */
export async function getProductAndProfile(
  id: string,
  sub: string | null,
): Promise<{ product: ProductRecord | null; profile: ProfileRecord | null }> {
  const Keys = [keys.product(id), ...(sub ? [keys.profile(sub)] : [])];
  const items = await batchGetItems(Keys);
  const product = items.find((i) => i.PK === keys.product(id).PK);
  const profile = sub ? items.find((i) => i.PK === keys.profile(sub).PK) : undefined;
  return {
    product: product ? stripKeys<ProductRecord>(product) : null,
    profile: profile ? stripKeys<ProfileRecord>(profile) : null,
  };
}

/**
 * AP142: a category and one page of its products that satisfy `keep`, created_at ascending (the
 * category page, GET /api/categories/{id}). The first page's Queries start at the partition's head,
 * so the category item (GSI2SK '#', sorting first) arrives with the products in the same Query; a
 * later page (cursor, which always points after the head) reads the category with 1 GetItem beside
 * its Queries. The filter runs in code on at most FILTERED_PAGE_READ.maxQueries Queries (the first
 * of firstQueryItems items, the next of FILTERED_PAGE_READ.itemsPerQuery; queryPageWhere), never as
 * a FilterExpression, whose Limit would count the items read before filtering; after those Queries
 * the page answers with what it kept (possibly fewer than `limit`) and a cursor.
 * DynamoDB: first page 1 Query (2 when the first does not fill the page); later pages the same +
 * 1 GetItem, in parallel.
 * @returns null when the category does not exist
 * @throws AppError 400 on a bad cursor
 */
export async function getCategoryPage(
  categoryId: string,
  page: PageRequest,
  keep: (p: ProductRecord) => boolean,
): Promise<{ category: CategoryRecord; products: Page<ProductRecord> } | null> {
  if (page.cursor) {
    const [category, products] = await Promise.all([
      getCategory(categoryId),
      listProductsOfCategoryPage(categoryId, page, keep),
    ]);
    return category ? { category, products } : null;
  }
  const head: { category?: CategoryRecord } = {};
  const products = await queryPageWhere<ProductRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.category(categoryId) },
    },
    { name: 'GSI2PK', value: partition.category(categoryId) },
    page,
    (p, stored) => {
      if (stored.GSI2SK !== CATEGORY_HEAD_SK) return keep(p);
      head.category = p as unknown as CategoryRecord;
      return false;
    },
  );
  return head.category ? { category: head.category, products } : null;
}

/** AP143: one category by id, or null. 1 GetItem. */
export async function getCategory(id: string): Promise<CategoryRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.category(id) }));
  return out.Item ? stripKeys<CategoryRecord>(out.Item) : null;
}

/**
 * AP141: one page of the products of a premium tier, by lower-cased name (the /premium showcase).
 * GSI5 PREMIUM_PRODUCTS holds only those products (sparse), so every item read is shown and the
 * page is full: 1 Query with Limit = the page size, whatever the catalogue's size.
 * @throws AppError 400 on a bad cursor
 */
export function listPremiumProductsPage(page: PageRequest): Promise<Page<ProductRecord>> {
  return queryPage<ProductRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI5',
      KeyConditionExpression: 'GSI5PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.premiumProducts },
    },
    { name: 'GSI5PK', value: COLLECTION.premiumProducts },
    page,
  );
}

/** AP4: products of a category (no head item), created_at ascending. 1 Query on GSI2. */
export async function listProductsOfCategory(categoryId: string): Promise<ProductRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK > :head',
    ExpressionAttributeValues: { ':pk': partition.category(categoryId), ':head': CATEGORY_HEAD_SK },
  });
  return items.map((i) => stripKeys<ProductRecord>(i));
}

/** AP5: categories ordered by name. 1 Query on GSI1 (CATEGORIES). */
export function listCategories(): Promise<CategoryRecord[]> {
  return listCollection<CategoryRecord>(COLLECTION.categories);
}

/** AP6: bundles, created_at ascending. 1 Query on GSI1 (BUNDLES). */
export function listBundles(): Promise<BundleRecord[]> {
  return listCollection<BundleRecord>(COLLECTION.bundles);
}

/** AP7: subscription plans by duration_months ascending. 1 Query on GSI1 (PLANS). */
export function listPlans(): Promise<PlanRecord[]> {
  return listCollection<PlanRecord>(COLLECTION.plans);
}

/** AP8: discount tiers by name. 1 Query on GSI1 (DISCOUNT_TIERS). */
export async function listDiscountTiers(): Promise<DiscountTierRecord[]> {
  return (await listCollection<Record<string, unknown>>(COLLECTION.discountTiers)).map(tierFromItem);
}

/** A stored discount tier as a record: the plan-id string set becomes an array. */
export function tierFromItem(item: Record<string, unknown>): DiscountTierRecord {
  const { plan_ids, ...rest } = stripKeys<DiscountTierRecord & { plan_ids?: Set<string> | string[] }>(item);
  return { ...rest, ...(plan_ids ? { plan_ids: [...plan_ids].sort() } : {}) };
}

/**
 * AP9: a product and all its comments in one Query on the product partition (PRODUCT#{id}):
 * the product item (SK 'PRODUCT') tells whether it exists and its tier; comments follow
 * (SK 'COMMENT#{created_at}#{id}'). 1 request.
 */
export async function getProductWithComments(
  productId: string,
): Promise<{ product: ProductRecord; comments: CommentRecord[] } | null> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition.product(productId) },
  });
  const product = items.find((i) => i.SK === keys.product(productId).SK);
  if (!product) return null;
  return {
    product: stripKeys<ProductRecord>(product),
    comments: items.filter((i) => String(i.SK).startsWith(SK_PREFIX.comment)).map((i) => stripKeys<CommentRecord>(i)),
  };
}

/**
 * AP31: one page of a product's approved comments, pinned first then newest (the product page's reviews):
 * 1 Query on GSI2 (sparse `PRODUCT_REVIEWS#{id}`, only approved comments are in it).
 * @throws AppError 400 on a bad cursor
 */
export function listApprovedCommentsPage(productId: string, page: PageRequest): Promise<Page<CommentRecord>> {
  return queryPage<CommentRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.productReviews(productId) },
      ScanIndexForward: false,
    },
    { name: 'GSI2PK', value: partition.productReviews(productId) },
    page,
  );
}

/**
 * AP10: every comment of every product, newest first (admin moderation list, pending and
 * approved alike). 1 Query per 1 MB page on GSI1 (COMMENTS, GSI1SK `{created_at}#{id}`).
 * @returns stored comments, created_at descending
 */
export function listAllComments(): Promise<CommentRecord[]> {
  return listCollection<CommentRecord>(COLLECTION.comments, true);
}

// ---- writes (seed now, admin screens later) -------------------------------------------------

/**
 * Stores a product with its variants and their SKU claims (seed, tests; the back office writes
 * through product-admin-repository.ts): without variants, its default variant from its own price
 * and stock (items.ts defaultVariant). 1 BatchWriteItem per 25 items.
 */
export async function putProduct(p: ProductRecord, variants?: readonly VariantRecord[]): Promise<void> {
  await batchWrite(productItems(p, variants).map((put) => ({ put })));
}

/** Stores a category (GSI1 by lower-cased name; GSI2 head of its partition). */
export async function putCategory(c: CategoryRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: categoryItem(c) }));
}

/**
 * Stores a bundle with its product ids and its `access_tier`: the highest tier of its products as
 * they are now (shared/tiers.ts bundleAccessTier), so the public listing (AP6) can apply the bundle
 * tier rule without reading the products. 1 BatchGetItem (AP24) + 1 PutItem.
 * A product's tier change keeps it true through the back office (admin-catalog syncBundlesOfProduct).
 * @param b the bundle; a given access_tier is ignored (always recomputed)
 * @returns the stored record
 */
export async function putBundle(
  b: Omit<BundleRecord, 'access_tier'> & { access_tier?: PremiumTier },
): Promise<BundleRecord> {
  const products = b.product_ids.length ? await getProductsByIds(b.product_ids) : [];
  const record: BundleRecord = { ...b, access_tier: bundleAccessTier(products) };
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: bundleItem(record) }));
  return record;
}

/** Stores a subscription plan (GSI1 sorted by duration, then price). */
export async function putPlan(p: PlanRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: planItem(p) }));
}

/** Stores a discount tier (its plan ids as a string set; none: attribute absent). */
export async function putDiscountTier(t: DiscountTierRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: discountTierItem(t) }));
}

/** Stores a comment in its product's partition (and in the admin COMMENTS collection, newest first by GSI1SK). */
export async function putComment(c: CommentRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: commentItem(c) }));
}

/** AP24: products by id (duplicates and missing ids skipped; order not kept). 1 BatchGetItem per 100 distinct ids. */
export async function getProductsByIds(ids: string[]): Promise<ProductRecord[]> {
  return batchGet<ProductRecord>(ids.map((id) => keys.product(id)));
}

/** AP24: bundles by id (duplicates and missing ids skipped; order not kept). 1 BatchGetItem per 100 distinct ids. */
export async function getBundlesByIds(ids: string[]): Promise<BundleRecord[]> {
  return batchGet<BundleRecord>(ids.map((id) => keys.bundle(id)));
}

/** AP25: one bundle by id, or null. 1 GetItem. */
export async function getBundle(id: string): Promise<BundleRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.bundle(id) }));
  return out.Item ? stripKeys<BundleRecord>(out.Item) : null;
}
