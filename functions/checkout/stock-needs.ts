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
