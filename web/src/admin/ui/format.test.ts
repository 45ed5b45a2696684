import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, shortOrderId, shortUserId } from './format';

describe('admin display helpers', () => {
  it('truncates user ids to 13 and order ids to 8 characters', () => {
    expect(shortUserId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb');
    expect(shortOrderId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b');
  });

  it('shows dates in Italian order in the Rome time zone, and a dash when missing', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23/11/2026');
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22/11/2026, 10:05');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
