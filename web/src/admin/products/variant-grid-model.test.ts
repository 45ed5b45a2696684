import { describe, expect, it } from 'vitest';
import type { AdminVariantsDto } from '../../../../shared/api/admin-catalog';
import {
  addMissingCombinations,
  addOption,
  addStockToNew,
  addValue,
  canRemoveOption,
  canRemoveValue,
  gridBody,
  gridFromDto,
  moveValue,
  removeOption,
  removeValue,
  renameValue,
  restockTargets,
  setPriceOf,
  toggleImage,
  type VariantGrid,
} from './variant-grid-model';

const DEFAULT_ID = '11111111-1111-4111-8111-111111111111';
const HEAVY_ID = '22222222-2222-4222-8222-222222222222';

/** A product without options: its one default variant (id = the product's). */
const plain: AdminVariantsDto = {
  product_id: DEFAULT_ID,
  options: [],
  variants: [
    {
      id: DEFAULT_ID,
      sku: 'KB-01',
      option_values: [],
      position: 0,
      price_cents: 2990,
      announce_reduction: false,
      price_reduction: null,
      quantity: 5,
      weight_grams: 8000,
      gtin: null,
      image_ids: [],
      status: 'active',
    },
  ],
  price_cents: 2990,
  price_max_cents: 2990,
  quantity: 5,
};

let n = 0;
const key = () => `k${++n}`;

/** The plain product with option 'Peso' = '8 kg', '16 kg' and its combinations generated. */
function kettlebell(): VariantGrid {
  let g = addOption(gridFromDto(plain));
  g = { ...g, options: [{ name: 'Peso', values: [] }] };
  g = addValue(g, 0, '8 kg');
  g = addValue(g, 0, ' 16  kg ');
  return addMissingCombinations(g, key).grid;
}

