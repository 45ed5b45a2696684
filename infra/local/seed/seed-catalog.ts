/**
 * Seeds the catalogue: renders the SVG artwork, uploads it to the images bucket and writes
 * categories, products, bundles, discount tiers, plans and comments through the catalogue
 * repository (DynamoDB table from env TABLE_NAME). Idempotent: ids, image keys and texts are
 * deterministic, so a re-seed overwrites the same items and objects.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mediaUrl } from '../../../functions/lib/media';
import type {
  BundleRecord,
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
  ProductImage,
  ProductRecord,
  VariantRecord,
} from '../../../functions/data/catalog-items';
import { priceHistoryOf, variantSummary } from '../../../functions/data/items';
import {
  putBundle,
  putCategory,
  putComment,
  putDiscountTier,
  putPlan,
  putProduct,
} from '../../../functions/data/catalog-repository';
import { putPriceHistory, type PriceChangeRecord } from '../../../functions/data/price-history-repository';
import type { PricedItemKind } from '../../../functions/data/keys';
import { priceReduction } from '../../../shared/price-history';
import { SEED, buildComments, stableId } from './catalog-data';
import { bundleSvg, productGallerySvgs } from './images';

/** The seed data and the named fixtures, re-exported for callers of the seed entry point. */
export { SEED, SEED_FIXTURES, stableId } from './catalog-data';

/** Content type of every seed image. */
export const SEED_IMAGE_CONTENT_TYPE = 'image/svg+xml';

/** One object to upload to the images bucket. */
export interface SeedUpload {
  /** Key in the images bucket, e.g. 'products/{productId}/{timestamp}-{random}.svg'. */
  key: string;
  body: string;
}

/** Everything the seed writes, as plain records (no I/O). */
export interface SeedRecords {
  categories: CategoryRecord[];
  products: ProductRecord[];
  /** The variants of the products with options, by product id (a product without options: its default, written by putProduct). */
  variants: Map<string, VariantRecord[]>;
  bundles: BundleRecord[];
  discountTiers: DiscountTierRecord[];
  plans: PlanRecord[];
  comments: CommentRecord[];
  uploads: SeedUpload[];
  /** The recorded prices of every product, bundle and plan (the price history). */
  prices: { kind: PricedItemKind; id: string; changes: PriceChangeRecord[] }[];
}

/** Counts returned by {@link seedCatalog}. */
export interface SeedCatalogResult {
  products: number;
  categories: number;
  bundles: number;
  plans: number;
  discountTiers: number;
  comments: number;
  images: number;
}

/**
 * Deterministic image key `{prefix}/{ownerId}/{timestamp}-{random}.svg`: the timestamp is the
 * owner's fixed created_at plus one second per variant, the random part a 6-digit number hashed
 * from the slug and variant. Stable across re-seeds.
 */
export function seedImageKey(
  prefix: 'products' | 'bundles',
  ownerId: string,
  slug: string,
  createdAt: string,
  variant: number,
): string {
  const timestamp = Date.parse(createdAt) + variant * 1000;
  const random = String(createHash('sha1').update(`${slug}#${variant}`).digest().readUInt32BE(0) % 1_000_000).padStart(
    6,
    '0',
  );
  return `${prefix}/${ownerId}/${timestamp}-${random}.svg`;
}

/** Public URL of an image key (served under MEDIA_PATH_PREFIX on the shop origin). */
export { mediaUrl };

/**
 * Builds every record and image of the seed without touching AWS.
 * The fixed timestamps of the data all lie in 2026; when `now` is earlier than the latest of them,
 * the whole timeline is shifted back (order preserved) so nothing is dated in the future. Image
 * keys always derive from the fixed timestamps, so they do not change with `now`.
 * @param opts.commenterIds review authors, round-robin (at least one)
 * @param opts.now reference clock (default: the current time)
 */
