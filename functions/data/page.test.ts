import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { decodeCursor, encodeCursor, FILTERED_PAGE_READ, firstQueryItems } from './page';

const orders = { name: 'GSI1PK', value: 'ORDERS' };
const key = {
  PK: 'USER#u1',
  SK: 'ORDER#2026-11-01T10:00:00.000Z#o1',
  GSI1PK: 'ORDERS',
  GSI1SK: '2026-11-01T10:00:00.000Z#o1',
};

function refused(cursor: string, index = 'GSI1', partition = orders): AppError {
  try {
    decodeCursor(cursor, index, partition);
  } catch (e) {
    return e as AppError;
  }
  throw new Error('accepted');
}

describe('page cursors', () => {
  it('round-trips a last evaluated key', () => {
    expect(decodeCursor(encodeCursor(key), 'GSI1', orders)).toEqual(key);
  });

  it('refuses garbage, other attributes, non-string values and another partition with 400 on cursor', () => {
    for (const bad of [
      'not base64!',
      Buffer.from('not json').toString('base64url'),
      encodeCursor({ PK: 'USER#u1', SK: 'x' }),
      encodeCursor({ ...key, extra: 'x' }),
      encodeCursor({ ...key, GSI1SK: 5 }),
      encodeCursor({ ...key, GSI1PK: 'USERS' }),
      'a'.repeat(3000),
    ]) {
      const e = refused(bad);
      expect(e.statusCode).toBe(400);
      expect(e.field).toBe('cursor');
    }
  });

  it('checks the base table key shape for table queries', () => {
    const own = { name: 'PK', value: 'USER#u1' };
    expect(decodeCursor(encodeCursor({ PK: 'USER#u1', SK: 'ORDER#x' }), 'table', own)).toEqual({
      PK: 'USER#u1',
      SK: 'ORDER#x',
    });
    expect(refused(encodeCursor({ PK: 'USER#u2', SK: 'ORDER#x' }), 'table', own).statusCode).toBe(400);
  });
});

describe('filtered page reads', () => {
  it('examine twice the page (at least 50 items) in the first Query, never more than a Query may', () => {
    expect(firstQueryItems(24, FILTERED_PAGE_READ)).toBe(50);
    expect(firstQueryItems(40, FILTERED_PAGE_READ)).toBe(80);
    expect(firstQueryItems(100, FILTERED_PAGE_READ)).toBe(200);
    expect(firstQueryItems(3, { itemsPerQuery: 20 })).toBe(20);
  });
});
