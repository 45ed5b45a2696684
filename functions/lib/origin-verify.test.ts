import { describe, expect, it } from 'vitest';
import { acceptedValues, assertFromDistribution, ORIGIN_VERIFY_SECRET_ENV } from './origin-verify';

describe('acceptedValues', () => {
  it('accepts the current value and, after a rotation, the previous one', () => {
    expect(acceptedValues('{"current":"new-value","previous":"old-value"}')).toEqual(['new-value', 'old-value']);
    expect(acceptedValues('{"current":"only"}')).toEqual(['only']);
  });

  it('accepts nothing from an empty or malformed secret (never an empty header)', () => {
    expect(acceptedValues(null)).toEqual([]);
    expect(acceptedValues('{}')).toEqual([]);
    expect(acceptedValues('{"current":""}')).toEqual([]);
    expect(acceptedValues('not json')).toEqual([]);
  });
});

describe('assertFromDistribution', () => {
  it('refuses a request without the header when the function has the secret', async () => {
    const before = process.env[ORIGIN_VERIFY_SECRET_ENV];
    process.env[ORIGIN_VERIFY_SECRET_ENV] = 'arn:aws:secretsmanager:eu-south-1:1:secret:aurum-origin-verify-x-AbCdEf';
    try {
      await expect(assertFromDistribution({ headers: {} })).rejects.toMatchObject({ statusCode: 403 });
    } finally {
      if (before === undefined) delete process.env[ORIGIN_VERIFY_SECRET_ENV];
      else process.env[ORIGIN_VERIFY_SECRET_ENV] = before;
    }
  });
});