export function buildSeedRecords(opts: { commenterIds: readonly string[]; now?: Date }): SeedRecords {
  const comments = buildComments(opts.commenterIds);
  const allDates = [
    ...SEED.products.map((p) => Date.parse(p.created_at) + 3000),
    ...SEED.bundles.map((b) => Date.parse(b.created_at)),
    ...comments.map((c) => Date.parse(c.created_at)),
  ];
  const latest = Math.max(...allDates);
  const nowMs = (opts.now ?? new Date()).getTime();
  const shiftMs = latest > nowMs ? latest - nowMs + 60 * 60 * 1000 : 0;
  const at = (iso: string, plusMs = 0): string => new Date(Date.parse(iso) + plusMs - shiftMs).toISOString();

  const categoryById = new Map(SEED.categories.map((c) => [c.id, c]));
  const uploads: SeedUpload[] = [];
  const prices: SeedRecords['prices'] = [];
  const variants: SeedRecords['variants'] = new Map();
  const DAY_MS = 24 * 60 * 60 * 1000;

  const products: ProductRecord[] = SEED.products.map((p) => {
    const categoryName = categoryById.get(p.category_id)?.name ?? null;
    const svgs = productGallerySvgs(
      { name: p.name, category: categoryName ?? '', kind: p.art, slug: p.slug },
      p.gallery,
    );
    const images: ProductImage[] = svgs.map((body, variant) => {
      const key = seedImageKey('products', p.id, p.slug, p.created_at, variant);
      uploads.push({ key, body });
      return {
        id: stableId(`product-image:${p.slug}:${variant}`),
        key,
        image_url: mediaUrl(key),
        is_primary: variant === 0,
        created_at: at(p.created_at, variant * 1000),
      };
    });
    const changes: PriceChangeRecord[] = p.price_history.map((h) => ({
      price_cents: h.price_cents,
      at: h.since === 'created' ? at(p.created_at) : new Date(nowMs - h.since.days_before_seed * DAY_MS).toISOString(),
      source: 'seed',
    }));
    let summary: Partial<ProductRecord> = {};
    if (p.variants.length) {
      // each variant's prices are recorded where priceHistoryOf says (the first one: the product's)
      const records = p.variants.map((v, position): VariantRecord => {
        const history: PriceChangeRecord[] = [{ price_cents: v.price_cents, at: at(p.created_at), source: 'seed' }];
        prices.push({ ...priceHistoryOf({ id: v.id, product_id: p.id }), changes: history });
        return {
          id: v.id,
          product_id: p.id,
          sku: v.sku,
          option_values: [...v.option_values],
          position,
          price_cents: v.price_cents,
          price_reduction: priceReduction(history),
          quantity: v.quantity,
          weight_grams: null,
          gtin: null,
          image_ids: v.images.map((n) => images[n]!.id),
          status: 'active',
          created_at: at(p.created_at),
        };
      });
      variants.set(p.id, records);
      const { announce_reduction: _, ...rest } = variantSummary(records);
      summary = { ...rest, options: p.options.map((o) => ({ name: o.name, values: [...o.values] })) };
    } else {
      prices.push({ kind: 'product', id: p.id, changes });
    }
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      price_cents: p.price_cents,
      announce_reduction: p.announce_reduction,
      // what every price writer stores: the reduction the current price makes over the history
      price_reduction: priceReduction(changes),
      vat_rate: p.vat_rate,
      product_safety: p.product_safety,
      image_url: images[0]?.image_url ?? null,
      category_id: p.category_id,
      category_name: categoryName,
      badge: p.badge,
      rating: p.rating,
      reviews: p.reviews,
      is_digital: p.is_digital,
      digital_asset_id: null,
      quantity: p.quantity,
      premium_tier: p.premium_tier,
      supplier_product_url: null,
      created_at: at(p.created_at),
      images,
      // a product with options: the summary of its variants (lowest price, sum of stock, options)
      ...summary,
    };
  });

  const bundles: BundleRecord[] = SEED.bundles.map((b) => {
    const key = seedImageKey('bundles', b.id, b.slug, b.created_at, 0);
    uploads.push({
      key,
      body: bundleSvg({ name: b.name, category: b.category, slug: b.slug, is_premium: b.is_premium }),
    });
    prices.push({
      kind: 'bundle',
      id: b.id,
      changes: [{ price_cents: b.price_cents, at: at(b.created_at), source: 'seed' }],
    });
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      price_cents: b.price_cents,
      vat_rate: 22,
      image_url: mediaUrl(key),
      category: b.category,
      is_premium: b.is_premium,
      product_ids: [...b.product_ids],
      created_at: at(b.created_at),
    };
  });

  return {
    categories: SEED.categories.map(({ id, name, description }) => ({ id, name, description })),
    products,
    variants,
    bundles,
    // each tier knows the plans that copy its percentage (kept true by the admin's plan writes)
    discountTiers: SEED.discountTiers.map((t) => ({
      ...t,
      plan_ids: SEED.plans
        .filter((p) => p.discount_tier_id === t.id)
        .map((p) => p.id)
        .sort(),
    })),
    plans: SEED.plans.map((p) => ({ ...p })),
    comments: comments.map((c) => ({ ...c, created_at: at(c.created_at) })),
    uploads,
    prices: [
      ...prices,
      // the plans' prices, from the first product's day (the shop's opening)
      ...SEED.plans.map((p) => ({
        kind: 'plan' as const,
        id: p.id,
        changes: [{ price_cents: p.price_cents, at: at(SEED.products[0]!.created_at), source: 'seed' as const }],
      })),
    ],
  };
}

