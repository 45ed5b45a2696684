import { describe, expect, it } from 'vitest';
import { summariseSales, windowDates, windowStart, type SalesOrder } from './sales-aggregate';

const line = (
  name: string,
  quantity: number,
  price_cents: number,
  product_id: string | null = name,
  bundle_id: string | null = null,
) => ({ product_id, bundle_id, name, quantity, price_cents });
const order = (
  created_at: string,
  status: SalesOrder['status'],
  items: SalesOrder['items'],
  total_cents?: number,
): SalesOrder => ({
  created_at,
  status,
  items,
  total_cents: total_cents ?? items.reduce((s, i) => s + i.quantity * i.price_cents, 0),
});

// 15 March 2026, 12:00 in Rome (CET, UTC+1)
const NOW = new Date('2026-03-15T11:00:00Z');

describe('sales summary window', () => {
  it('is the 30 Italian calendar days ending today, oldest first', () => {
    const days = windowDates(NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-02-14');
    expect(days[29]).toBe('2026-03-15');
    expect(windowDates(new Date('2026-03-01T23:30:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']); // already 2 March in Rome
  });

  it('reads from 31 days before now, so the first Italian day is whole', () => {
    expect(windowStart(NOW)).toBe('2026-02-12T11:00:00.000Z');
  });
});

describe('sales summary arithmetic', () => {
  const orders = [
    order('2026-03-15T08:00:00Z', 'In elaborazione', [line('Manubri', 1, 34900), line('Shaker', 2, 1990)]), // 38 880
    order('2026-03-14T22:30:00Z', 'Spedito', [line('Shaker', 1, 1990)], 2480), // 23:30 in Rome: the 14th; total with shipping
    order('2026-03-10T09:00:00Z', 'Annullato', [line('Tapis roulant', 1, 89900)]), // cancelled: counted by status only
    order('2026-02-14T00:30:00Z', 'Completato', [line('Planner', 3, 1990), line('Kit Forza', 1, 19900, null, 'kit')]), // 01:30 in Rome, first day
    order('2026-02-13T22:59:00Z', 'Completato', [line('Manubri', 5, 34900)]), // 23:59 on the 13th in Rome: outside
  ];
  const s = summariseSales(orders, NOW);

  it('sums revenue and orders of the window without the cancelled ones', () => {
    expect(s).toMatchObject({
      from: '2026-02-14',
      to: '2026-03-15',
      revenue_cents: 38880 + 2480 + 5970 + 19900,
      orders: 3,
      generated_at: NOW.toISOString(),
    });
    expect(s.average_order_cents).toBe(Math.round((38880 + 2480 + 25870) / 3));
  });

  it('puts each order on its Italian day, every day of the window listed', () => {
    expect(s.by_day).toHaveLength(30);
    expect(s.by_day.find((d) => d.date === '2026-03-15')).toEqual({
      date: '2026-03-15',
      revenue_cents: 38880,
      orders: 1,
    });
    expect(s.by_day.find((d) => d.date === '2026-03-14')).toEqual({
      date: '2026-03-14',
      revenue_cents: 2480,
      orders: 1,
    });
    expect(s.by_day.find((d) => d.date === '2026-03-10')).toEqual({ date: '2026-03-10', revenue_cents: 0, orders: 0 });
    expect(s.by_day[0]).toEqual({ date: '2026-02-14', revenue_cents: 25870, orders: 1 });
  });

  it('counts every order of the window by status, the cancelled one too', () => {
    expect(s.by_status).toEqual({ 'In elaborazione': 1, Spedito: 1, Completato: 1, Annullato: 1 });
  });

  it('ranks best sellers by units, then revenue, products and bundles apart', () => {
    expect(s.top_products).toEqual([
      { product_id: 'Planner', bundle_id: null, name: 'Planner', units: 3, revenue_cents: 5970 },
      { product_id: 'Shaker', bundle_id: null, name: 'Shaker', units: 3, revenue_cents: 5970 },
      { product_id: 'Manubri', bundle_id: null, name: 'Manubri', units: 1, revenue_cents: 34900 },
      { product_id: null, bundle_id: 'kit', name: 'Kit Forza', units: 1, revenue_cents: 19900 },
    ]);
  });

  it('leaves out the money given back: an order counts its total minus its refunds, refunded units are not sold', () => {
    const refunded: SalesOrder = {
      ...order('2026-03-15T09:00:00Z', 'Completato', [line('Manubri', 2, 34900), line('Shaker', 1, 1990)]),
      refunds: [
        { amount_cents: 34900, lines: [{ index: 0, quantity: 1 }], shipping: false, status: 'succeeded' },
        { amount_cents: 500, lines: [], shipping: false, status: 'failed' }, // failed: the money stayed
      ],
    };
    const r = summariseSales([refunded], NOW);
    expect(r.revenue_cents).toBe(34900 + 1990);
    expect(r.top_products).toEqual([
      { product_id: 'Manubri', bundle_id: null, name: 'Manubri', units: 1, revenue_cents: 34900 },
      { product_id: 'Shaker', bundle_id: null, name: 'Shaker', units: 1, revenue_cents: 1990 },
    ]);
  });

  it('is all zeros without orders', () => {
    const empty = summariseSales([], NOW);
    expect(empty).toMatchObject({ revenue_cents: 0, orders: 0, average_order_cents: 0, top_products: [] });
    expect(empty.by_day.every((d) => d.orders === 0)).toBe(true);
  });
});
