/**
 * The local shop origin, playing CloudFront's part: the SPA from dist/web with the SPA fallback,
 * the same security headers (infra/security-headers.ts; /media its own), the WAF's per-IP limits
 * (./rate-limiter.ts), the origin-verify header on /api/* requests, compression and Cache-Control (./compression.ts), the runtime /config.json, /media/* from the images bucket
 * (s3rver), /api/* through the API Gateway adapter, and (loopback only) the Lambda-invoke stand-in
 * that cognito-local calls for triggers.
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleLambdaInvoke } from '../stand-ins/lambda';
import { cacheControlFor, CompressedFileCache, etagMatches, isCompressible, negotiateEncoding } from './compression';
import {
  isPublishedFile,
  publishedDocumentFor,
  SPA_SHELL_DOCUMENT,
  spaDocumentFor,
} from '../../../shared/spa-documents';
import { MEDIA_SECURITY_HEADERS, securityHeaders, type CspSources } from '../../security-headers';
import { UPLOAD_STAGING_PREFIX } from '../../../functions/lib/media';
import { RATE_LIMITED_BODY, RATE_LIMITED_RETRY_AFTER_SECONDS, RATE_LIMITED_STATUS } from '../../rate-limits';
import type { ClientRateLimiter } from './rate-limiter';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/origin-verify';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json',
};

export interface WebServerOptions {
  /** Folder of the built SPA (dist/web). */
  webRoot: string;
  /** The runtime config served at /config.json. */
  config: Record<string, unknown>;
  /** Base URL of the images bucket on s3rver, e.g. 'http://127.0.0.1:4569/aurum-product-images-local'. */
  mediaBaseUrl: string;
  /**
   * Base URL of the web bucket on s3rver, where the publish step writes the published documents
   * (e.g. 'http://127.0.0.1:4569/aurum-web-local'); absent: none are served.
   */
  publishedBaseUrl?: string;
  /** The API adapter: resolves true when it answered the request. */
  api: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /**
   * What the pages connect to (the local Cognito and bucket endpoints): the shop's
   * Content-Security-Policy, built as the cloud's (infra/security-headers.ts).
   */
  cspSources: CspSources;
  /** The per-IP limits of the cloud's WAF (./rate-limiter.ts); none when absent. */
  rateLimiter?: ClientRateLimiter;
  /**
   * The origin-verify value added to every request passed to the API (ORIGIN_VERIFY_HEADER, set
   * over any value the client sent), as the distribution's API origin adds it.
   */
  originVerify: string;
}

/**
 * True when `file` (absolute) lies inside the folder `root` (absolute), never in a sibling that
 * merely shares its prefix ('/dist/web-other' is not inside '/dist/web') nor above it.
 */
export function isInsideRoot(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** Interface the local runtime listens on: HOST when set, else loopback only. */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST?.trim() || '127.0.0.1';
}

/**
 * Answers a GET/HEAD for an SPA file as CloudFront in front of the SPA bucket would: Brotli or
 * gzip by Accept-Encoding for compressible types (with Vary), the deployment's Cache-Control
 * (`cacheControlPath` decides: hashed /assets/* immutable, the rest no-cache), an ETag and 304 for
 * a matching If-None-Match.
 */
function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  cache: CompressedFileCache,
  file: string,
  cacheControlPath: string,
  security: Record<string, string>,
): void {
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const stat = fs.statSync(file);
  const compressible = isCompressible(type, stat.size);
  const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
  const { body, etag } = cache.get(file, stat.mtimeMs, () => fs.readFileSync(file), encoding);
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControlFor(cacheControlPath),
    etag,
    'last-modified': stat.mtime.toUTCString(),
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    ...security,
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** /media/*: the images bucket's object, with /media's own restrictive headers (as the cloud's behaviour). */
async function proxyMedia(res: ServerResponse, url: string): Promise<void> {
  const upstream = await fetch(url).catch(() => null);
  if (!upstream || !upstream.ok || !upstream.body) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...MEDIA_SECURITY_HEADERS });
    res.end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    'cache-control': 'public, max-age=86400',
    ...MEDIA_SECURITY_HEADERS,
  });
  res.end(Buffer.from(await upstream.arrayBuffer()));
}

