/**
 * Stock states ("Low stock 1 to 5; sold out 0 or less").
 * Digital products are never sold out.
 */
export const LOW_STOCK_MAX = 5;

export type StockState = 'available' | 'low_stock' | 'sold_out' | 'digital';

/**
 * Stock state of a product.
 * @param product is_digital flag and quantity (units; null/undefined counts as 0)
 * @returns 'digital' for digital products, 'sold_out' for quantity <= 0, 'low_stock' for 1..5, else 'available'
 */
export function stockState(product: { is_digital: boolean; quantity: number | null | undefined }): StockState {
  if (product.is_digital) return 'digital';
  const q = product.quantity ?? 0;
  if (q <= 0) return 'sold_out';
  if (q <= LOW_STOCK_MAX) return 'low_stock';
  return 'available';
}

/** True when a physical product cannot be added to the cart ('Prodotto Esaurito'). */
export function isSoldOut(product: { is_digital: boolean; quantity: number | null | undefined }): boolean {
  return stockState(product) === 'sold_out';
}
