/**
 * Product use-cases of the back office (the Prodotti screen, the product fields and form rules).
 * Money in integer euro cents.
 *
 * Rules kept here:
 *  - the category name is copied onto the product (category_name) in a transaction that checks the
 *    category still exists under that name;
 *  - a product that is not digital has no digital asset; the asset's link set follows the product;
 *  - raising a product's tier makes every bundle holding it premium (shared/admin-catalog.ts);
 *  - a delete takes the product out of S3, carts, wishlists, bundles and its comments, and leaves
 *    orders alone (they keep their snapshot).
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminProductDetailDto,
  AdminProductDto,
  InventoryAlertDto,
  InventoryAlertsDto,
  ProductDeletedDto,
} from '../../shared/api/admin-catalog';
import type { PageResponse } from '../../shared/api/route';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import type { AdminProductListQuery, ProductInput } from '../../shared/schemas/admin-catalog';
import { cartLineId } from '../../shared/cart';
import { stockState } from '../../shared/stock';
import { normaliseTier, tierLevel } from '../../shared/tiers';
import { API_MSG } from '../../shared/messages/api-messages';
import * as catalog from '../data/catalog-repository';
import { getCategory } from '../data/catalog-admin-repository';
import {
  createProduct,
  deleteProductItem,
  listProductsByNamePrefix,
  listProductsPage,
  listStockAlerts,
  ProductSaveConflict,
  setVariantQuantity,
  updateProduct,
  type StockAlert,
  type CategoryGuard,
  type ProductFields,
} from '../data/product-admin-repository';
import { removeFromAllCarts } from '../data/holders-repository';
import { readRecentPrices } from '../data/price-history-repository';
import { deleteCommentsOfProduct } from '../data/comment-repository';
import { env } from '../lib/env';
import type { ProductRecord } from '../data/catalog-items';
import { badRequest, conflict, notFound, serviceUnavailable } from '../lib/errors';
import type { Change } from '../lib/audit';
import { deleteObjects, listKeys } from '../lib/s3';
import { syncBundlesOfProduct } from './bundles';
import { toAdminProductDetailDto, toAdminProductDto, toInventoryAlertDto } from './dto';

/**
 * GET /api/admin/products: one page of products.
 *  - without `q`: by name, optionally filtered by category and tier (AP40). 1 Query (more when
 *    filtered) + the profile check;
 *  - with `q`: the staff search index (every tier), best match first, filtered by category and
 *    tier, the page's records read in 1 BatchGetItem; the first page also puts first the products
 *    whose name starts with `q` as the table holds them now (AP99, 1 Query), so a product saved a
 *    moment ago is found by its name before the index has it. 3 requests with the profile check.
 * @throws AppError 400 on a bad cursor; 503 when the stage's index has never been published
 */
export async function listAdminProducts(query: AdminProductListQuery): Promise<PageResponse<AdminProductDto>> {
  if (query.q) return searchAdminProducts({ ...query, q: query.q });
  const page = await listProductsPage(
    { q: query.q, categoryId: query.category_id, tier: query.premium_tier },
    { limit: query.limit, cursor: query.cursor },
  );
  return { items: page.items.map(toAdminProductDto), next_cursor: page.next_cursor };
}

async function searchAdminProducts(
  query: AdminProductListQuery & { q: string },
): Promise<PageResponse<AdminProductDto>> {
  const matches = (p: { category_id: string | null; tier?: string; premium_tier?: string }) =>
    (!query.category_id || p.category_id === query.category_id) &&
    (!query.premium_tier || normaliseTier(p.tier ?? p.premium_tier) === query.premium_tier);
  // The search engine and its index are loaded on the first search, not at every cold start.
  const { loadIndex, pageOfHits } = await import('../data/search-index-repository');
  const [index, fresh] = await Promise.all([
    loadIndex('all'),
    query.cursor ? Promise.resolve([]) : listProductsByNamePrefix(query.q),
  ]);
  if (!index) throw serviceUnavailable(API_MSG.searchUnavailable);
  const page = await pageOfHits(index.search(query.q, matches), { limit: query.limit, cursor: query.cursor }, matches);
  const first = fresh.filter((p) => matches(p) && !page.items.some((i) => i.id === p.id));
  return { items: [...first, ...page.items].map(toAdminProductDto), next_cursor: page.next_cursor };
}

