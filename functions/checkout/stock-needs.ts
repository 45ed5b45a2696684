/**
 * Stock a cart needs (pure): physical products of product lines and of bundles (each bundle
 * product once per bundle unit), summed per product. Digital products need no stock.
 */
import type { ProductRecord } from '../data/catalog-items';
import type { StockNeed } from '../data/reservation-repository';
import type { JoinedLine } from '../cart/public';

export function stockNeeds(joined: JoinedLine[]): StockNeed[] {
  const needs = new Map<string, StockNeed>();
  const add = (p: ProductRecord | undefined, quantity: number) => {
    if (!p || p.is_digital) return;
    const n = needs.get(p.id) ?? { product_id: p.id, name: p.name, quantity: 0 };
    n.quantity += quantity;
    needs.set(p.id, n);
  };
  for (const j of joined) {
    if (j.product) add(j.product, j.line.quantity);
    else for (const p of j.bundleProducts) add(p, j.line.quantity);
  }
  return [...needs.values()];
}

/**
 * The first need the cart's products, as read, cannot cover (pure): the stock each product showed
 * in the checkout's own read of the cart (an eventually consistent BatchGetItem) against what the
 * cart needs of it. A flash sale's shoppers, once the product is sold out, are answered from this
 * read without a write on the product's item: every shopper of a sale writes the same item, and a
 * write whose condition fails still costs write capacity on its partition (decision 0017).
 * A stale read only delays the answer to the reservation's own condition, which stays the guarantee.
 * @param joined the cart's lines with the products as read (bundles with their products)
 * @param needs stockNeeds(joined)
 * @returns the need whose product showed fewer units than needed, or undefined
 */
export function shortAsRead(joined: JoinedLine[], needs: StockNeed[]): StockNeed | undefined {
  const read = new Map<string, number>();
  for (const j of joined) for (const p of j.product ? [j.product] : j.bundleProducts) read.set(p.id, p.quantity ?? 0);
  return needs.find((n) => (read.get(n.product_id) ?? 0) < n.quantity);
}
