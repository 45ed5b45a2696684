/**
 * Import a product from a supplier's page (the import URL rules; 'Importazione Completata!' /
 * 'Errore Importazione').
 *
 * Steps, all before any write:
 *  1. the URL: empty -> 400 'URL Mancante'; not an absolute http(s) URL -> 400 'URL non valido';
 *  2. the page, through safe-fetch (SSRF guard: private, loopback, link-local, unique-local and
 *     metadata addresses refused, every redirect checked again, 5 s, 2 MB, HTML only);
 *  3. the product, through extract-product (JSON-LD with @graph/offers arrays/AggregateOffer, then
 *     microdata, then OpenGraph; loaded on first use, with its HTML parser); a page without a price
 *     in euro is refused (a product must not go on sale at 0);
 *  4. the supplier whose `domain_name` matches the page's host (or a parent domain of it);
 *  5. the images: each downloaded by the server through the same guard (raster image types only,
 *     5 MB each, at most MAX_IMAGES); an image already imported from the same source URL is kept
 *     as it is; one that cannot be fetched becomes a warning.
 * Then the new images are stored under `products/{productId}/…` in the images bucket (never
 * hot-linked) and the product is created, or, when the same page was imported before, updated
 * (page data only; its stock stays with checkout and the stock sync). If the table write fails,
 * the images just stored are deleted: a failed import leaves nothing behind. Images of an earlier
 * import that the page no longer shows are deleted after the write.
 *
 * Stock: a first import follows the import's in-stock rule (shared/import-stock.ts): a page's
 * inventory level (or OutOfStock = 0) is the quantity and the supplier baseline
 * (supplier_synced_at = now; a new product has no reservations); InStock without a count puts the
 * product on sale with a stated default and no baseline (the first published count sets it); no
 * stock information at all leaves it at 0. The result says which case applied (`stock.note`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { AUTOMATION_MSG } from '../../shared/messages/admin-automations';
import { importedStock, type ImportedStock } from '../../shared/import-stock';
import { LEGAL_MSG } from '../../shared/messages/legal';
import { importUrlProblem } from '../../shared/schemas/admin-automations';
import type { ImportResultDto, ImportedProductDto } from '../../shared/api/admin-automations';
import { toImageDtos, toProductDto, type ProductImage, type ProductRecord } from '../data/catalog-items';
import { listSuppliers, type SupplierRecord } from '../data/supplier-repository';
import {
  createImportedProduct,
  findImportedProduct,
  ImportConflictError,
  MAX_IMPORTED_VARIANTS,
  updateImportedProduct,
} from '../data/product-import-repository';
import { saveVariants, VariantSaveConflict } from '../data/variant-admin-repository';
import type { VariantRecord } from '../data/catalog-items';
import { defaultSku, isValidGtin, MAX_OPTIONS, optionText, skuKey, type ProductOption } from '../../shared/variants';
import { AppError } from '../lib/errors';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { mediaUrl } from '../lib/media';
import { deleteObjects as deleteS3Objects, putObject } from '../lib/s3';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch';
import { loadProductExtractor, ProductExtractionError, type ExtractedProduct } from './product-extraction';

/** Images read from one page at most. */
export const MAX_IMAGES = 8;
const IMAGE_CONCURRENCY = 4;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Network options (the local runtime allows loopback; tests inject DNS and connections). */
export type ImportFetchOptions = Pick<SafeFetchOptions, 'allowLoopback' | 'resolve' | 'connect' | 'timeoutMs'>;

/** An import failure with the reason a shop owner can act on: 400 refused address, 422 no usable data, 502 page not reachable. */
function importError(status: number, reason: string): AppError {
  return new AppError(status, reason, status === 400 ? 'url' : undefined, AUTOMATION_MSG.importErrorTitle);
}

/** Maps a page fetch failure to the import's answer. */
function fetchFailure(e: SafeFetchError): AppError {
  if (e.code === 'not_allowed') return importError(400, e.reason);
  if (e.code === 'bad_content_type' || e.code === 'too_large') return importError(422, e.reason);
  return importError(502, e.reason);
}

