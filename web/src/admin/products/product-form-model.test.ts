import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT_FORM,
  productBody,
  reductionPreview,
  setDigital,
  type ProductFormState,
} from './product-form-model';

const SAFETY = {
  manufacturer_name: 'Aurum Fitness S.r.l.',
  manufacturer_address: 'Via Sparano 1, 70121 Bari, Italia',
  manufacturer_contact: 'sicurezza@aurumfitness.example',
  warnings: 'Usare su superficie piana.',
};

const form = (over: Partial<ProductFormState>): ProductFormState => ({
  ...EMPTY_PRODUCT_FORM,
  name: 'Manubri',
  ...SAFETY,
  ...over,
});

describe('product form -> API body', () => {
  it('defaults: price 0, no announced reduction, VAT 22 %, quantity 0, tier none, not digital', () => {
    expect(productBody(form({}), null).body).toEqual({
      name: 'Manubri',
      description: '',
      price_cents: 0,
      announce_reduction: false,
      vat_rate: 22,
      category_id: null,
      badge: null,
      rating: 0,
      reviews: 0,
      is_digital: false,
      digital_asset_id: null,
      premium_tier: 'none',
      supplier_product_url: null,
      product_safety: {
        ...SAFETY,
        manufacturer_in_eu: true,
        responsible_person_name: null,
        responsible_person_address: null,
        responsible_person_contact: null,
        product_identifier: null,
      },
      quantity: 0,
    });
  });

  it('reads euro text into cents; empty quantity is 0', () => {
    const body = productBody(form({ price: '19,99', quantity: '' }), null).body!;
    expect(body).toMatchObject({ price_cents: 1999, quantity: 0 });
  });

  it('names the fields in error: empty name, bad price, fractional quantity', () => {
    const { body, errors } = productBody(form({ name: ' ', price: 'abc', quantity: '1.5' }), null);
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['name', 'price', 'quantity']);
  });

  it('a physical product needs the GPSR fields, and the EU responsible person when made outside the EU', () => {
    const empty = { manufacturer_name: '', manufacturer_address: '', manufacturer_contact: '', warnings: '' };
    expect(Object.keys(productBody(form(empty), null).errors).sort()).toEqual([
      'manufacturer_address',
      'manufacturer_contact',
      'manufacturer_name',
      'warnings',
    ]);
    expect(Object.keys(productBody(form({ manufacturer_in_eu: false }), null).errors).sort()).toEqual([
      'responsible_person_address',
      'responsible_person_contact',
      'responsible_person_name',
    ]);
    expect(productBody(form({ manufacturer_contact: 'nessuno' }), null).errors).toHaveProperty('manufacturer_contact');
    // a digital product sends none and needs none
    expect(productBody(form({ ...empty, is_digital: true }), null).body!.product_safety).toBeNull();
  });

  it('previews the struck-through price: the 30-day lowest price, or none when the price is no reduction', () => {
    const history = [
      { price_cents: 8000, at: '2026-01-01T10:00:00.000Z' },
      { price_cents: 12000, at: '2026-02-19T10:00:00.000Z' },
    ];
    expect(reductionPreview(history, 7000, '2026-03-01T10:00:00.000Z')).toEqual({
      reference_cents: 8000,
      percent_off: 12,
    });
    expect(reductionPreview(history, 9000, '2026-03-01T10:00:00.000Z')).toBeNull();
    expect(reductionPreview([], 9000, '2026-03-01T10:00:00.000Z')).toBeNull();
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
