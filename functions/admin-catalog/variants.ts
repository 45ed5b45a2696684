/**
 * The back office's variant grid (docs/decisions/0018-product-variants.md): a product's options
 * (at most three, with ordered values) and its variants, each with its SKU (unique in the shop),
 * price, starting stock, weight, GTIN, images and status. The rules between fields are checked
 * here (shared/variants.ts), each refusal a 400 naming its field, nothing written; the write is one
 * transaction (variant-admin-repository.ts).
 */
import { randomUUID } from 'node:crypto';
import type { AdminVariantDto, AdminVariantsDto } from '../../shared/api/admin-catalog';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import {
  canonicalValues,
  MAX_OPTION_TEXT,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionsProblem,
  optionText,
  variantsProblem,
  type OptionsProblem,
  type ProductOption,
  type VariantsProblem,
  type VariantStatus,
} from '../../shared/variants';
import * as catalog from '../data/catalog-repository';
import type { ProductRecord, VariantRecord } from '../data/catalog-items';
import { saveVariants, VariantSaveConflict, VariantSaveTooLarge } from '../data/variant-admin-repository';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

const MSG = CATALOG_ADMIN_API_MSG.variants;

/** A variant as the grid sends it (the parsed body of PUT /api/admin/products/{id}/variants). */
export interface VariantInput {
  id?: string | undefined;
  option_values: string[];
  sku: string;
  price_cents: number;
  announce_reduction: boolean;
  quantity?: number | undefined;
  weight_grams: number | null;
  gtin: string | null;
  image_ids: string[];
  status: VariantStatus;
}

/** The grid's answer: the product's options, its variants, its summary. */
function toVariantsDto(product: ProductRecord, variants: readonly VariantRecord[]): AdminVariantsDto {
  return {
    product_id: product.id,
    options: product.options ?? [],
    variants: variants.map(toAdminVariantDto),
    price_cents: product.price_cents,
    price_max_cents: product.price_max_cents ?? product.price_cents,
    quantity: product.quantity,
  };
}

function toAdminVariantDto(v: VariantRecord): AdminVariantDto {
  return {
    id: v.id,
    sku: v.sku,
    option_values: v.option_values,
    position: v.position,
    price_cents: v.price_cents,
    announce_reduction: Boolean(v.announce_reduction),
    price_reduction: v.price_reduction ?? null,
    quantity: v.quantity,
    weight_grams: v.weight_grams,
    gtin: v.gtin,
    image_ids: v.image_ids,
    status: v.status,
  };
}

/**
 * GET /api/admin/products/{id}/variants: the product's options and variants in grid order. 1 Query (AP148).
 * @throws AppError 404 unknown product
 */
export async function getAdminVariants(productId: string): Promise<AdminVariantsDto> {
  const found = await catalog.getProductWithVariants(productId);
  if (!found) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  return toVariantsDto(found.product, found.variants);
}

/** The 400 of a refused set of options, naming its field. */
function optionsError(p: OptionsProblem): AppError {
  switch (p.kind) {
    case 'too_many_options':
      return badRequest(MSG.tooManyOptions(MAX_OPTIONS), 'options');
    case 'empty_name':
      return badRequest(MSG.optionName(p.option), `options.${p.option}.name`);
    case 'duplicate_name':
      return badRequest(MSG.optionNameTaken(p.option), `options.${p.option}.name`);
    case 'no_values':
    case 'empty_value':
      return badRequest(MSG.optionValues(p.option), `options.${p.option}.values`);
    case 'duplicate_value':
      return badRequest(MSG.optionValueTwice(p.option, p.value), `options.${p.option}.values`);
    case 'too_long':
      return badRequest(MSG.optionTooLong(p.option, MAX_OPTION_TEXT), `options.${p.option}`);
  }
}

/** The 400 of a refused grid of variants, naming its field. */
function variantsError(p: VariantsProblem): AppError {
  switch (p.kind) {
    case 'count':
      return badRequest(MSG.count(MAX_VARIANTS), 'variants');
    case 'none_active':
      return badRequest(MSG.noneActive, 'variants');
    case 'default_needs_no_values':
      return badRequest(MSG.defaultOnly, 'variants');
    case 'values':
      return badRequest(MSG.values(p.index), `variants.${p.index}.option_values`);
    case 'duplicate_combination':
      return badRequest(MSG.combinationTwice(p.index), `variants.${p.index}.option_values`);
    case 'sku':
      return badRequest(MSG.sku(p.index), `variants.${p.index}.sku`);
    case 'duplicate_sku':
      return badRequest(MSG.skuTwice(p.index), `variants.${p.index}.sku`);
    case 'gtin':
      return badRequest(MSG.gtin(p.index), `variants.${p.index}.gtin`);
  }
}