/** The supplier whose domain is the host or a parent domain of it (the most specific wins). */
export function supplierForHost(host: string, suppliers: readonly SupplierRecord[]): SupplierRecord | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  let best: SupplierRecord | null = null;
  for (const s of suppliers) {
    const d = s.domain_name;
    if (!d || !(h === d || h.endsWith(`.${d}`))) continue;
    if (!best || d.length > best.domain_name!.length) best = s;
  }
  return best;
}

/** An images-bucket key for a product image: products/{productId}/{timestamp}-{random}.{ext} (the storage paths). */
export function productImageKey(productId: string, contentType: string, now = Date.now()): string {
  return `products/${productId}/${now}-${randomBytes(4).toString('hex')}.${EXTENSIONS[contentType] ?? 'img'}`;
}

interface DownloadedImage {
  source: string;
  body: Buffer;
  contentType: string;
}

/** Downloads the page's images that are not in the gallery yet; failures become warnings. */
async function downloadImages(
  urls: string[],
  net: ImportFetchOptions,
  warnings: string[],
): Promise<Map<string, DownloadedImage>> {
  const limit = pLimit(IMAGE_CONCURRENCY);
  const got = new Map<string, DownloadedImage>();
  await Promise.all(
    urls.map((url) =>
      limit(async () => {
        try {
          const res = await safeFetch(url, { profile: 'image', ...net });
          got.set(url, { source: url, body: res.body, contentType: res.contentType });
        } catch (e) {
          const reason = e instanceof SafeFetchError ? e.reason : (e as Error).message;
          warnings.push(`Immagine non salvata (${url}): ${reason}`);
        }
      }),
    ),
  );
  return got;
}

/** Deletes images-bucket objects (best effort: logged). */
async function deleteObjects(objectKeys: string[]): Promise<void> {
  if (objectKeys.length === 0) return;
  try {
    await deleteS3Objects(env.imagesBucket, objectKeys);
  } catch (e) {
    logger.error('import: image clean-up failed', { error: e as Error, keys: objectKeys });
  }
}

/** The gallery after an import: the page's images in page order, then images added by hand; the primary kept when still there. */
function mergeGallery(pageImages: ProductImage[], existing: ProductImage[]): ProductImage[] {
  const manual = existing.filter((i) => !i.source_url);
  const all = [...pageImages, ...manual];
  const keptPrimary = existing.find((i) => i.is_primary && all.some((a) => a.id === i.id));
  const primaryId = keptPrimary?.id ?? all[0]?.id;
  return all.map((i) => ({ ...i, is_primary: i.id === primaryId }));
}

/** The import's answer DTO of a product record and its supplier SKU (its default variant's). */
function importedDto(p: ProductRecord, supplierSku: string | null): ImportedProductDto {
  return {
    ...toProductDto(p),
    supplier_product_url: p.supplier_product_url ?? null,
    supplier_id: p.supplier_id ?? null,
    supplier_sku: supplierSku,
    images: toImageDtos(p),
  };
}

/**
 * Refuses a page whose variants the shop cannot hold in one import (nothing is imported, rather
 * than a product missing some sizes that the stock sync would then never see): more than
 * MAX_OPTIONS options, more than MAX_IMPORTED_VARIANTS variants (one transaction), or a variant
 * without a price in euro.
 * @throws AppError 422 'Errore Importazione' with the reason
 */
