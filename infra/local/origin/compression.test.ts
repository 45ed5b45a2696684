/** Accept-Encoding negotiation, CloudFront's compressible types and the SPA's Cache-Control rule. */
import { describe, expect, it } from 'vitest';
import { cacheControlFor, etagMatches, isCompressible, negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it('prefers Brotli, then gzip, as CloudFront does', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(['gzip', 'br'])).toBe('br');
  });

  it('honours q=0 and answers identity when nothing usable is accepted', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('isCompressible', () => {
  it('compresses text, scripts, JSON and SVG between 1,000 and 10,000,000 bytes', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 5000)).toBe(true);
    expect(isCompressible('text/html; charset=utf-8', 1000)).toBe(true);
    expect(isCompressible('application/json', 2000)).toBe(true);
    expect(isCompressible('image/svg+xml', 2000)).toBe(true);
    expect(isCompressible('text/css', 999)).toBe(false);
    expect(isCompressible('text/css', 10_000_001)).toBe(false);
  });

  it('leaves already compressed formats alone', () => {
    for (const type of [
      'image/webp',
      'image/jpeg',
      'image/png',
      'font/woff2',
      'font/woff',
      'application/octet-stream',
    ]) {
      expect(isCompressible(type, 50_000), type).toBe(false);
    }
  });
});

describe('cacheControlFor', () => {
  it('matches what the web stack uploads: assets/* immutable for a year, the rest no-cache', () => {
    expect(cacheControlFor('/assets/index-AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/assets/inter-latin-wght-normal-XyZ.woff2')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/robots.txt')).toBe('no-cache');
  });
});

describe('etagMatches', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"x"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
