import { describe, expect, it } from 'vitest';
import { needsOlderHistory, percentOff, priceReduction, type PriceChange } from './price-history';

// Prices applied from fixed dates (UTC); expectations written from art. 17-bis Codice del Consumo.
const at = (day: string) => `${day}T10:00:00.000Z`;
const change = (day: string, euroCents: number): PriceChange => ({ at: at(day), price_cents: euroCents });

describe('30-day lowest price (art. 17-bis Codice del Consumo)', () => {
  it('announces nothing for a first price or a raise', () => {
    expect(priceReduction([])).toBeNull();
    expect(priceReduction([change('2026-01-01', 10000)])).toBeNull();
    expect(priceReduction([change('2026-01-01', 10000), change('2026-03-01', 12000)])).toBeNull();
  });

  it('a lowering shows the lowest price of the 30 days before it', () => {
    // 100 € since January, 90 € from 10 February to 20 February, back to 100 €, lowered to 80 € on 1 March
    const r = priceReduction([
      change('2026-01-01', 10000),
      change('2026-02-10', 9000),
      change('2026-02-20', 10000),
      change('2026-03-01', 8000),
    ]);
    expect(r).toEqual({
      reference_cents: 9000,
      reduced_at: at('2026-03-01'),
      window_start: '2026-01-30T10:00:00.000Z',
      full_window: true,
    });
  });

  it('a price lowered after a raise 10 days earlier refers to the price before the raise', () => {
    // 80 € until 19 February, raised to 120 € on 19 February, lowered to 70 € on 1 March
    const r = priceReduction([change('2026-01-01', 8000), change('2026-02-19', 12000), change('2026-03-01', 7000)]);
    expect(r?.reference_cents).toBe(8000);
    expect(r?.reduced_at).toBe(at('2026-03-01'));
  });

  it('announces nothing when the new price is not below the 30-day lowest (a fake sale)', () => {
    // 80 € until 19 February, 120 € for 10 days, then 90 €: the 30 days before saw 80 €
    expect(
      priceReduction([change('2026-01-01', 8000), change('2026-02-19', 12000), change('2026-03-01', 9000)]),
    ).toBeNull();
  });

  it('ignores prices that ended before the window opened', () => {
    // 50 € until 1 January, then 100 € for two months, lowered to 80 € on 1 March
    const r = priceReduction([change('2025-12-01', 5000), change('2026-01-01', 10000), change('2026-03-01', 8000)]);
    expect(r?.reference_cents).toBe(10000);
  });

  it('a re-lowering in the same campaign keeps the prior price of the first reduction (c.5)', () => {
    // 100 € since January; 80 € on 1 March; 60 € on 10 March, with no raise in between
    const r = priceReduction([change('2026-01-01', 10000), change('2026-03-01', 8000), change('2026-03-10', 6000)]);
    expect(r).toEqual({
      reference_cents: 10000,
      reduced_at: at('2026-03-01'),
      window_start: '2026-01-30T10:00:00.000Z',
      full_window: true,
    });
  });

  it('a raise ends the campaign: the next lowering starts a new one', () => {
    // 100 € -> 80 € (1 March) -> 90 € (5 March) -> 70 € (10 March): the 30 days before 10 March saw 80 €
    const r = priceReduction([
      change('2026-01-01', 10000),
      change('2026-03-01', 8000),
      change('2026-03-05', 9000),
      change('2026-03-10', 7000),
    ]);
    expect(r?.reference_cents).toBe(8000);
    expect(r?.reduced_at).toBe(at('2026-03-10'));
  });

  it('states the shorter period of a product on sale for less than 30 days (c.3)', () => {
    const r = priceReduction([change('2026-03-01', 10000), change('2026-03-10', 8000)]);
    expect(r).toEqual({
      reference_cents: 10000,
      reduced_at: at('2026-03-10'),
      window_start: at('2026-03-01'),
      full_window: false,
    });
  });

  it('merges changes to the same price and reads the history in any order', () => {
    const r = priceReduction([
      change('2026-03-01', 8000),
      change('2026-01-01', 10000),
      change('2026-01-15', 10000),
      change('2026-03-02', 8000),
    ]);
    expect(r?.reduced_at).toBe(at('2026-03-01'));
    expect(r?.reference_cents).toBe(10000);
  });
});

describe('how much history a reader needs', () => {
  it('stops at a raise, goes on while the campaign or its window may be older', () => {
    expect(needsOlderHistory([change('2026-03-01', 8000)])).toBe(true);
    expect(needsOlderHistory([change('2026-02-01', 8000), change('2026-03-01', 9000)])).toBe(false);
    // a lowering whose window reaches before the oldest change read
    expect(needsOlderHistory([change('2026-02-20', 12000), change('2026-03-01', 7000)])).toBe(true);
    // the raise before the reduction is known and a change in force at the window's start too
    expect(
      needsOlderHistory([change('2026-01-01', 8000), change('2026-02-19', 12000), change('2026-03-01', 7000)]),
    ).toBe(false);
  });
});

describe('discount badge', () => {
  it('rounds the percentage down', () => {
    expect(percentOff(4990, 4490)).toBe(10); // 10.02 %
    expect(percentOff(3000, 2001)).toBe(33); // 33.3 %
    expect(percentOff(1000, 1000)).toBe(0);
  });
});
