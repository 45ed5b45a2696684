import { describe, expect, it } from 'vitest';
import { isCheckoutSessionId, lineDiscounted, lineMaxQuantity, lineShortOfStock } from './shop-rules';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

describe('cart line rules', () => {
  it('caps the plus button at the stock of physical products and at 10 (the per-line cap) otherwise', () => {
    expect(lineMaxQuantity({ available_quantity: 3 })).toBe(3);
    expect(lineMaxQuantity({ available_quantity: 500 })).toBe(10);
    expect(lineMaxQuantity({ available_quantity: -2 })).toBe(0);
    expect(lineMaxQuantity({ available_quantity: null })).toBe(10);
  });

  it('warns when the stock fell below the quantity', () => {
    expect(lineShortOfStock({ available_quantity: 1, quantity: 2 })).toBe(true);
    expect(lineShortOfStock({ available_quantity: 2, quantity: 2 })).toBe(false);
    expect(lineShortOfStock({ available_quantity: null, quantity: 50 })).toBe(false);
  });

  it('strikes the list price only when the member discount lowered it', () => {
    expect(lineDiscounted({ unit_paid_cents: 6741, unit_price_cents: 7490 })).toBe(true);
    expect(lineDiscounted({ unit_paid_cents: 7490, unit_price_cents: 7490 })).toBe(false);
  });
});

describe('checkout session id', () => {
  it('accepts Stripe Checkout Session ids only', () => {
    expect(isCheckoutSessionId('cs_test_a1B2c3D4e5F6g7H8')).toBe(true);
    expect(isCheckoutSessionId('cs_live_a1B2c3D4e5F6g7H8')).toBe(true);
    expect(isCheckoutSessionId('cs_test_short')).toBe(false);
    expect(isCheckoutSessionId('../../api/me')).toBe(false);
    expect(isCheckoutSessionId(null)).toBe(false);
  });
});

describe('shop texts', () => {
  it('uses the singular for one item', () => {
    expect(SHOP_TEXT.subtotal(1)).toBe('Subtotale (1 articolo)');
    expect(SHOP_TEXT.subtotal(4)).toBe('Subtotale (4 articoli)');
    expect(SHOP_TEXT.onlyAvailable(1)).toBe('Disponibile solo 1 pezzo');
    expect(SHOP_TEXT.onlyAvailable(3)).toBe('Disponibili solo 3 pezzi');
  });
});
