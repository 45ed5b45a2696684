import { describe, expect, it } from 'vitest';
import { italianLongDate } from './italian-date';

describe('italianLongDate', () => {
  it('writes day, Italian month and year', () => {
    expect(italianLongDate('2026-03-05T10:00:00')).toBe('5 marzo 2026');
    expect(italianLongDate('2025-12-31T23:59:59')).toBe('31 dicembre 2025');
    expect(italianLongDate('non una data')).toBeNull();
  });

  it("is Intl's it-IT long date, every month, in the local time zone", () => {
    const intl = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 3 + 3_600_000 * 5) {
      const iso = new Date(t).toISOString();
      expect(italianLongDate(iso), iso).toBe(intl.format(new Date(t)));
    }
  });
});
