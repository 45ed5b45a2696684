/**
 * What CloudFront does to the SPA's files on their way to the browser, reproduced for the local
 * origin (infra/local/origin/web-server.ts) so that local measurements (Lighthouse, transfer sizes) are
 * what users of a stage get:
 *  - compression: a behaviour with `compress: true` and the CachingOptimized policy answers with
 *    Brotli when the viewer accepts it, else gzip, for compressible types between 1,000 bytes and
 *    10,000,000 bytes, with `Vary: Accept-Encoding`;
 *  - caching: the web stack uploads `assets/*` (content-hashed names) with
 *    `public, max-age=31536000, immutable` and every other file with `no-cache`
 *    (infra/stacks/web-stack.ts, deploySite); S3 answers conditional requests with 304 by ETag.
 * The /api/* behaviour uses CachingDisabled (no Accept-Encoding in the cache key), so CloudFront
 * does not compress API answers; the local adapter does not either.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** Content encodings the origin can answer with, best first. */
export type ContentEncoding = 'br' | 'gzip';

/** Cache-Control of content-hashed build files (`/assets/*`). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of every other SPA file (index.html, favicon, robots.txt, ...). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** CloudFront compresses files of at least this many bytes... */
export const MIN_COMPRESS_BYTES = 1_000;
/** ...and at most this many. */
export const MAX_COMPRESS_BYTES = 10_000_000;

/**
 * The encoding to answer with for a request's Accept-Encoding header: 'br' when Brotli is
 * accepted (q > 0), else 'gzip' when gzip is (directly or through '*'), else null (identity).
 * Brotli wins over gzip whatever the q-values, as CloudFront does.
 * @param acceptEncoding the raw header value (undefined when absent)
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(value) ? value : 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** True when CloudFront would compress a response of this Content-Type and size (bytes). */
export function isCompressible(contentType: string, bytes: number): boolean {
  if (bytes < MIN_COMPRESS_BYTES || bytes > MAX_COMPRESS_BYTES) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    [
      'application/javascript',
      'application/json',
      'application/manifest+json',
      'application/xml',
      'image/svg+xml',
      'image/x-icon',
      'font/ttf',
      'font/otf',
    ].includes(type)
  );
}

/** Cache-Control for an SPA file by its URL path: hashed `/assets/*` immutable, the rest `no-cache`. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/') ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/** A file's bytes and its lazily computed encodings. */
interface Variants {
  mtimeMs: number;
  identity: Buffer;
  etag: string;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/**
 * In-memory cache of static files and their compressed variants (like an edge cache: each file is
 * compressed once per change of its modification time).
 */
export class CompressedFileCache {
  private readonly files = new Map<string, Variants>();

  /**
   * The bytes of `file` (absolute path, mtime `mtimeMs`) in `encoding` (null: identity) and the
   * file's strong ETag (quoted SHA-1 of the identity bytes).
   */
  get(
    file: string,
    mtimeMs: number,
    read: () => Buffer,
    encoding: ContentEncoding | null,
  ): { body: Buffer; etag: string } {
    let entry = this.files.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const identity = read();
      entry = { mtimeMs, identity, etag: `"${createHash('sha1').update(identity).digest('hex')}"`, encoded: {} };
      this.files.set(file, entry);
    }
    if (!encoding) return { body: entry.identity, etag: entry.etag };
    const body = (entry.encoded[encoding] ??= compress(entry.identity, encoding));
    return { body, etag: entry.etag };
  }
}

/** Compresses `data` with Brotli (quality 11) or gzip (level 9), once per file version. */
export function compress(data: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      })
    : zlib.gzipSync(data, { level: 9 });
}

/**
 * True when a conditional request's If-None-Match names `etag` (or '*'), so the answer is 304.
 * Weak comparison, as S3 and CloudFront do for GET.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}
