import { describe, expect, it } from 'vitest';
import { boughtProduct } from './reviews';
import { isBlankReview, reviewRateWindow } from '../../shared/reviews';
import type { OrderBundleItem, OrderRecord } from '../orders/order-record';

const order = (
  status: OrderRecord['status'],
  items: { product_id: string | null; bundle_id: string | null; bundle_items?: OrderBundleItem[] }[],
): OrderRecord => ({
  id: 'o',
  user_id: 'u',
  user_email: 'u@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  status,
  total_cents: 100,
  tracking_number: null,
  tracking_url: null,
  checkout_session_id: null,
  items: items.map((i) => ({
    ...i,
    name: 'x',
    image_url: null,
    quantity: 1,
    price_cents: 100,
    is_digital: false,
    digital_asset_id: null,
  })),
});

describe("'Acquisto verificato'", () => {
  it('counts a line of the product or of a bundle holding it, in an order not cancelled', () => {
    expect(boughtProduct([order('Completato', [{ product_id: 'p1', bundle_id: null }])], 'p1', new Set())).toBe(true);
    expect(
      boughtProduct([order('In elaborazione', [{ product_id: null, bundle_id: 'b1' }])], 'p1', new Set(['b1'])),
    ).toBe(true);
    expect(boughtProduct([order('Annullato', [{ product_id: 'p1', bundle_id: null }])], 'p1', new Set())).toBe(false);
    expect(boughtProduct([order('Spedito', [{ product_id: 'p2', bundle_id: null }])], 'p1', new Set())).toBe(false);
    expect(boughtProduct([], 'p1', new Set())).toBe(false);
    // a bundle line's own snapshot decides, whatever the bundle holds today
    expect(
      boughtProduct(
        [
          order('Completato', [
            {
              product_id: null,
              bundle_id: 'b1',
              bundle_items: [{ product_id: 'p1', name: 'Planner', is_digital: true, digital_asset_id: 'a1' }],
            },
          ]),
        ],
        'p1',
        new Set(),
      ),
    ).toBe(true);
    expect(
      boughtProduct(
        [
          order('Completato', [
            {
              product_id: null,
              bundle_id: 'b1',
              bundle_items: [{ product_id: 'p2', name: 'Altro', is_digital: true, digital_asset_id: null }],
            },
          ]),
        ],
        'p1',
        new Set(['b1']),
      ),
    ).toBe(false);
  });
});

describe('review rules (blank text ignored, hourly rate window)', () => {
  it('blank text is whitespace only; the rate window is the UTC hour', () => {
    expect(isBlankReview(' \n\t ')).toBe(true);
    expect(isBlankReview(' ok ')).toBe(false);
    expect(reviewRateWindow(new Date('2026-11-22T10:59:59.999Z'))).toBe('2026-11-22T10');
    expect(reviewRateWindow(new Date('2026-11-22T11:00:00.000Z'))).toBe('2026-11-22T11');
  });
});