/** Runs `fn` over `items` in parallel batches of `size`. */
async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(fn));
  }
}

/**
 * Seeds the catalogue: uploads every image to the images bucket, then writes discount tiers,
 * plans, categories, products, bundles and comments to the table named by env TABLE_NAME
 * (DynamoDB endpoint from the SDK's standard environment).
 * @param opts.s3 S3 client pointed at the images bucket's endpoint
 * @param opts.imagesBucket physical name of the images bucket
 * @param opts.commenterIds user ids (Cognito subs) used as review authors, round-robin
 * @param opts.now reference clock (see buildSeedRecords)
 * @param opts.log progress messages (default: silent)
 * @returns how many items of each kind were written
 */
export async function seedCatalog(opts: {
  s3: S3Client;
  imagesBucket: string;
  commenterIds: string[];
  now?: Date;
  log?: (msg: string) => void;
}): Promise<SeedCatalogResult> {
  const log = opts.log ?? (() => {});
  const records = buildSeedRecords({ commenterIds: opts.commenterIds, now: opts.now });
  const batch = 10;

  await inBatches(records.uploads, batch, (u) =>
    opts.s3.send(
      new PutObjectCommand({
        Bucket: opts.imagesBucket,
        Key: u.key,
        Body: u.body,
        ContentType: SEED_IMAGE_CONTENT_TYPE,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    ),
  );
  log(`seed: ${records.uploads.length} images uploaded to ${opts.imagesBucket}`);

  await inBatches(records.discountTiers, batch, putDiscountTier);
  await inBatches(records.plans, batch, putPlan);
  await inBatches(records.categories, batch, putCategory);
  await inBatches(records.products, batch, (p) => putProduct(p, records.variants.get(p.id)));
  await inBatches(records.bundles, batch, putBundle);
  await inBatches(records.comments, batch, putComment);
  await inBatches(records.prices, batch, (h) => putPriceHistory(h.kind, h.id, h.changes));
  log(
    `seed: ${records.categories.length} categories, ${records.products.length} products, ${records.bundles.length} bundles, ` +
      `${records.discountTiers.length} discount tiers, ${records.plans.length} plans, ${records.comments.length} comments written`,
  );

  return {
    products: records.products.length,
    categories: records.categories.length,
    bundles: records.bundles.length,
    plans: records.plans.length,
    discountTiers: records.discountTiers.length,
    comments: records.comments.length,
    images: records.uploads.length,
  };
}