function variantsRefusal(extracted: ExtractedProduct): void {
  const { options, variants } = extracted;
  if (variants.length === 0) return;
  if (options.length > MAX_OPTIONS)
    throw importError(
      422,
      `La pagina ha ${options.length} opzioni (${options.map((o) => o.name).join(', ')}): un prodotto del negozio ne ha al massimo ${MAX_OPTIONS}. Crea il prodotto a mano.`,
    );
  if (variants.length > MAX_IMPORTED_VARIANTS)
    throw importError(
      422,
      `La pagina ha ${variants.length} varianti: l'importazione ne crea al massimo ${MAX_IMPORTED_VARIANTS}. Crea il prodotto a mano o dividilo in più prodotti.`,
    );
  const unpriced = variants.find((v) => v.price_cents === null || v.price_cents <= 0);
  if (unpriced)
    throw importError(
      422,
      `Prezzo in euro non trovato per la variante ${unpriced.option_values.join(' / ')}: il prodotto non viene importato.`,
    );
}

/**
 * The variants of a first import: the first one takes the product's id (decision 0018: it keeps
 * the product's price history), each gets the shop's SKU AF-… with its position and keeps the
 * supplier's SKU for the stock sync; its stock follows the import's in-stock rule per variant.
 */
function pageVariants(
  extracted: ExtractedProduct,
  productId: string,
  created: string,
): { options: ProductOption[]; variants: VariantRecord[]; stock: ImportedStock } {
  const options = extracted.options.map((o) => ({ name: optionText(o.name), values: o.values.map(optionText) }));
  const stocks = extracted.variants.map((v) => importedStock({ stock: v.stock, in_stock: v.in_stock }));
  const variants = extracted.variants.map((v, i): VariantRecord => {
    const stock = stocks[i]!;
    return {
      id: i === 0 ? productId : randomUUID(),
      product_id: productId,
      sku: defaultSku(productId, i),
      option_values: v.option_values.map(optionText),
      position: i,
      price_cents: v.price_cents!,
      price_reduction: null,
      quantity: stock.quantity,
      weight_grams: null,
      gtin: v.gtin && isValidGtin(v.gtin) ? v.gtin : null,
      image_ids: [],
      status: 'active',
      supplier_sku: v.sku,
      ...(stock.baseline !== null ? { supplier_level: stock.baseline, supplier_synced_at: created } : {}),
      created_at: created,
    };
  });
  // the result's stock note: every variant's rule when they agree, else the page level of the sum
  const same = stocks.every((st) => st.rule === stocks[0]!.rule);
  const quantity = variants.reduce((n, v) => n + v.quantity, 0);
  return {
    options,
    variants,
    stock: same ? { ...stocks[0]!, quantity } : { rule: 'page_level', quantity, baseline: null },
  };
}

/**
 * A re-import of a product with options: each variant whose supplier SKU the page lists takes the
 * page's price (saveVariants: one transaction with the price history and the product's summary);
 * its stock stays the sync's. Sizes the page adds are not created and sizes it no longer lists are
 * not archived: both are reported as warnings for the back office's variant grid.
 */
async function repriceVariants(
  before: { product: ProductRecord; variants: VariantRecord[] },
  extracted: ExtractedProduct,
  now: Date,
  warnings: string[],
): Promise<ProductRecord> {
  const bySku = new Map(extracted.variants.filter((v) => v.sku).map((v) => [skuKey(v.sku!), v]));
  const ours = new Set(before.variants.flatMap((v) => (v.supplier_sku ? [skuKey(v.supplier_sku)] : [])));
  const added = extracted.variants.filter((v) => v.sku && !ours.has(skuKey(v.sku)));
  if (added.length)
    warnings.push(
      `La pagina ha varianti nuove (${added.map((v) => v.option_values.join(' / ')).join(', ')}): aggiungile dalla scheda Varianti.`,
    );
  const gone = before.variants.filter(
    (v) => v.status === 'active' && v.supplier_sku && !bySku.has(skuKey(v.supplier_sku)),
  );
  if (gone.length)
    warnings.push(
      `La pagina non elenca più ${gone.map((v) => v.option_values.join(' / ')).join(', ')}: archiviale dalla scheda Varianti se il fornitore non le vende più.`,
    );
  const next = before.variants.map((v) => {
    const page = v.supplier_sku ? bySku.get(skuKey(v.supplier_sku)) : undefined;
    return page?.price_cents ? { ...v, price_cents: page.price_cents } : v;
  });
  if (next.every((v, i) => v.price_cents === before.variants[i]!.price_cents)) return before.product;
  try {
    const saved = await saveVariants(
      before,
      { options: before.product.options ?? [], variants: next },
      now.toISOString(),
    );
    return saved.product;
  } catch (e) {
    if (e instanceof VariantSaveConflict) throw new ImportConflictError('variants changed meanwhile');
    throw e;
  }
}

