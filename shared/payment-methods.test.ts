/**
 * Which methods a Checkout Session offers (shared/payment-methods.ts) and how an order's method is
 * named in Italian. Expectations from Stripe's published rules: Satispay presents in EUR only, has
 * no subscription mode and charges 0,50 € to 999.999,99 €; Klarna is sold for the cart only; a
 * session of 0 € takes no payment.
 */
import { describe, expect, it } from 'vitest';
import {
  clubPayable,
  DEFAULT_PAYMENT_METHOD_SWITCHES,
  methodsForSession,
  switchesOf,
  type PaymentMethodSwitches,
} from './payment-methods';
import { orderPaymentLabel, paymentMethodLabel } from './messages/payment-methods';

const ALL: PaymentMethodSwitches = { card: true, paypal: true, satispay: true, klarna: true };
const cart = (amount_cents: number, currency = 'eur') => ({ mode: 'payment' as const, currency, amount_cents });

describe('methodsForSession', () => {
  it('offers every method switched on whose rules fit, in the catalogue order', () => {
    expect(methodsForSession(ALL, cart(2500))).toEqual(['card', 'paypal', 'satispay', 'klarna']);
    expect(methodsForSession({ ...ALL, klarna: false }, cart(2500))).toEqual(['card', 'paypal', 'satispay']);
  });

  it('leaves out what does not fit: Satispay over 999.999,99 € or in another currency, and in the club', () => {
    expect(methodsForSession(ALL, cart(99_999_999))).toContain('satispay');
    expect(methodsForSession(ALL, cart(100_000_000))).toEqual(['card', 'paypal', 'klarna']);
    expect(methodsForSession(ALL, cart(2500, 'GBP'))).toEqual(['card', 'paypal', 'klarna']);
    expect(methodsForSession(ALL, { mode: 'subscription', currency: 'eur', amount_cents: 4990 })).toEqual([
      'card',
      'paypal',
    ]);
  });

  it('judges no amount for a free order, and nothing under Stripe’s 0,50 €', () => {
    expect(methodsForSession(ALL, cart(0))).toEqual(['card', 'paypal', 'satispay', 'klarna']);
    expect(methodsForSession(ALL, cart(49))).toEqual([]);
  });

  it('a stage where nobody chose offers cards only; stored switches are completed with that default', () => {
    expect(methodsForSession(DEFAULT_PAYMENT_METHOD_SWITCHES, cart(2500))).toEqual(['card']);
    expect(switchesOf(undefined)).toEqual(DEFAULT_PAYMENT_METHOD_SWITCHES);
    expect(switchesOf({ paypal: true, klarna: 'yes', sepa_debit: true })).toEqual({
      card: true,
      paypal: true,
      satispay: false,
      klarna: false,
    });
  });

  it('the club stays payable only with cards or PayPal on', () => {
    expect(clubPayable({ card: false, paypal: true, satispay: false, klarna: false })).toBe(true);
    expect(clubPayable({ card: false, paypal: false, satispay: true, klarna: true })).toBe(false);
  });
});

describe('how an order was paid, in Italian', () => {
  const pm = { card_brand: null, card_last4: null, wallet: null };
  it('names the method, a card by brand and last digits, a wallet with its card', () => {
    expect(paymentMethodLabel({ ...pm, type: 'paypal' })).toBe('PayPal');
    expect(paymentMethodLabel({ ...pm, type: 'satispay' })).toBe('Satispay');
    expect(paymentMethodLabel({ ...pm, type: 'klarna' })).toBe('Klarna');
    expect(paymentMethodLabel({ type: 'card', card_brand: 'visa', card_last4: '4242', wallet: null })).toBe(
      'Carta Visa •••• 4242',
    );
    expect(paymentMethodLabel({ type: 'card', card_brand: 'amex', card_last4: '0005', wallet: 'google_pay' })).toBe(
      'Google Pay (American Express •••• 0005)',
    );
    expect(paymentMethodLabel({ ...pm, type: 'card' })).toBe('Carta');
  });

  it('an order of 0 € paid nothing; an older order without its method is not labelled', () => {
    expect(orderPaymentLabel({ total_cents: 0, payment_method: null })).toBe('Nessun pagamento dovuto');
    expect(orderPaymentLabel({ total_cents: 1000 })).toBeNull();
    expect(orderPaymentLabel({ total_cents: 1000, payment_method: { ...pm, type: 'paypal' } })).toBe('PayPal');
  });
});
