import { describe, expect, it } from 'vitest';
import {
  isRefundPlanError,
  linePaidCents,
  planRefund,
  refundableCents,
  refundedQuantities,
  refundState,
  spreadCents,
  unitsRefundCents,
  type OrderRefund,
  type RefundableOrder,
} from './refunds';

const refund = (
  amount: number,
  lines: OrderRefund['lines'] = [],
  shipping = false,
  status: OrderRefund['status'] = 'succeeded',
) => ({
  amount_cents: amount,
  lines,
  shipping,
  status,
});

// Two lines: 2 x 30,00 € and 1 x 40,00 € (goods 100,00 €), a 10 % code (-10,00 €), shipping 4,90 €: 94,90 €.
const order: RefundableOrder = {
  total_cents: 9490,
  shipping_cents: 490,
  items: [
    { price_cents: 3000, quantity: 2 },
    { price_cents: 4000, quantity: 1 },
  ],
  refunds: [],
};

describe('what each line was paid', () => {
  it('spreads the code over the lines by their totals, to the cent', () => {
    // goods paid 90,00 €: 60 % and 40 %
    expect(linePaidCents(order)).toEqual([5400, 3600]);
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadCents(0, [1, 2])).toEqual([0, 0]);
  });

  it('gives back a line unit by unit exactly its share', () => {
    // 3 units paid 1000 cents together: 333, 333, 334
    expect([0, 1, 2].map((done) => unitsRefundCents(1000, 3, done, 1))).toEqual([333, 333, 334]);
    expect(unitsRefundCents(1000, 3, 0, 3)).toBe(1000);
  });
});

describe('planning a refund', () => {
  it('one line: its paid share, no shipping', () => {
    expect(planRefund(order, { kind: 'lines', lines: [{ index: 1, quantity: 1 }] })).toEqual({
      amount_cents: 3600,
      lines: [{ index: 1, quantity: 1 }],
      shipping: false,
      full: false,
    });
  });

  it('the last units give back everything left, shipping included', () => {
    const after = { ...order, refunds: [refund(3600, [{ index: 1, quantity: 1 }])] };
    expect(refundableCents(after)).toBe(5890);
    expect(planRefund(after, { kind: 'lines', lines: [{ index: 0, quantity: 2 }] })).toEqual({
      amount_cents: 5890,
      lines: [{ index: 0, quantity: 2 }],
      shipping: true,
      full: true,
    });
  });

  it('everything left, or an amount up to it; never more than is left', () => {
    expect(planRefund(order, { kind: 'full' })).toMatchObject({ amount_cents: 9490, shipping: true, full: true });
    expect(planRefund(order, { kind: 'amount', amount_cents: 1000 })).toEqual({
      amount_cents: 1000,
      lines: [],
      shipping: false,
      full: false,
    });
    expect(planRefund(order, { kind: 'amount', amount_cents: 9491 })).toEqual({ error: 'too_much', left_cents: 9490 });
    const most = { ...order, refunds: [refund(9000)] };
    // 2 units of line 0 are worth 5400 but only 490 are left
    expect(planRefund(most, { kind: 'lines', lines: [{ index: 0, quantity: 1 }] })).toEqual({
      error: 'too_much',
      left_cents: 490,
    });
  });

  it('refuses unknown lines, more units than are left, nothing asked, and an order refunded in full', () => {
    expect(planRefund(order, { kind: 'lines', lines: [{ index: 2, quantity: 1 }] })).toEqual({
      error: 'line',
      index: 2,
    });
    expect(planRefund(order, { kind: 'lines', lines: [{ index: 0, quantity: 3 }] })).toEqual({
      error: 'quantity',
      index: 0,
      left: 2,
    });
    expect(planRefund(order, { kind: 'lines', lines: [{ index: 0, quantity: 0 }] })).toEqual({ error: 'empty' });
    const done = { ...order, refunds: [refund(9490, [], true)] };
    expect(planRefund(done, { kind: 'full' })).toEqual({ error: 'nothing_left' });
    expect(isRefundPlanError(planRefund(done, { kind: 'full' }))).toBe(true);
  });

  it('failed refunds do not count; pending ones do', () => {
    const failed = { ...order, refunds: [refund(9490, [], true, 'failed')] };
    expect(refundState(failed)).toBe('none');
    expect(refundableCents(failed)).toBe(9490);
    const pending = { ...order, refunds: [refund(3600, [{ index: 1, quantity: 1 }], false, 'pending')] };
    expect(refundState(pending)).toBe('partial');
    expect(refundedQuantities(pending)).toEqual([0, 1]);
  });

  it('once nothing is left every unit counts as refunded, however it got there', () => {
    const byAmount = { ...order, refunds: [refund(5000), refund(4490)] };
    expect(refundState(byAmount)).toBe('full');
    expect(refundedQuantities(byAmount)).toEqual([2, 1]);
  });
});
