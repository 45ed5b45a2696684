import { describe, expect, it } from 'vitest';
import { baseName, formatBytes, formatDate, formatDateTime, shortUserId } from './format';

describe('admin display helpers', () => {
  it('truncates user ids to 13 characters', () => {
    expect(shortUserId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb');
  });

  it('shows dates in Italian order in the Rome time zone, and a dash when missing', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23/11/2026');
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22/11/2026, 10:05');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('file helpers', () => {
  it('formats sizes in Italian and takes a file name without its extension', () => {
    expect(formatBytes(840)).toBe('840 B');
    expect(formatBytes(12_800)).toBe('12,5 KB');
    expect(formatBytes(3_355_443)).toBe('3,2 MB');
    expect(formatBytes(null)).toBe('—');
    expect(baseName('Planner Estate.pdf')).toBe('Planner Estate');
    expect(baseName('archivio.tar.gz')).toBe('archivio.tar');
    expect(baseName('.profile')).toBe('.profile');
  });
});
