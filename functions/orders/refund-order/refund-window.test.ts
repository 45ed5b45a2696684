/**
 * Each payment method's refund period (refund-window.ts), from the periods Stripe and PayPal
 * publish: PayPal and Satispay take refunds for 180 days from the payment, cards and Klarna publish
 * none. Then refundOrder with the payment fake: a refund past the period is refused with the reason
 * and an operator alert, before anything is written or asked of the provider; within it the
 * provider gets the refund with its amount.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { PaymentMethodUsed } from '../../../shared/payment-methods';
import { anOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { refundOrder } from './refund-order';
import { refundWindowClosed } from './refund-window';

const PAID_AT = '2026-01-10T15:00:00.000Z';
const method = (type: string, paidAt = PAID_AT): PaymentMethodUsed => ({
  type,
  card_brand: type === 'card' ? 'visa' : null,
  card_last4: type === 'card' ? '4242' : null,
  wallet: null,
  paid_at: paidAt,
});
/** `days` days of 24 hours after the payment, plus `ms`. */
const after = (days: number, ms = 0) => new Date(Date.parse(PAID_AT) + days * 86_400_000 + ms);

describe('refundWindowClosed', () => {
  it('PayPal and Satispay: open until 180 days after the payment, closed a moment later, naming the last day', () => {
    for (const [type, name] of [
      ['paypal', 'PayPal'],
      ['satispay', 'Satispay'],
    ]) {
      expect(refundWindowClosed(method(type!), after(0))).toBeNull();
      expect(refundWindowClosed(method(type!), after(180))).toBeNull();
      // 10 January + 180 days = 9 July (2026 is not a leap year)
      expect(refundWindowClosed(method(type!), after(180, 1))).toEqual({
        method: name,
        days: 180,
        last_day: '2026-07-09',
      });
    }
  });

  it('cards (with their wallets) and Klarna publish no period; an unknown or unrecorded method is left to Stripe', () => {
    expect(refundWindowClosed(method('card'), after(1000))).toBeNull();
    expect(refundWindowClosed({ ...method('card'), wallet: 'apple_pay' }, after(1000))).toBeNull();
    expect(refundWindowClosed(method('klarna'), after(1000))).toBeNull();
    expect(refundWindowClosed(method('sepa_debit'), after(1000))).toBeNull();
    expect(refundWindowClosed(null, after(1000))).toBeNull();
  });
});

describe('refundOrder: the method of the payment decides whether it can still be refunded', () => {
  const admin = { id: 'staff-1', email: 'supporto@aurumfitness.example', origin: 'admin' as const };

  /** An order paid with `type` at PAID_AT, stored, its payment known to the provider; the clock at `now`. */
  function paidWith(type: string, now: Date, recorded = true) {
    const t = testPorts(now.toISOString());
    const o = anOrder({ payment_method: recorded ? method(type) : undefined, created_at: PAID_AT });
    t.store.add(o);
    t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!, method(type));
    return { t, o };
  }
  const fullRefund = (orderId: string) => ({
    orderId,
    action: 'admin_refund' as const,
    request: { kind: 'amount' as const, amount_cents: 2500 },
    reason: 'Reso',
    restock: false,
    actor: admin,
  });

  it('a PayPal payment 181 days old: 409 with the method, the period and the last day; alert; nothing written or sent', async () => {
    const { t, o } = paidWith('paypal', after(181));
    const e = (await refundOrder(t.ports, fullRefund(o.id)).catch((x: unknown) => x)) as AppError;
    expect(e).toBeInstanceOf(AppError);
    expect(e.statusCode).toBe(409);
    expect(e.message).toContain('PayPal accetta rimborsi solo entro 180 giorni dal pagamento (fino al 9 luglio 2026)');
    expect(t.store.writes).toBe(0);
    expect(t.payments.createCalls).toHaveLength(0);
    expect(t.alerts).toEqual([
      expect.objectContaining({
        code: 'refund_failed',
        details: expect.objectContaining({ orderId: o.id, method: 'paypal', amountCents: 2500 }),
      }),
    ]);
  });

  it('the method read from the payment when the order did not record it (older orders)', async () => {
    const { t, o } = paidWith('satispay', after(200), false);
    const e = (await refundOrder(t.ports, fullRefund(o.id)).catch((x: unknown) => x)) as AppError;
    expect(e.statusCode).toBe(409);
    expect(e.message).toContain('Satispay accetta rimborsi solo entro 180 giorni');
    expect(t.payments.createCalls).toHaveLength(0);
  });

  it('within the period, and for a card years later, the provider gets the refund with its amount', async () => {
    for (const [type, now] of [
      ['paypal', after(179)],
      ['satispay', after(180)],
      ['card', after(900)],
      ['klarna', after(900)],
    ] as const) {
      const { t, o } = paidWith(type, now);
      const { refund } = await refundOrder(t.ports, fullRefund(o.id));
      expect(refund).toMatchObject({ amount_cents: 2500, status: 'succeeded' });
      expect(t.payments.createCalls).toEqual([
        expect.objectContaining({ paymentIntent: o.payment_intent_id, amountCents: 2500 }),
      ]);
      expect(t.alerts).toEqual([]);
    }
  });
});
