/** The relay's filter patterns and mapping limits, as Lambda applies them (both runtimes use this module). */
import { describe, expect, it } from 'vitest';
import {
  assertValidConsumer,
  entityWritten,
  matchesPattern,
  passesFilters,
  type FilterPattern,
} from './stream-filters';
import { STREAM_CONSUMERS } from '../functions/triggers';

const record = (eventName: string, entity?: string) => ({
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: { Keys: { PK: { S: 'X' } }, ...(entity ? { NewImage: { entity: { S: entity }, n: { N: '5' } } } : {}) },
});

describe('filter patterns', () => {
  it('entityWritten matches the inserts of that kind only', () => {
    const p = entityWritten('email_job');
    expect(matchesPattern(p, record('INSERT', 'email_job'))).toBe(true);
    expect(matchesPattern(p, record('MODIFY', 'email_job'))).toBe(false);
    expect(matchesPattern(p, record('INSERT', 'order'))).toBe(false);
    expect(matchesPattern(p, record('REMOVE'))).toBe(false);
    expect(matchesPattern(entityWritten('email_job', ['INSERT', 'MODIFY']), record('MODIFY', 'email_job'))).toBe(true);
  });

  it('supports prefix and exists, and a record passes when any pattern matches', () => {
    const prefix: FilterPattern = { dynamodb: { NewImage: { entity: { S: [{ prefix: 'page_' }] } } } };
    expect(matchesPattern(prefix, record('INSERT', 'page_job'))).toBe(true);
    expect(matchesPattern(prefix, record('INSERT', 'email_job'))).toBe(false);
    const absent: FilterPattern = { dynamodb: { OldImage: [{ exists: false }] } };
    expect(matchesPattern(absent, record('INSERT', 'x'))).toBe(true);
    expect(matchesPattern({ dynamodb: { NewImage: [{ exists: true }] } }, record('REMOVE'))).toBe(false);
    expect(passesFilters([entityWritten('a'), entityWritten('b')], record('INSERT', 'b'))).toBe(true);
    expect(passesFilters([entityWritten('a')], record('INSERT', 'b'))).toBe(false);
  });

  it('compares values exactly (numbers in DynamoDB JSON are strings)', () => {
    expect(matchesPattern({ dynamodb: { NewImage: { n: { N: ['5'] } } } }, record('INSERT', 'x'))).toBe(true);
    expect(matchesPattern({ dynamodb: { NewImage: { n: { N: [5] } } } }, record('INSERT', 'x'))).toBe(false);
  });
});

describe('consumer settings', () => {
  const valid = {
    name: 'probe',
    description: 'x',
    filters: [entityWritten('x')],
    batchSize: 10,
    retryAttempts: 3,
    maxRecordAgeSeconds: 3600,
  };

  it('accepts settings within the mapping limits, and every configured consumer is valid', () => {
    expect(() => assertValidConsumer(valid)).not.toThrow();
    for (const c of STREAM_CONSUMERS) expect(() => assertValidConsumer(c)).not.toThrow();
  });

  it.each([
    [{ batchSize: 0 }, /BatchSize/],
    [{ batchSize: 10_001 }, /BatchSize/],
    [{ retryAttempts: -1 }, /MaximumRetryAttempts/],
    [{ retryAttempts: 10_001 }, /MaximumRetryAttempts/],
    [{ maxRecordAgeSeconds: 59 }, /MaximumRecordAgeInSeconds/],
    [{ maxRecordAgeSeconds: 604_801 }, /MaximumRecordAgeInSeconds/],
    [{ filters: [] }, /filters/],
    [{ filters: Array.from({ length: 6 }, () => entityWritten('x')) }, /6 filters/],
    [{ filters: [{ eventName: [{ 'anything-but': 'REMOVE' }] }] }, /unsupported filter operator/],
    [{ filters: [{ eventName: [] }] }, /empty list/],
    [{ filters: [{ dynamodb: { NewImage: { entity: { S: ['x'.repeat(4100)] } } } }] }, /4096/],
    [{ name: 'Email_Worker' }, /kebab-case/],
  ])('refuses %j', (change, message) => {
    expect(() => assertValidConsumer({ ...valid, ...(change as object) })).toThrow(message);
  });
});
