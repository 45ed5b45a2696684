/**
 * Stock a cart needs (pure): the variants of physical products of product lines (a product without
 * options: its default variant, whose id is the product's) and of bundles (each bundle product's
 * default variant once per bundle unit), summed per variant. Digital products need no stock.
 */
import type { ProductRecord } from '../data/catalog-items';
import type { StockNeed } from '../data/reservation-repository';
import { optionVariant, type JoinedLine } from '../cart/public';
import { variantDisplayName } from '../../shared/variants';

/**
 * @returns one need per variant, in cart order: the product's id, the variant's id (only for a
 *   variant of a product with options), the name a 409 shows ('Kettlebell – 16 kg') and the units
 */
export function stockNeeds(joined: JoinedLine[]): StockNeed[] {
  const needs = new Map<string, StockNeed>();
  const add = (p: ProductRecord | undefined, quantity: number, variantId?: string, values: string[] = []) => {
    if (!p || p.is_digital) return;
    const key = `${p.id}/${variantId ?? p.id}`;
    const n = needs.get(key) ?? {
      product_id: p.id,
      ...(variantId ? { variant_id: variantId } : {}),
      name: variantDisplayName(p.name, values),
      quantity: 0,
    };
    n.quantity += quantity;
    needs.set(key, n);
  };
  for (const j of joined) {
    const variant = optionVariant(j);
    if (j.product) add(j.product, j.line.quantity, variant?.id, variant?.option_values);
    else for (const p of j.bundleProducts) add(p, j.line.quantity);
  }
  return [...needs.values()];
}
