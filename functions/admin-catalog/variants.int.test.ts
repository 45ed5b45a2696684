/**
 * The back office's variant grid (GET/PUT /api/admin/products/{id}/variants) through the real
 * handler against DynamoDB Local: a product without options shows its one default variant; options
 * and variants are saved with their SKU claimed shop-wide; every refusal is a 400 in Italian naming
 * its field with nothing written; archiving a variant takes its stock out of the product's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminVariantsDto } from '../../shared/api/admin-catalog';
import { claimsOf } from '../../test/support/staff';
import { testProduct } from '../../test/support/checkout';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { defaultSku } from '../../shared/variants';
import * as catalog from '../data/catalog-repository';
import { handler } from './index';

useLocalEnv();

type ApiError = { message: string; field?: string };
const admin = () => claimsOf('supporto');
const grid = (id: string) =>
  invoke<AdminVariantsDto & ApiError>(handler, 'GET /api/admin/products/{id}/variants', {
    claims: admin(),
    pathParameters: { id },
  });
const save = (id: string, body: unknown) =>
  invoke<AdminVariantsDto & ApiError>(handler, 'PUT /api/admin/products/{id}/variants', {
    claims: admin(),
    pathParameters: { id },
    body,
  });
/** A valid EAN-13 (check digit 1) and the same with a wrong check digit. */
const GTIN = '4006381333931';
const BAD_GTIN = '4006381333932';

