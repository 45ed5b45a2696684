import { describe, expect, it } from 'vitest';
import { checkPostPolicy, signPolicy } from './s3-post-policy';

const SECRET = 'S3RVER';
const NOW = new Date('2026-11-22T10:00:00.000Z');

/** A form as a presigned POST would give it. */
function form(
  conditions: unknown[],
  fields: Record<string, string>,
  expiration = '2026-11-22T10:15:00Z',
): Record<string, string> {
  const base = {
    bucket: 'imgs',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': 'S3RVER/20261122/eu-south-1/s3/aws4_request',
    'X-Amz-Date': '20261122T100000Z',
    ...fields,
  };
  const all = [...conditions, ...Object.entries(base).map(([k, v]) => ({ [k]: v }))];
  const signed = Buffer.from(JSON.stringify({ expiration, conditions: all })).toString('base64');
  return { ...base, Policy: signed, 'X-Amz-Signature': signPolicy(signed, SECRET, '20261122', 'eu-south-1') };
}

const image = (fields: Record<string, string> = {}) =>
  form([['content-length-range', 1, 100], ['starts-with', '$Content-Type', 'image/'], { key: 'products/p/1-a.png' }], {
    key: 'products/p/1-a.png',
    'Content-Type': 'image/png',
    ...fields,
  });

describe('POST policy checks of the local S3 (as S3 does them)', () => {
  it('accepts a form within its policy', () => {
    expect(checkPostPolicy(image(), 50, 'imgs', SECRET, NOW)).toBeNull();
  });

  it('refuses a file too large or empty, a wrong type, another key, another bucket', () => {
    expect(checkPostPolicy(image(), 101, 'imgs', SECRET, NOW)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(checkPostPolicy(image(), 0, 'imgs', SECRET, NOW)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    const tampered = { ...image(), 'Content-Type': 'text/html' };
    expect(checkPostPolicy(tampered, 50, 'imgs', SECRET, NOW)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(checkPostPolicy({ ...image(), key: 'products/q/1-a.png' }, 50, 'imgs', SECRET, NOW)?.message).toContain(
      'Policy Condition failed',
    );
    expect(checkPostPolicy(image(), 50, 'other', SECRET, NOW)).toMatchObject({ status: 403 });
  });

  it('refuses an expired policy, a bad signature and fields the policy does not cover', () => {
    expect(checkPostPolicy(image(), 50, 'imgs', SECRET, new Date('2026-11-22T10:16:00.000Z'))?.message).toBe(
      'Invalid according to Policy: Policy expired.',
    );
    expect(checkPostPolicy(image(), 50, 'imgs', 'another-secret', NOW)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(checkPostPolicy({ ...image(), acl: 'public-read' }, 50, 'imgs', SECRET, NOW)?.message).toBe(
      'Invalid according to Policy: Extra input fields: acl',
    );
    expect(checkPostPolicy({ ...image(), 'x-ignore-note': 'ok' }, 50, 'imgs', SECRET, NOW)).toBeNull();
    const { Policy: _p, ...noPolicy } = image();
    expect(checkPostPolicy(noPolicy, 50, 'imgs', SECRET, NOW)).toMatchObject({ status: 403 });
  });
});
