import { describe, expect, it } from 'vitest';
import {
  cheapestShippingMethod,
  deliveryEstimate,
  missingForFreeShipping,
  needsShipping,
  shippingCost,
  shippingLabel,
} from './shipping';
import { orderTotals } from './order-totals';

const standard = { id: 'std', cost_cents: 490, free_shipping_threshold_cents: 7900 };
const express = { id: 'exp', cost_cents: 990, free_shipping_threshold_cents: null };
const pickup = { id: 'pick', cost_cents: 0, free_shipping_threshold_cents: null };

describe('shipping cost (threshold -> GRATIS)', () => {
  it('charges the cost below the threshold and nothing from the threshold on', () => {
    expect(shippingCost(standard, 7899)).toBe(490);
    expect(shippingCost(standard, 7900)).toBe(0);
    expect(shippingCost(standard, 12000)).toBe(0);
    expect(shippingCost(express, 50000)).toBe(990);
    expect(shippingCost(pickup, 100)).toBe(0);
  });

  it('says how much is missing for free shipping', () => {
    expect(missingForFreeShipping(standard, 6000)).toBe(1900);
    expect(missingForFreeShipping(standard, 8000)).toBeNull();
    expect(missingForFreeShipping(express, 100)).toBeNull();
  });

  it("shows 0 as 'GRATIS' and other amounts in euro", () => {
    expect(shippingLabel(0)).toBe('GRATIS');
    expect(shippingLabel(490)).toBe('4,90\u00a0€');
  });

  it('preselects the cheapest method for the cart (ties: list order)', () => {
    expect(cheapestShippingMethod([standard, express], 3000)?.id).toBe('std');
    expect(cheapestShippingMethod([express, standard, pickup], 3000)?.id).toBe('pick');
    expect(cheapestShippingMethod([pickup, standard], 9000)?.id).toBe('pick'); // both free: the first
    expect(cheapestShippingMethod([], 9000)).toBeNull();
  });

  it('ships only carts with a physical item', () => {
    expect(needsShipping([{ is_digital: true }, { is_digital: false }])).toBe(true);
    expect(needsShipping([{ is_digital: true }])).toBe(false);
    expect(needsShipping([])).toBe(false);
  });

  it('words the delivery estimate in working days', () => {
    expect(deliveryEstimate({ estimated_delivery_days_min: 3, estimated_delivery_days_max: 5 })).toBe(
      '3–5 giorni lavorativi',
    );
    expect(deliveryEstimate({ estimated_delivery_days_min: 1, estimated_delivery_days_max: 1 })).toBe(
      '1 giorno lavorativo',
    );
    expect(deliveryEstimate({ estimated_delivery_days_min: 2, estimated_delivery_days_max: null })).toBe(
      'da 2 giorni lavorativi',
    );
    expect(deliveryEstimate({ estimated_delivery_days_min: null, estimated_delivery_days_max: 7 })).toBe(
      'entro 7 giorni lavorativi',
    );
    expect(deliveryEstimate({ estimated_delivery_days_min: null, estimated_delivery_days_max: null })).toBeNull();
  });
});

describe('order totals: member discount, then code, then shipping', () => {
  it('adds shipping on the goods total after both discounts', () => {
    // 89,90 physical; member 10 % -> 80,91; code 10 % -> 8,09 off -> 72,82 < 79,00: Standard costs 4,90
    const t = orderTotals({
      lines: [{ unit_cents: 8990, quantity: 1, is_digital: false }],
      member_percentage: 10,
      code: { discount_type: 'percentage', value: 10 },
      shipping_method: standard,
    });
    expect(t).toMatchObject({
      after_member_cents: 8091,
      code_discount_cents: 809,
      goods_total_cents: 7282,
      shipping_cents: 490,
      total_cents: 7772,
    });
  });

  it('ships free when the discounted goods reach the threshold', () => {
    const t = orderTotals({
      lines: [{ unit_cents: 4500, quantity: 2, is_digital: false }],
      member_percentage: 0,
      code: null,
      shipping_method: standard,
    });
    expect(t).toMatchObject({ goods_total_cents: 9000, shipping_cents: 0, total_cents: 9000 });
  });

  it('has no shipping for a digital-only cart, whatever method is passed', () => {
    const t = orderTotals({
      lines: [{ unit_cents: 1990, quantity: 1, is_digital: true }],
      member_percentage: 0,
      code: { discount_type: 'fixed', value: 500 },
      shipping_method: express,
    });
    expect(t).toMatchObject({ code_discount_cents: 500, shipping_cents: null, total_cents: 1490 });
  });

  it('a fixed code bigger than the goods leaves only the shipping to pay', () => {
    const t = orderTotals({
      lines: [{ unit_cents: 1500, quantity: 1, is_digital: false }],
      member_percentage: 0,
      code: { discount_type: 'fixed', value: 2000 },
      shipping_method: express,
    });
    expect(t).toMatchObject({ goods_total_cents: 0, shipping_cents: 990, total_cents: 990 });
  });
});
