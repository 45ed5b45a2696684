import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, productBody, setDigital, type ProductFormState } from './product-form-model';

const form = (over: Partial<ProductFormState>): ProductFormState => ({
  ...EMPTY_PRODUCT_FORM,
  name: 'Manubri',
  ...over,
});

describe('product form -> API body', () => {
  it('defaults: price 0, no original price, quantity 0, tier none, not digital', () => {
    expect(productBody(form({}), null).body).toEqual({
      name: 'Manubri',
      description: '',
      price_cents: 0,
      original_price_cents: null,
      category_id: null,
      badge: null,
      rating: 0,
      reviews: 0,
      is_digital: false,
      digital_asset_id: null,
      premium_tier: 'none',
      supplier_product_url: null,
      quantity: 0,
    });
  });

  it('reads euro text into cents; empty or 0 original price is null; empty quantity is 0', () => {
    const body = productBody(form({ price: '19,99', original_price: '0', quantity: '' }), null).body!;
    expect(body).toMatchObject({ price_cents: 1999, original_price_cents: null, quantity: 0 });
    expect(productBody(form({ original_price: '24.90' }), null).body!.original_price_cents).toBe(2490);
  });

  it('names the fields in error: empty name, bad price, bad original price, fractional quantity', () => {
    const { body, errors } = productBody(
      form({ name: ' ', price: 'abc', original_price: '1,234', quantity: '1.5' }),
      null,
    );
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['name', 'original_price', 'price', 'quantity']);
  });

  it('an edit sends the quantity only when it changed', () => {
    const initial = form({ quantity: '8' });
    expect(productBody(form({ quantity: '8', price: '10' }), initial).body).not.toHaveProperty('quantity');
    expect(productBody(form({ quantity: '12' }), initial).body!.quantity).toBe(12);
  });

  it('turning digital off clears the asset; a physical product sends no asset', () => {
    const digital = form({ is_digital: true, digital_asset_id: 'a1' });
    expect(productBody(digital, null).body!.digital_asset_id).toBe('a1');
    expect(setDigital(digital, false)).toMatchObject({ is_digital: false, digital_asset_id: '' });
    expect(productBody({ ...digital, is_digital: false }, null).body!.digital_asset_id).toBeNull();
  });
});
