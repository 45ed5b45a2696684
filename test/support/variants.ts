/**
 * A product with options for the tests of variants, written through the repository: one Put per
 * item (the product, each variant, each SKU claim).
 */
import { randomUUID } from 'node:crypto';
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
