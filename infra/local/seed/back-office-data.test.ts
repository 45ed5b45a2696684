import { describe, expect, it } from 'vitest';
import {
  SEED_CUSTOMERS,
  seedDiscountCodes,
  seedOrders,
  seedShippingMethods,
  type OrderCustomer,
} from './back-office-data';
import { SEED_PRODUCTS, UUID_PATTERN } from './catalog-data';
import type { ProductRecord } from '../../../functions/data/catalog-items';
import { ORDER_STATUSES } from '../../../shared/orders';

const NOW = new Date('2026-11-22T12:00:00Z');
const products: ProductRecord[] = SEED_PRODUCTS.map((p) => ({
  id: p.id,
  name: p.name,
  description: '',
  price_cents: p.price_cents,
  image_url: null,
  category_id: p.category_id,
  category_name: null,
  badge: null,
  rating: 0,
  reviews: 0,
  is_digital: p.is_digital,
  digital_asset_id: null,
  quantity: p.quantity,
  premium_tier: p.premium_tier,
  supplier_product_url: null,
  created_at: p.created_at,
  images: [],
}));
const address = SEED_CUSTOMERS[0]!.address;
const customers: OrderCustomer[] = [
  ...SEED_CUSTOMERS.map((c, i) => ({
    sub: `sub-${i}`,
    email: c.email,
    address: c.address,
    member_percentage: 0,
    max_days_ago: c.created_days_ago,
  })),
  {
    sub: 'demo-cliente',
    email: 'cliente@aurumfitness.example',
    address,
    member_percentage: 0,
    max_days_ago: 3,
    featured: true,
  },
  {
    sub: 'demo-membro',
    email: 'membro@aurumfitness.example',
    address,
    member_percentage: 10,
    max_days_ago: 3,
    featured: true,
  },
];
const methods = seedShippingMethods(NOW);
const codes = seedDiscountCodes(NOW);
const { orders, codeUses } = seedOrders(NOW, products, customers, methods, codes);

describe('back-office seed data', () => {
  it("has the demo shop's shipping methods, Standard 4,90 € free from 79 €", () => {
    expect(methods.map((m) => m.name)).toEqual([
      'Standard',
      'Express',
      'Ritiro in sede',
      'Consegna al piano',
      'Internazionale (UE)',
    ]);
    expect(methods[0]).toMatchObject({ cost_cents: 490, free_shipping_threshold_cents: 7900 });
    expect(methods.find((m) => m.name === 'Ritiro in sede')?.cost_cents).toBe(0);
  });

  it('has BENVENUTO10 at 10 %, an expired and an inactive code; codes unique case-insensitively', () => {
    expect(codes.find((c) => c.code === 'BENVENUTO10')).toMatchObject({
      discount_type: 'percentage',
      value: 10,
      is_active: true,
      expires_at: null,
    });
    expect(codes.filter((c) => c.expires_at !== null && c.expires_at < '2026-11-22').map((c) => c.code)).toEqual([
      'BLACKFRIDAY30',
    ]);
    expect(new Set(codes.map((c) => c.code.toLowerCase())).size).toBe(codes.length);
  });

  it('is the same on every run (deterministic ids and picks)', () => {
    expect(seedOrders(NOW, products, customers, methods, codes).orders).toEqual(orders);
    expect(orders.every((o) => UUID_PATTERN.test(o.id))).toBe(true);
  });

  it("gives each demo account one of today's orders, and customers no order before they signed up", () => {
    expect(orders[0]).toMatchObject({ user_email: 'cliente@aurumfitness.example', status: 'In elaborazione' });
    expect(orders[1]?.user_email).toBe('membro@aurumfitness.example');
    for (const o of orders) {
      const c = customers.find((x) => x.sub === o.user_id)!;
      expect(NOW.getTime() - Date.parse(o.created_at)).toBeLessThanOrEqual((c.max_days_ago + 1) * 24 * 3600 * 1000);
    }
  });

  it("has a month of orders in every status, with totals following the shop's rule", () => {
    expect(orders).toHaveLength(44);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const o of orders) {
      const goods = o.items.reduce((s, i) => s + i.price_cents * i.quantity, 0);
      expect(o.total_cents).toBe(goods - (o.discount_cents ?? 0) + (o.shipping_cents ?? 0));
      const physical = o.items.some((i) => !i.is_digital);
      expect(o.shipping_method !== null).toBe(physical);
      expect(o.shipping_address !== null).toBe(physical);
      if (o.tracking_number) expect(o.tracking_url).toBe(`https://tracking.aurumfitness.example/${o.tracking_number}`);
    }
    const benvenuto = codes.find((c) => c.code === 'BENVENUTO10')!;
    expect(codeUses.get(benvenuto.id)).toBe(orders.filter((o) => o.discount_code === 'BENVENUTO10').length);
  });

  it('charges members their member price', () => {
    const memberOrder = orders.find((o) => o.user_id === 'demo-membro')!;
    for (const line of memberOrder.items) {
      const list = products.find((p) => p.id === line.product_id)!.price_cents;
      expect(line.price_cents).toBeLessThan(list);
    }
  });
});