describe('the variant grid', () => {
  it('reads the server grid with Italian euro texts, the stock as read', () => {
    const g = gridFromDto(plain);
    expect(g.rows).toEqual([
      expect.objectContaining({
        id: DEFAULT_ID,
        sku: 'KB-01',
        price: '29,90',
        quantity: '5',
        weight: '8000',
        gtin: '',
      }),
    ]);
  });

  it('a first option makes the default variant its first combination, and generating adds the others once', () => {
    const g = kettlebell();
    expect(g.options).toEqual([{ name: 'Peso', values: ['8 kg', '16 kg'] }]);
    expect(g.rows.map((r) => [r.id ?? 'new', r.option_values, r.sku, r.price, r.quantity])).toEqual([
      [DEFAULT_ID, ['8 kg'], 'KB-01', '29,90', '5'],
      ['new', ['16 kg'], 'KB-01-16KG', '29,90', '0'],
    ]);
    expect(addMissingCombinations(g, key).added).toBe(0);
  });

  it('generates every missing combination of two options, the first option varying slowest', () => {
    let g = kettlebell();
    g = addOption(g);
    g = { ...g, options: [g.options[0]!, { name: 'Colore', values: [] }] };
    g = addValue(g, 1, 'Nero');
    g = addValue(g, 1, 'Oro');
    const { grid, added } = addMissingCombinations(g, key);
    expect(added).toBe(2);
    expect(grid.rows.map((r) => r.option_values.join('/'))).toEqual([
      '8 kg/Nero',
      '16 kg/Nero',
      '8 kg/Oro',
      '16 kg/Oro',
    ]);
  });

  it('generates nothing while an option has no name or no value', () => {
    const g = addOption(gridFromDto(plain));
    expect(addMissingCombinations(addValue(g, 0, '8 kg'), key).added).toBe(0);
  });

  it('renames a value on the rows that have it; a saved variant keeps its value from being removed', () => {
    let g = kettlebell();
    g = renameValue(g, 0, 0, '8 Kg');
    expect(g.rows[0]!.option_values).toEqual(['8 Kg']);
    expect(canRemoveValue(g, 0, 0)).toBe(false);
    expect(removeValue(g, 0, 0)).toBe(g);
    // the new row's value goes, with the row
    expect(canRemoveValue(g, 0, 1)).toBe(true);
    const removed = removeValue(g, 0, 1);
    expect(removed.options[0]!.values).toEqual(['8 Kg']);
    expect(removed.rows).toHaveLength(1);
  });

  it('moves values up and down, not past the ends', () => {
    const g = kettlebell();
    expect(moveValue(g, 0, 1, -1).options[0]!.values).toEqual(['16 kg', '8 kg']);
    expect(moveValue(g, 0, 0, -1)).toBe(g);
    expect(moveValue(g, 0, 1, 1)).toBe(g);
  });

  it('removes an option only when saved variants stay distinct, dropping new rows that collide', () => {
    const g = kettlebell();
    // one saved variant: without 'Peso' it is the default again; the new 16 kg row would collide and goes
    expect(canRemoveOption(g, 0)).toBe(true);
    const back = removeOption(g, 0);
    expect(back.options).toEqual([]);
    expect(back.rows.map((r) => [r.id, r.option_values])).toEqual([[DEFAULT_ID, []]]);
    const twoSaved: VariantGrid = { ...g, rows: g.rows.map((r) => ({ ...r, id: r.id ?? HEAVY_ID })) };
    expect(canRemoveOption(twoSaved, 0)).toBe(false);
    expect(removeOption(twoSaved, 0)).toBe(twoSaved);
  });

  it("bulk-sets the selected rows' price and adds stock to new rows; saved ones are restocked from their stock", () => {
    const g = kettlebell();
    const all = new Set(g.rows.map((r) => r.key));
    expect(setPriceOf(g, all, '39,90').rows.map((r) => r.price)).toEqual(['39,90', '39,90']);
    expect(setPriceOf(g, new Set([g.rows[1]!.key]), '39,90').rows.map((r) => r.price)).toEqual(['29,90', '39,90']);
    // the saved variant's stock changes only by restock; the new row starts at 5
    expect(addStockToNew(g, all, 5).rows.map((r) => r.quantity)).toEqual(['5', '5']);
    // the units to add, not a stock: the server adds them to the stock as it is (a sale meanwhile is kept)
    expect(restockTargets(g, all, 5)).toEqual([{ variant_id: DEFAULT_ID, add: 5 }]);
    const archived: VariantGrid = { ...g, rows: g.rows.map((r) => ({ ...r, status: 'archived' as const })) };
    expect(restockTargets(archived, all, 5)).toEqual([]);
  });

  it('turns the grid into the PUT body: cents, the id of a saved variant, the starting stock of a new one', () => {
    const g = setPriceOf(kettlebell(), new Set(['k1', 'k2', 'k3', DEFAULT_ID]), '1.039,90');
    const { body, errors } = gridBody({
      ...g,
      rows: g.rows.map((r, i) => (i === 1 ? { ...r, gtin: ' ', weight: '16000' } : r)),
    });
    expect(errors).toEqual({});
    expect(body).toEqual({
      options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }],
      variants: [
        {
          id: DEFAULT_ID,
          option_values: ['8 kg'],
          sku: 'KB-01',
          price_cents: 103990,
          announce_reduction: false,
          weight_grams: 8000,
          gtin: null,
          image_ids: [],
          status: 'active',
        },
        {
          quantity: 0,
          option_values: ['16 kg'],
          sku: 'KB-01-16KG',
          price_cents: expect.any(Number),
          announce_reduction: false,
          weight_grams: 16000,
          gtin: null,
          image_ids: [],
          status: 'active',
        },
      ],
    });
  });

  it("names the row's field of a price, weight or starting stock typed wrong, and sends nothing", () => {
    const g = kettlebell();
    const bad: VariantGrid = {
      ...g,
      rows: g.rows.map((r, i) => (i === 1 ? { ...r, price: '39,9x', quantity: '-1', weight: '1,5' } : r)),
    };
    const { body, errors } = gridBody(bad);
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual([
      'variants.1.price_cents',
      'variants.1.quantity',
      'variants.1.weight_grams',
    ]);
  });

  describe("a variant's own images", () => {
    const gallery = ['img-a', 'img-b', 'img-c'];

    it('are chosen from the gallery and kept in its order, whatever order they were ticked in', () => {
      let g = gridFromDto(plain, gallery);
      g = toggleImage(g, DEFAULT_ID, 'img-c', gallery);
      g = toggleImage(g, DEFAULT_ID, 'img-a', gallery);
      expect(g.rows[0]!.image_ids).toEqual(['img-a', 'img-c']);
      expect(gridBody(g).body!.variants[0]!.image_ids).toEqual(['img-a', 'img-c']);
    });

    it('untick back to none: the variant shows the whole gallery again', () => {
      let g = toggleImage(gridFromDto(plain, gallery), DEFAULT_ID, 'img-b', gallery);
      g = toggleImage(g, DEFAULT_ID, 'img-b', gallery);
      expect(gridBody(g).body!.variants[0]!.image_ids).toEqual([]);
    });

    it('leave the other rows alone', () => {
      const g = kettlebell();
      const [first, second] = g.rows;
      const after = toggleImage(g, first!.key, 'img-b', gallery);
      expect(after.rows[0]!.image_ids).toEqual(['img-b']);
      expect(after.rows[1]).toBe(second);
    });

    it('an image since removed from the gallery is dropped when the grid is read, so the save is not refused', () => {
      const dto: AdminVariantsDto = {
        ...plain,
        variants: [{ ...plain.variants[0]!, image_ids: ['img-gone', 'img-b'] }],
      };
      expect(gridFromDto(dto, gallery).rows[0]!.image_ids).toEqual(['img-b']);
      expect(gridFromDto(dto).rows[0]!.image_ids).toEqual(['img-gone', 'img-b']);
    });
  });
});
