/**
 * Products with options for the tests of variants: written through the repository (one Put per
 * item: the product, each variant, each SKU claim), or created through the back office's API.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AdminProductDetailDto, AdminVariantsDto } from '../../shared/api/admin-catalog';
import { api } from './auth';
import { withProductSafety } from './product-safety';
import type { ProductRecord, VariantRecord } from '../../functions/data/catalog-items';
import { defaultVariant } from '../../functions/data/items';
import { putProduct } from '../../functions/data/catalog-repository';
import { testProductRecord } from './checkout';

/**
 * A kettlebell in 8 kg (its default variant: 29,90 €, 5 pieces) and 16 kg (49,90 €, 1 piece).
 * @returns the product and its variants (8 kg first)
 */
export async function kettlebell(): Promise<{ product: ProductRecord; v8: VariantRecord; v16: VariantRecord }> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const product = testProductRecord(6, {
    id,
    name: `Kettlebell regolabile ${id.slice(0, 4)}`,
    price_cents: 2990,
    created_at: now,
    options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }],
    variant_count: 2,
    price_max_cents: 4990,
  });
  const v8: VariantRecord = {
    ...defaultVariant({ id, price_cents: 2990, quantity: 5, created_at: now }),
    sku: `KB-8-${id.slice(0, 8)}`,
    option_values: ['8 kg'],
  };
  const v16: VariantRecord = {
    ...v8,
    id: randomUUID(),
    sku: `KB-16-${id.slice(0, 8)}`,
    option_values: ['16 kg'],
    position: 1,
    price_cents: 4990,
    quantity: 1,
  };
  await putProduct(product, [v8, v16]);
  return { product, v8, v16 };
}

/**
 * A product created through the back office's API with one option and a variant per value (the
 * path a shop owner takes: the product's form, then the variant grid's save). The product's own
 * default variant becomes the first value's.
 * @param admin a staff access token
 * @param body the product's fields (name, price_cents...; product safety added)
 * @param option the option's name and, per value, its SKU, price (cents) and starting stock
 * @returns the product's id and the saved grid
 */
export async function createProductWithOptions(
  admin: string,
  body: Record<string, unknown>,
  option: { name: string; variants: { value: string; sku: string; price_cents: number; quantity: number }[] },
): Promise<{ id: string; grid: AdminVariantsDto }> {
  const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
    token: admin,
    body: withProductSafety({ ...body, quantity: option.variants[0]!.quantity }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const grid = await api<AdminVariantsDto>('GET', `/api/admin/products/${id}/variants`, { token: admin });
  const saved = await api<AdminVariantsDto>('PUT', `/api/admin/products/${id}/variants`, {
    token: admin,
    body: {
      options: [{ name: option.name, values: option.variants.map((v) => v.value) }],
      variants: option.variants.map((v, i) => ({
        ...(i === 0 ? { id: grid.body.variants[0]!.id } : { quantity: v.quantity }),
        option_values: [v.value],
        sku: v.sku,
        price_cents: v.price_cents,
      })),
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id, grid: saved.body };
}
