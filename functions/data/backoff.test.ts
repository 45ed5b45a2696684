import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs } from './backoff';

describe('backoff (full jitter)', () => {
  it('waits a random time below a ceiling that doubles with each retry, up to the cap', () => {
    expect(backoffMs(0, 0)).toBe(0);
    expect(backoffMs(0, 0.5)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffMs(1, 0.5)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(3, 0.999)).toBeCloseTo(8 * BACKOFF_BASE_MS * 0.999);
    expect(backoffMs(20, 0.5)).toBe(BACKOFF_CAP_MS / 2);
    for (let attempt = 0; attempt < 10; attempt++) {
      const ms = backoffMs(attempt);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
    }
  });
});