/**
 * GET /api/admin/products/{id}: the product, its gallery and its recent prices (the form shows the
 * 30-day lowest price a new price would announce). AP2 + AP97 (1 Query, usually).
 * @throws AppError 404
 */
export async function getAdminProduct(id: string): Promise<AdminProductDetailDto> {
  const [product, prices] = await Promise.all([requireProduct(id), readRecentPrices('product', id)]);
  return toAdminProductDetailDto(product, prices);
}

/** The product or 404 'Prodotto non trovato.' (AP2). */
export async function requireProduct(id: string): Promise<ProductRecord> {
  const product = await catalog.getProduct(id);
  if (!product) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  return product;
}

/** The category a product joins, for the name copy and the transaction's check. @throws AppError 400 field category_id */
async function categoryGuard(categoryId: string | null): Promise<CategoryGuard | null> {
  if (!categoryId) return null;
  const category = await getCategory(categoryId);
  if (!category) throw badRequest(CATALOG_ADMIN_API_MSG.categoryMissing, 'category_id');
  return { id: category.id, name: category.name };
}

/** Runs a save, re-reading the category once if it was renamed meanwhile; maps refusals to 400/404. */
async function withCategory<T>(
  categoryId: string | null,
  save: (guard: CategoryGuard | null) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await save(await categoryGuard(categoryId));
    } catch (e) {
      if (!(e instanceof ProductSaveConflict)) throw e;
      if (e.part === 'category' && attempt === 0) continue;
      if (e.part === 'category') throw badRequest(CATALOG_ADMIN_API_MSG.categoryMissing, 'category_id');
      if (e.part === 'asset') throw badRequest(CATALOG_ADMIN_API_MSG.assetMissing, 'digital_asset_id');
      if (e.part === 'price') throw conflict(CATALOG_ADMIN_API_MSG.priceChangedMeanwhile);
      if (e.part === 'sku') throw conflict(CATALOG_ADMIN_API_MSG.skuTakenByOther);
      throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
    }
  }
}

/** The stored fields of a validated form: everything but id, created_at, gallery and stock. */
function fieldsOf(input: ProductInput, categoryName: string | null, now: string): Omit<ProductFields, 'quantity'> {
  return {
    name: input.name,
    description: input.description,
    price_cents: input.price_cents,
    announce_reduction: input.announce_reduction,
    vat_rate: input.vat_rate,
    category_id: input.category_id,
    category_name: categoryName,
    badge: input.badge,
    rating: input.rating,
    reviews: input.reviews,
    is_digital: input.is_digital,
    digital_asset_id: input.digital_asset_id,
    premium_tier: input.premium_tier,
    supplier_product_url: input.supplier_product_url,
    product_safety: input.product_safety,
    updated_at: now,
  };
}

/**
 * POST /api/admin/products: a new product without images (they follow via upload slots and PUT
 * .../images). Quantity missing or null is 0. DynamoDB: 1 GetItem (category) + 1 TransactWriteItems.
 * @throws AppError 400 (category or asset gone)
 */
export async function createAdminProduct(
  input: ProductInput,
  now = new Date(),
): Promise<Change<AdminProductDetailDto>> {
  const id = randomUUID();
  const iso = now.toISOString();
  const record = await withCategory(input.category_id, async (guard) => {
    const p: ProductRecord = {
      id,
      created_at: iso,
      image_url: null,
      images: [],
      quantity: input.quantity ?? 0,
      ...fieldsOf(input, guard?.name ?? null, iso),
    };
    await createProduct(p, guard);
    return p;
  });
  return {
    before: null,
    after: toAdminProductDetailDto(record, [{ price_cents: record.price_cents, at: record.created_at }]),
  };
}

/**
 * PUT /api/admin/products/{id}: saves the form. The stock changes only when `quantity` is sent
 * (null = 0). Raising the tier makes the bundles holding the product premium.
 * @throws AppError 404, 400 (category or asset gone)
 */
