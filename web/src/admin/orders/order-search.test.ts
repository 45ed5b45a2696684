import { describe, expect, it } from 'vitest';
import { orderSearchQuery } from './order-search';

describe('order search text', () => {
  it('sends the short id as customers see it, or more of the id', () => {
    expect(orderSearchQuery('#1A2B3C4D')).toBe('1a2b3c4d');
    expect(orderSearchQuery(' 1a2b3c4d-99 ')).toBe('1a2b3c4d-99');
    expect(orderSearchQuery('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });

  it('sends nothing for fewer than 8 characters or text that is not an id', () => {
    expect(orderSearchQuery('#1a2b3c')).toBeNull();
    expect(orderSearchQuery('')).toBeNull();
    expect(orderSearchQuery('giulia@example.com')).toBeNull();
  });
});
