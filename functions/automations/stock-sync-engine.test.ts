/** The stock rule's pure parts: what to write for a supplier level, and which changes alert. */
import { describe, expect, it } from 'vitest';
import { alertFor, decideStockWrite } from './stock-sync-engine';

describe('decideStockWrite', () => {
  it('first sync: quantity = level - held, conditioned on the quantity read', () => {
    expect(
      decideStockWrite({ quantity: 8, supplier_level: null }, { kind: 'level', level: 12, source: 'api' }, 2),
    ).toEqual({
      write: { kind: 'baseline', expectQuantity: 8, quantity: 10, level: 12 },
      from: 8,
      to: 10,
      note: null,
    });
  });

  it('later syncs: the change as a delta, conditioned on the last level', () => {
    expect(
      decideStockWrite({ quantity: 7, supplier_level: 10 }, { kind: 'level', level: 4, source: 'page' }, 3),
    ).toEqual({
      write: { kind: 'delta', delta: -6, expectLevel: 10, level: 4 },
      from: 7,
      to: 1,
      note: null,
    });
  });

  it('no write when the supplier level did not change, whatever the quantity', () => {
    expect(
      decideStockWrite({ quantity: 3, supplier_level: 10 }, { kind: 'level', level: 10, source: 'api' }, 0),
    ).toEqual({ write: null, from: 3, to: 3, note: null });
  });

  it('may go below zero when the supplier drops under what open checkouts hold', () => {
    expect(decideStockWrite({ quantity: 2, supplier_level: 5 }, { kind: 'level', level: 0, source: 'api' }, 3).to).toBe(
      -3,
    );
  });

  it('"available" without a count changes nothing; a note when our stock is 0', () => {
    expect(decideStockWrite({ quantity: 4, supplier_level: 4 }, { kind: 'available', source: 'page' }, 0)).toEqual({
      write: null,
      from: 4,
      to: 4,
      note: null,
    });
    expect(decideStockWrite({ quantity: 0, supplier_level: null }, { kind: 'available', source: 'page' }, 0).note).toBe(
      'Il fornitore indica il prodotto disponibile senza quantità: scorta non modificata.',
    );
  });
});

describe('alertFor', () => {
  it.each([
    [10, 0, 'sold_out'],
    [3, 0, 'sold_out'],
    [10, -2, 'sold_out'],
    [10, 5, 'low_stock'],
    [6, 1, 'low_stock'],
    [5, 3, null],
    [0, 3, null],
    [0, 10, null],
    [10, 8, null],
    [-1, 0, null],
  ] as const)('%i -> %i: %s', (from, to, expected) => {
    expect(alertFor(from, to)).toBe(expected);
  });
});
