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

/**
 * The first need the cart's variants, as read, cannot cover (pure): the stock each variant showed
 * in the checkout's own read of the cart (an eventually consistent BatchGetItem) against what the
 * cart needs of it. A product with options shows its line's variant's stock (an archived variant
 * none); a product without options, and a bundle's product, its product item's, which is its
 * default variant's. A flash sale's shoppers, once the variant is sold out, are answered from this
 * read without a write on the product's partition: every shopper of a sale writes the same items,
 * and a write whose condition fails still costs write capacity on its partition (decision 0017).
 * A stale read only delays the answer to the reservation's own condition, which stays the guarantee.
 * @param joined the cart's lines with the products and variants as read (bundles with their products)
 * @param needs stockNeeds(joined)
 * @returns the need whose variant showed fewer units than needed, or undefined
 */
export function shortAsRead(joined: JoinedLine[], needs: StockNeed[]): StockNeed | undefined {
  const read = new Map<string, number>();
  for (const j of joined) {
    const variant = optionVariant(j);
    if (j.product && variant)
      read.set(`${j.product.id}/${variant.id}`, variant.status === 'active' ? (variant.quantity ?? 0) : 0);
    else for (const p of j.product ? [j.product] : j.bundleProducts) read.set(`${p.id}/${p.id}`, p.quantity ?? 0);
  }
  return needs.find((n) => (read.get(`${n.product_id}/${n.variant_id ?? n.product_id}`) ?? 0) < n.quantity);
}