describe('the variant grid', () => {
  it('shows the one default variant of a product without options, with its SKU, price and stock', async () => {
    const p = await testProduct(7, { price_cents: 2490 });
    const res = await grid(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ product_id: p.id, options: [], price_cents: 2490, quantity: 7 });
    expect(res.body.variants).toEqual([
      expect.objectContaining({
        id: p.id,
        sku: defaultSku(p.id),
        option_values: [],
        price_cents: 2490,
        quantity: 7,
        status: 'active',
      }),
    ]);
    expect((await grid(randomUUID())).status).toBe(404);
  });

  it('refuses a bad grid with 400 naming the field, writing nothing', async () => {
    const p = await testProduct(4, { price_cents: 2990 });
    const tag = p.id.slice(0, 6);
    const peso = [{ name: 'Peso', values: ['8 kg', '16 kg'] }];
    const eight = { id: p.id, option_values: ['8 kg'], sku: `KB8-${tag}`, price_cents: 2990 };
    const sixteen = { option_values: ['16 kg'], sku: `KB16-${tag}`, price_cents: 4990, quantity: 2 };
    const cases: [unknown, string][] = [
      [
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          variants: [{ ...eight, option_values: ['x', 'x', 'x'] }],
        },
        'options',
      ],
      [{ options: [{ name: 'Peso', values: ['8 kg', '8 KG'] }], variants: [eight] }, 'options.0.values'],
      [{ options: [{ name: ' ', values: ['8 kg'] }], variants: [eight] }, 'options.0.name'],
      [{ options: peso, variants: [eight, { ...sixteen, option_values: ['20 kg'] }] }, 'variants.1.option_values'],
      [{ options: peso, variants: [eight, { ...sixteen, option_values: ['8 kg'] }] }, 'variants.1.option_values'],
      [{ options: peso, variants: [eight, { ...sixteen, sku: eight.sku.toLowerCase() }] }, 'variants.1.sku'],
      [{ options: peso, variants: [eight, { ...sixteen, sku: 'KB 16' }] }, 'variants.1.sku'],
      [{ options: peso, variants: [eight, { ...sixteen, gtin: BAD_GTIN }] }, 'variants.1.gtin'],
      [{ options: peso, variants: [{ ...sixteen }] }, 'variants'],
      [{ options: peso, variants: [{ ...eight, quantity: 9 }, sixteen] }, 'variants.0.quantity'],
      [{ options: peso, variants: [{ ...eight, id: randomUUID() }, sixteen] }, 'variants.0.id'],
      [{ options: [], variants: [eight, sixteen] }, 'variants'],
      [
        {
          options: peso,
          variants: [
            { ...eight, status: 'archived' },
            { ...sixteen, status: 'archived' },
          ],
        },
        'variants',
      ],
      [{ options: peso, variants: [eight, { ...sixteen, image_ids: ['non-mia'] }] }, 'variants.1.image_ids'],
      [{ options: peso, variants: [eight, { ...sixteen, price_cents: 0 }] }, 'variants.1.price_cents'],
    ];
    for (const [body, field] of cases) {
      const res = await save(p.id, body);
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([400, field]);
      expect(res.body.message).toMatch(/[àèéìòù]|Opzion|Variant|campo/);
    }
    const after = await grid(p.id);
    expect(after.body.options).toEqual([]);
    expect(after.body.variants.map((v) => [v.id, v.sku, v.quantity])).toEqual([[p.id, defaultSku(p.id), 4]]);
  });

  it('[AP149] saves options and a new variant with its SKU claimed shop-wide; archiving it takes its stock out', async () => {
    const p = await testProduct(4, { price_cents: 2990 });
    const tag = p.id.slice(0, 6);
    const body = {
      options: [{ name: ' Peso ', values: ['8 kg', '16 kg'] }],
      variants: [
        { id: p.id, option_values: ['8 KG'], sku: `KB8-${tag}`, price_cents: 2990 },
        {
          option_values: ['16 kg'],
          sku: `KB16-${tag}`,
          price_cents: 4990,
          quantity: 3,
          gtin: GTIN,
          weight_grams: 16000,
        },
      ],
    };
    const saved = await save(p.id, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }],
      price_cents: 2990,
      price_max_cents: 4990,
      quantity: 7,
    });
    const sixteen = saved.body.variants[1]!;
    expect(saved.body.variants.map((v) => [v.option_values, v.sku, v.price_cents, v.quantity, v.position])).toEqual([
      [['8 kg'], `KB8-${tag}`, 2990, 4, 0],
      [['16 kg'], `KB16-${tag}`, 4990, 3, 1],
    ]);
    // as stored: one Query gives the product's summary and both variants
    const stored = (await catalog.getProductWithVariants(p.id))!;
    expect(stored.product).toMatchObject({ quantity: 7, price_cents: 2990, price_max_cents: 4990, variant_count: 2 });
    expect(stored.variants.map((v) => [v.id, v.sku, v.quantity, v.gtin, v.weight_grams])).toEqual([
      [p.id, `KB8-${tag}`, 4, null, null],
      [sixteen.id, `KB16-${tag}`, 3, GTIN, 16000],
    ]);

    // another product cannot take the 16 kg's SKU (any case): 409 naming the field, nothing written
    const other = await testProduct(1);
    const taken = await save(other.id, {
      options: [],
      variants: [{ id: other.id, option_values: [], sku: `kb16-${tag}`, price_cents: 1000 }],
    });
    expect([taken.status, taken.body.field]).toEqual([409, 'variants.0.sku']);
    expect((await grid(other.id)).body.variants[0]!.sku).toBe(defaultSku(other.id));
    // the old default SKU of the first product was let go: another variant may take it now
    const freed = await save(other.id, {
      options: [],
      variants: [{ id: other.id, option_values: [], sku: defaultSku(p.id), price_cents: 1000 }],
    });
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);

    // archived: no longer sold, its 3 pieces out of the product's stock; the price range follows
    const archived = await save(p.id, {
      options: body.options,
      variants: [body.variants[0], { ...body.variants[1], id: sixteen.id, quantity: undefined, status: 'archived' }],
    });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body).toMatchObject({ price_cents: 2990, price_max_cents: 2990, quantity: 4 });
    expect(archived.body.variants[1]).toMatchObject({ status: 'archived', quantity: 0 });
  });
});