/**
 * Answers with a file the publish step wrote into the web bucket (a public product's published
 * document, functions/publish/product-pages.ts; the sitemap and robots.txt, functions/publish/sitemap.ts),
 * as the cloud's origin serves it.
 * @returns false when the bucket has no such file (the caller serves the generic page or a 404)
 */
async function servePublished(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  security: Record<string, string>,
): Promise<boolean> {
  const upstream = await fetch(url).catch(() => null);
  if (!upstream?.ok) return false;
  const body = Buffer.from(await upstream.arrayBuffer());
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(new URL(url).pathname)] ?? 'text/html; charset=utf-8',
    'cache-control': cacheControlFor('/index.html'),
    'content-length': String(body.length),
    ...security,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** Creates (does not start) the shop's HTTP server. */
export function createWebServer(opts: WebServerOptions): http.Server {
  const root = path.resolve(opts.webRoot);
  const indexFile = path.join(root, 'index.html');
  const cache = new CompressedFileCache();
  const security = securityHeaders(opts.cspSources);
  return http.createServer(async (req, res) => {
    try {
      // API answers carry the shop's headers too (CloudFront adds them on /api/* as well).
      for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
      const requestPath = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (
        opts.rateLimiter &&
        !opts.rateLimiter.admit(req.socket.remoteAddress ?? '', req.method ?? 'GET', requestPath)
      ) {
        res.writeHead(RATE_LIMITED_STATUS, {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': String(RATE_LIMITED_RETRY_AFTER_SECONDS),
        });
        res.end(RATE_LIMITED_BODY);
        return;
      }
      req.headers[ORIGIN_VERIFY_HEADER] = opts.originVerify;
      if (await opts.api(req, res)) return;
      if (await handleLambdaInvoke(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      if (pathname === '/config.json') {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify(opts.config));
        return;
      }
      if (pathname.startsWith('/media/')) {
        for (const name of Object.keys(security)) res.removeHeader(name);
        // staged uploads are never served, as CloudFront's media function answers
        if (pathname.startsWith(`/media/${UPLOAD_STAGING_PREFIX}`)) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...MEDIA_SECURITY_HEADERS });
          res.end('Not found');
          return;
        }
        await proxyMedia(
          res,
          `${opts.mediaBaseUrl}/${pathname.slice('/media/'.length).split('/').map(encodeURIComponent).join('/')}`,
        );
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        res.end();
        return;
      }
      const file = path.join(root, pathname);
      if (isInsideRoot(root, file) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        serveFile(req, res, cache, file, pathname, security);
        return;
      }
      if (opts.publishedBaseUrl && isPublishedFile(pathname)) {
        if (await servePublished(req, res, `${opts.publishedBaseUrl}${pathname}`, security)) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...security });
        res.end('Not found');
        return;
      }
      const published = opts.publishedBaseUrl ? publishedDocumentFor(pathname) : null;
      if (published && (await servePublished(req, res, `${opts.publishedBaseUrl}${published}`, security))) return;
      // SPA fallback, as the CloudFront function: extension-less paths get their prerendered
      // document (landing routes) or index.html; missing files with an extension 404.
      if (path.extname(pathname) === '' && fs.existsSync(indexFile)) {
        const document = spaDocumentFor(pathname);
        const documentFile = path.join(root, document);
        if (fs.existsSync(documentFile)) serveFile(req, res, cache, documentFile, document, security);
        else serveFile(req, res, cache, indexFile, SPA_SHELL_DOCUMENT, security);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(fs.existsSync(indexFile) ? 'Not found' : 'The SPA is not built: run `npm run build:web`.');
    } catch (error) {
      console.error('[web] request failed', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
}