export async function updateAdminProduct(
  id: string,
  input: ProductInput,
  now = new Date(),
): Promise<Change<AdminProductDetailDto>> {
  const before = await requireProduct(id);
  const iso = now.toISOString();
  const after = await withCategory(input.category_id, (guard) =>
    updateProduct(
      before,
      {
        ...fieldsOf(input, guard?.name ?? null, iso),
        ...(input.quantity !== undefined ? { quantity: input.quantity ?? 0 } : {}),
      },
      guard,
    ),
  );
  if (tierLevel(after.premium_tier) !== tierLevel(before.premium_tier)) await syncBundlesOfProduct(id);
  // the same history on both sides: the audit records the price change as price_cents, not as a history diff
  const prices = await readRecentPrices('product', id);
  return { before: toAdminProductDetailDto(before, prices), after: toAdminProductDetailDto(after, prices) };
}

/**
 * DELETE /api/admin/products/{id}. Order (each step idempotent, so a failed delete can be retried):
 * image files under products/{id}/, bundle links, cart lines and wishlist items (AP42),
 * comments (AP9), then the product item with its asset link (one transaction). Orders keep their
 * snapshot (name, price, image URL).
 * @returns what was removed, and the product before (for the audit)
 * @throws AppError 404
 */
export async function deleteAdminProduct(
  id: string,
): Promise<{ result: ProductDeletedDto; before: AdminProductDetailDto }> {
  const product = await requireProduct(id);
  const imageKeys = [
    ...new Set([
      ...(product.images ?? []).map((i) => i.key).filter(Boolean),
      ...(await listKeys(env.imagesBucket, `products/${id}/`)),
    ]),
  ];
  const images = imageKeys.length ? await deleteObjects(env.imagesBucket, imageKeys) : 0;
  const bundles = await syncBundlesOfProduct(id, id);
  const carts = await removeFromAllCarts(cartLineId('product', id));
  const comments = await deleteCommentsOfProduct(id);
  if (!(await deleteProductItem(product))) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  return {
    result: {
      deleted: true,
      id,
      images,
      cart_lines: carts.cart_lines,
      wishlist_items: carts.wishlist_items,
      comments,
      bundles,
    },
    before: toAdminProductDetailDto(product),
  };
}

/**
 * PATCH /api/admin/products/{id}/stock: restock of a variant (the inventory alerts' field, the
 * variant grid's '+n pezzi'): the product and the variant read, the variant's stock set with its
 * product's sum (1 TransactWriteItems IF the stock is still the one read, read again otherwise;
 * product-admin-repository.ts setVariantQuantity).
 * @param change `{ quantity }` the units to set, or `{ add }` the units to add to the stock as it
 *   is when written (a sale made meanwhile is kept)
 * @param variantId the variant (absent: the product's default variant, whose id is the product's)
 * @throws AppError 404 product or variant unknown; 400 for a digital product
 */
export async function setAdminStock(
  id: string,
  change: { quantity: number } | { add: number },
  variantId: string = id,
  now = new Date(),
): Promise<Change<InventoryAlertDto>> {
  const found = await catalog.getProductWithVariants(id);
  if (!found) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  if (found.product.is_digital) throw badRequest(CATALOG_ADMIN_API_MSG.digitalNoStock, 'quantity');
  const variant = found.variants.find((v) => v.id === variantId);
  if (!variant) throw notFound(CATALOG_ADMIN_API_MSG.notFoundVariant);
  const target = 'add' in change ? (current: number) => current + change.add : () => change.quantity;
  const after = await setVariantQuantity(id, variantId, target, now.toISOString());
  if (!after) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  return { before: toInventoryAlertDto({ product: found.product, variant }), after: toInventoryAlertDto(after) };
}

/**
 * GET /api/admin/inventory-alerts: the variants of physical products sold out (quantity <= 0) and
 * low on stock (1-5), lowest stock first, each with its product (the Avvisi Inventario screen, the
 * stock states). 1 Query on the sparse stock index (AP41) and 1 BatchGetItem of their products:
 * its cost follows the number of alerts, not the catalogue.
 */
export async function listInventoryAlerts(): Promise<InventoryAlertsDto> {
  const alerts = await listStockAlerts();
  const state = (a: StockAlert) => stockState({ is_digital: a.product.is_digital, quantity: a.variant.quantity });
  return {
    sold_out: alerts.filter((a) => state(a) === 'sold_out').map(toInventoryAlertDto),
    low_stock: alerts.filter((a) => state(a) === 'low_stock').map(toInventoryAlertDto),
  };
}