/** What an import did. */
export interface ImportOutcome {
  result: ImportResultDto;
  /** The product before (null when created) and after, for the audit. */
  before: ImportedProductDto | null;
}

/**
 * POST /api/admin/automations/import.
 * @param rawUrl the URL as typed
 * @param net network options; the local runtime passes allowLoopback (IMPORT_ALLOW_LOOPBACK=1)
 * @returns the created or updated product, whether it was created, the linked supplier, the data source and warnings
 * @throws AppError with title 'URL Mancante' / 'URL non valido' (400, field url), or 'Errore Importazione':
 *   400 address not allowed, 422 no product data / no euro price / not an HTML page, 502 page not reachable
 */
export async function importProductFromUrl(
  rawUrl: unknown,
  net: ImportFetchOptions = {},
  now = new Date(),
): Promise<ImportOutcome> {
  const problem = importUrlProblem(rawUrl);
  if (problem === 'missing') throw new AppError(400, AUTOMATION_MSG.urlMissing, 'url', AUTOMATION_MSG.urlMissingTitle);
  if (problem === 'invalid')
    throw new AppError(
      400,
      AUTOMATION_MSG.urlInvalid(AUTOMATION_MSG.exampleHost),
      'url',
      AUTOMATION_MSG.urlInvalidTitle,
    );
  const url = new URL(String(rawUrl).trim()).href;

  let extracted: ExtractedProduct;
  try {
    const [page, extractProduct] = await Promise.all([
      safeFetch(url, { profile: 'html', ...net }),
      loadProductExtractor(),
    ]);
    extracted = extractProduct(page.body, page.url, { charset: page.charset });
  } catch (e) {
    if (e instanceof SafeFetchError) throw fetchFailure(e);
    if (e instanceof ProductExtractionError) throw importError(422, e.reason);
    throw e;
  }
  if (extracted.price_cents === null || extracted.price_cents <= 0) {
    throw importError(422, 'Prezzo in euro non trovato nella pagina: il prodotto non viene importato senza prezzo.');
  }

  variantsRefusal(extracted);

  const [lookup, suppliers] = await Promise.all([findImportedProduct(url), listSuppliers()]);
  const existing = lookup.product;
  const supplier = supplierForHost(new URL(url).hostname, suppliers);
  const warnings = [...extracted.warnings];

  const pageUrls = extracted.images.slice(0, MAX_IMAGES);
  if (extracted.images.length > MAX_IMAGES)
    warnings.push(`La pagina ha ${extracted.images.length} immagini: importate le prime ${MAX_IMAGES}.`);
  const previous = existing?.images ?? [];
  const bySource = new Map(previous.filter((i) => i.source_url).map((i) => [i.source_url!, i]));
  const downloaded = await downloadImages(
    pageUrls.filter((u) => !bySource.has(u)),
    net,
    warnings,
  );

  const productId = existing?.id ?? randomUUID();
  const created = now.toISOString();
  const stored: ProductImage[] = [];
  try {
    for (const [i, source] of pageUrls.entries()) {
      const img = downloaded.get(source);
      if (!img) continue;
      const key = productImageKey(productId, img.contentType, now.getTime() + i);
      await putObject(env.imagesBucket, key, img.body, img.contentType, 'public, max-age=31536000, immutable');
      stored.push({
        id: randomUUID(),
        key,
        image_url: mediaUrl(key),
        is_primary: false,
        created_at: created,
        source_url: source,
      });
    }
    const newBySource = new Map(stored.map((i) => [i.source_url!, i]));
    const pageImages = pageUrls.flatMap((u) => bySource.get(u) ?? newBySource.get(u) ?? []);
    const images = mergeGallery(pageImages, previous);
    const common = {
      name: extracted.name,
      description: extracted.description ?? '',
      // the supplier's struck-through price is not ours to announce (art. 17-bis Codice del Consumo):
      // only the price is taken, and recorded in the price history by the write
      price_cents: extracted.price_cents,
      image_url: images.find((i) => i.is_primary)?.image_url ?? null,
      images,
      supplier_product_url: url,
      supplier_id: supplier?.id ?? existing?.supplier_id ?? null,
    };
    // a page without a SKU keeps the one read before (absent: not written)
    const supplierSku = extracted.sku ?? undefined;
    let record: ProductRecord;
    let stock: ImportedStock | null = null;
    // the answer's supplier SKU is the default variant's (a product with options: its first size's)
    let answerSku = supplierSku ?? lookup.supplierSku;
    if (existing) {
      await updateImportedProduct(existing, { ...common, supplier_sku: supplierSku }, now);
      record = { ...existing, ...common };
      if (existing.options?.length) {
        answerSku = lookup.supplierSku;
        record = await repriceVariants(
          { product: { ...record, price_cents: existing.price_cents }, variants: lookup.variants },
          extracted,
          now,
          warnings,
        );
      }
    } else {
      // a new product: imported physical, uncategorised, without reviews
      const fresh = {
        id: productId,
        category_id: null,
        category_name: null,
        badge: null,
        rating: 0,
        reviews: 0,
        is_digital: false,
        digital_asset_id: null,
        premium_tier: 'none',
        created_at: created,
        ...common,
      } satisfies Omit<ProductRecord, 'quantity'>;
      if (extracted.variants.length > 0) {
        const built = pageVariants(extracted, productId, created);
        stock = built.stock;
        answerSku = built.variants[0]!.supplier_sku ?? null;
        record = {
          ...fresh,
          options: built.options,
          price_cents: Math.min(...built.variants.map((v) => v.price_cents)),
          price_max_cents: Math.max(...built.variants.map((v) => v.price_cents)),
          variant_count: built.variants.length,
          quantity: built.variants.reduce((n, v) => n + v.quantity, 0),
        };
        await createImportedProduct(
          { ...record, supplier_product_url: url, supplier_sku: null },
          lookup.linkedProductId,
          built.variants,
        );
      } else {
        stock = importedStock({ stock: extracted.stock, in_stock: extracted.in_stock });
        record = { ...fresh, quantity: stock.quantity };
        await createImportedProduct(
          {
            ...record,
            supplier_product_url: url,
            supplier_sku: supplierSku ?? null,
            ...(stock.baseline !== null ? { supplier_level: stock.baseline, supplier_synced_at: created } : {}),
          },
          lookup.linkedProductId,
        );
      }
    }
    if (!record.is_digital && !record.product_safety) warnings.push(LEGAL_MSG.importNeedsSafety);
    const removed = previous.filter((i) => i.source_url && !pageUrls.includes(i.source_url));
    await deleteObjects(removed.map((i) => i.key));
    logger.info('product imported', { productId, created: !existing, source: extracted.source, images: images.length });
    return {
      before: existing ? importedDto(existing, lookup.supplierSku) : null,
      result: {
        product: importedDto(record, answerSku),
        created: !existing,
        supplier: supplier ? { id: supplier.id, name: supplier.name } : null,
        source: extracted.source,
        warnings,
        stock: stock && {
          rule: stock.rule,
          quantity: stock.quantity,
          note: AUTOMATION_MSG.importStock[stock.rule](stock.quantity),
        },
      },
    };
  } catch (e) {
    await deleteObjects(stored.map((i) => i.key));
    if (e instanceof ImportConflictError)
      throw importError(
        409,
        "Il prodotto è stato modificato o importato nello stesso momento da un'altra richiesta: riprova.",
      );
    throw e;
  }
}