/**
 * PUT /api/admin/products/{id}/variants: saves the product's options and every variant, in grid
 * order. Existing variants are named by id and all of them must be listed (a variant is archived,
 * never deleted: its orders stay valid); the product's default variant (its own id) is one of them.
 * A new variant gets an id and its starting stock (`quantity`, 0 when absent); an existing one's
 * stock changes only by restock, and goes to 0 when it is archived. Prices in cents; every price
 * change is recorded in the variant's history with its 30-day reduction.
 * DynamoDB: AP148 (1 Query) + AP97 per changed price + AP149 (1 TransactWriteItems).
 * @returns the grid as saved
 * @throws AppError 404 unknown product; 400 naming the field (options.{n}.name, options.{n}.values,
 *   variants, variants.{n}.id, .option_values, .sku, .gtin, .quantity, .image_ids); 409 a SKU
 *   taken by another product (variants.{n}.sku), or the product or a variant changed meanwhile
 */
export async function saveAdminVariants(
  productId: string,
  input: { options: ProductOption[]; variants: VariantInput[] },
  now = new Date(),
): Promise<Change<AdminVariantsDto>> {
  const found = await catalog.getProductWithVariants(productId);
  if (!found) throw notFound(CATALOG_ADMIN_API_MSG.notFoundProduct);
  const options = input.options.map((o) => ({ name: optionText(o.name), values: o.values.map(optionText) }));
  const problem = optionsProblem(options);
  if (problem) throw optionsError(problem);
  const gridProblem = variantsProblem(options, input.variants);
  if (gridProblem) throw variantsError(gridProblem);
  const existing = new Map(found.variants.map((v) => [v.id, v]));
  const images = new Set(found.product.images.map((i) => i.id));
  input.variants.forEach((v, i) => {
    if (v.id !== undefined && !existing.has(v.id)) throw badRequest(MSG.unknownVariant(i), `variants.${i}.id`);
    if (v.id !== undefined && v.quantity !== undefined)
      throw badRequest(MSG.stockOfExisting(i), `variants.${i}.quantity`);
    if (v.image_ids.some((id) => !images.has(id))) throw badRequest(MSG.imageOutside(i), `variants.${i}.image_ids`);
  });
  const listed = new Set(input.variants.map((v) => v.id));
  const missing = found.variants.find((v) => !listed.has(v.id));
  if (missing) throw badRequest(MSG.missingVariant(missing.sku), 'variants');

  const at = now.toISOString();
  const variants: VariantRecord[] = input.variants.map((v, position) => {
    const old = v.id ? existing.get(v.id) : undefined;
    return {
      ...(old ?? {}),
      id: old?.id ?? randomUUID(),
      product_id: productId,
      sku: v.sku.trim(),
      option_values: canonicalValues(options, v.option_values),
      position,
      price_cents: v.price_cents,
      ...(v.announce_reduction ? { announce_reduction: true } : { announce_reduction: false }),
      price_reduction: old?.price_reduction ?? null,
      quantity: old ? old.quantity : (v.quantity ?? 0),
      weight_grams: v.weight_grams,
      gtin: v.gtin,
      image_ids: v.image_ids,
      status: v.status,
      created_at: old?.created_at ?? at,
    };
  });
  try {
    const saved = await saveVariants(found, { options, variants }, at);
    return {
      before: toVariantsDto(found.product, found.variants),
      after: toVariantsDto(saved.product, saved.variants),
    };
  } catch (e) {
    if (e instanceof VariantSaveTooLarge) throw badRequest(MSG.tooLarge, 'variants');
    if (e instanceof VariantSaveConflict && e.part === 'sku' && e.index !== null)
      throw new AppError(409, MSG.skuTaken(e.index), `variants.${e.index}.sku`);
    if (e instanceof VariantSaveConflict) throw conflict(MSG.changedMeanwhile);
    throw e;
  }
}
