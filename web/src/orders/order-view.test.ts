import { describe, expect, it } from 'vitest';
import {
  formatOrderDate,
  hasDownload,
  orderItemName,
  orderItemOptions,
  sortOrdersNewestFirst,
  trackingLink,
} from './order-view';

describe('order view helpers', () => {
  it('formats dates in it-IT and tolerates garbage', () => {
    expect(formatOrderDate('2026-03-05T10:00:00.000Z')).toBe('5 marzo 2026');
    expect(formatOrderDate('not a date')).toBe('');
  });

  it('sorts newest first without mutating the input', () => {
    const input = [
      { created_at: '2026-01-01T00:00:00Z' },
      { created_at: '2026-03-01T00:00:00Z' },
      { created_at: '2026-02-01T00:00:00Z' },
    ];
    expect(sortOrdersNewestFirst(input).map((o) => o.created_at.slice(0, 7))).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
    ]);
    expect(input[0]!.created_at).toBe('2026-01-01T00:00:00Z');
  });

  it('offers downloads only for digital items with a link', () => {
    expect(hasDownload({ is_digital: true, download_url: 'https://x/y.pdf' })).toBe(true);
    expect(hasDownload({ is_digital: true, download_url: null })).toBe(false);
    expect(hasDownload({ is_digital: true })).toBe(false);
    expect(hasDownload({ is_digital: false, download_url: 'https://x/y.pdf' })).toBe(false);
  });

  it('links tracking only with a number and an http(s) URL', () => {
    expect(trackingLink({ tracking_number: 'BRT123', tracking_url: 'https://track.example/BRT123' })).toBe(
      'https://track.example/BRT123',
    );
    expect(trackingLink({ tracking_number: null, tracking_url: 'https://track.example/x' })).toBeNull();
    expect(trackingLink({ tracking_number: 'BRT123', tracking_url: null })).toBeNull();
    expect(trackingLink({ tracking_number: 'BRT123', tracking_url: 'javascript:alert(1)' })).toBeNull();
  });

  it("names the variant bought: 'Kettlebell – 16 kg', 'Peso: 16 kg'; a line without options as before", () => {
    const line = {
      name: 'Kettlebell regolabile',
      option_values: [
        { name: 'Peso', value: '16 kg' },
        { name: 'Colore', value: 'Nero' },
      ],
    };
    expect(orderItemName(line)).toBe('Kettlebell regolabile – 16 kg / Nero');
    expect(orderItemOptions(line)).toBe('Peso: 16 kg · Colore: Nero');
    expect(orderItemName({ name: 'Panca piana' })).toBe('Panca piana');
    expect(orderItemOptions({})).toBe('');
  });
});
