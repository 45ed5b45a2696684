/**
 * The local shop origin's static files: only files inside the SPA folder are served (a sibling
 * folder sharing its name's prefix stays unreachable), the server binds to loopback unless
 * HOST says otherwise, and files leave it compressed and cached as CloudFront sends them.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, isInsideRoot, listenHost } from './web-server';
import { MEDIA_SECURITY_HEADERS, securityHeaders } from '../../security-headers';
import { CLIENT_RATE_LIMITS } from '../../rate-limits';
import { ClientRateLimiter } from './rate-limiter';

let dir = '';
let server: http.Server;
let port = 0;

/** A raw GET (the path is sent exactly as given, no client-side normalisation). */
async function get(rawPath: string): Promise<{ status: number; body: string }> {
  const res = await request(rawPath);
  return { status: res.status, body: res.raw.toString() };
}

/** A raw request with its headers; the body is returned as received (not decompressed). */
function request(
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A 'bundle' comfortably above CloudFront's 1,000-byte compression threshold. */
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'riga ${i}' }`).join(', ')}];\n`;
const BIG_HTML = `<!doctype html><html lang="it"><title>shop</title><body>${'<p>Aurum Fitness</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-web-'));
  fs.mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'web-other'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>shop</title>');
  fs.writeFileSync(path.join(dir, 'web', 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'web', 'assets', 'index-AbC123.js'), BIG_JS);
  fs.writeFileSync(path.join(dir, 'web', 'assets', 'photo-AbC123.webp'), Buffer.alloc(5000, 7));
  fs.writeFileSync(path.join(dir, 'web', 'shell.html'), BIG_HTML);
  fs.mkdirSync(path.join(dir, 'web', 'prerendered'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'web', 'prerendered', 'home.html'), '<!doctype html><title>home prerendered</title>');
  fs.writeFileSync(
    path.join(dir, 'web', 'prerendered', 'product.html'),
    '<!doctype html><title>product prerendered</title>',
  );
  fs.writeFileSync(path.join(dir, 'web-other', 'secret.txt'), 'TOP SECRET');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  server = createWebServer({
    webRoot: path.join(dir, 'web'),
    config: {},
    mediaBaseUrl: 'http://127.0.0.1:1/none',
    api: async () => false,
    cspSources: { cognito: 'http://localhost:9', uploadOrigins: ['http://127.0.0.1:8'] },
    originVerify: 'origin-value',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('local web server: static files', () => {
  it('serves files inside the SPA folder', async () => {
    expect(await get('/assets/app.js')).toEqual({ status: 200, body: 'console.log(1)' });
  });

  it('never serves a sibling folder that shares the SPA folder name as prefix', async () => {
    for (const p of [
      '/..%2fweb-other/secret.txt',
      '/..%2Fweb-other%2Fsecret.txt',
      '/assets/..%2f..%2fweb-other/secret.txt',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).not.toContain('TOP SECRET');
    }
  });

  it('never serves a file above the SPA folder', async () => {
    for (const p of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/../secret.txt']) {
      const res = await get(p);
      expect(res.body, p).not.toContain('TOP SECRET');
    }
  });

  it('decides containment by path segments, not by string prefix', () => {
    const root = path.join(path.sep, 'srv', 'dist', 'web');
    expect(isInsideRoot(root, path.join(root, 'index.html'))).toBe(true);
    expect(isInsideRoot(root, path.join(root, 'assets', 'a.js'))).toBe(true);
    expect(isInsideRoot(root, path.join(root, '..web', 'x.js'))).toBe(true);
    expect(isInsideRoot(root, path.join(path.sep, 'srv', 'dist', 'web-other', 'x.js'))).toBe(false);
    expect(isInsideRoot(root, path.join(path.sep, 'srv', 'dist', 'x.js'))).toBe(false);
    expect(isInsideRoot(root, root)).toBe(false);
  });
});

describe('local web server: security headers as CloudFront', () => {
  it('sends the shop security headers of the cloud (one definition) on SPA files and routes', async () => {
    const expected = securityHeaders({ cognito: 'http://localhost:9', uploadOrigins: ['http://127.0.0.1:8'] });
    for (const file of ['/index.html', '/prodotti-non-esiste']) {
      const res = await request(file);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${file} ${name}`).toBe(value);
    }
    expect(expected['content-security-policy']).toContain("script-src 'self' https://js.stripe.com;");
  });
  it("answers /media with its own restrictive headers, never the shop's", async () => {
    const res = await request('/media/products/x/1-abc.svg');
    for (const [name, value] of Object.entries(MEDIA_SECURITY_HEADERS)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['permissions-policy']).toBeUndefined();
  });
});

describe('local web server: interface', () => {
  it('binds to loopback unless HOST is set', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});

describe('local web server: compression and caching as CloudFront', () => {
  it('answers Brotli when the browser accepts it, with Vary and the decoded bytes unchanged', async () => {
    const res = await request('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    expect(res.raw.length).toBeLessThan(Buffer.byteLength(BIG_JS) / 4);
    expect(zlib.brotliDecompressSync(res.raw).toString()).toBe(BIG_JS);
  });

  it('answers gzip to a browser without Brotli, and identity to one accepting neither', async () => {
    const gzip = await request('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.raw).toString()).toBe(BIG_JS);
    const refused = await request('/assets/index-AbC123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.raw.toString()).toBe(BIG_JS);
    const none = await request('/assets/index-AbC123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(none.raw.toString()).toBe(BIG_JS);
  });

  it('leaves images and files under 1,000 bytes uncompressed', async () => {
    const image = await request('/assets/photo-AbC123.webp', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.raw.length).toBe(5000);
    const small = await request('/assets/app.js', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.raw.toString()).toBe('console.log(1)');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await request('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers landing routes with their prerendered document and other client-side routes with index.html', async () => {
    expect(await get('/')).toEqual({ status: 200, body: '<!doctype html><title>home prerendered</title>' });
    expect(await get('/product/4f2c-91')).toEqual({
      status: 200,
      body: '<!doctype html><title>product prerendered</title>',
    });
    // no prerendered/products.html in this folder: the shell, as a deployment without the prerender would
    expect(await get('/products')).toEqual({ status: 200, body: '<!doctype html><title>shop</title>' });
    for (const p of ['/cart', '/admin/products', '/product/4f2c-91/extra'])
      expect(await get(p), p).toEqual({ status: 200, body: '<!doctype html><title>shop</title>' });
  });

  it('makes the browser revalidate index.html, client-side routes and other unhashed files', async () => {
    for (const p of ['/', '/index.html', '/product/abc', '/shell.html', '/cart']) {
      const res = await request(p, { 'accept-encoding': 'gzip' });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    const shell = await request('/shell.html', { 'accept-encoding': 'gzip' });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(shell.raw).toString()).toBe(BIG_HTML);
  });

  it('answers 304 without a body to a revalidation with the current ETag', async () => {
    const first = await request('/shell.html', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await request('/shell.html', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    const stale = await request('/shell.html', { 'if-none-match': '"not-the-etag"' });
    expect(stale.status).toBe(200);
    expect(stale.raw.toString()).toBe(BIG_HTML);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.raw.length).toBe(0);
  });
});

describe('local web server: the WAF per-IP limits', () => {
  it('answers 429 past a limit for one client address only, before the API runs; other routes and addresses go on', async () => {
    let apiCalls = 0;
    const limited = createWebServer({
      webRoot: path.join(dir, 'web'),
      config: {},
      mediaBaseUrl: 'http://127.0.0.1:1/none',
      api: async (_req, res) => {
        apiCalls += 1;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{}');
        return true;
      },
      cspSources: { cognito: 'http://localhost:9', uploadOrigins: [] },
      rateLimiter: new ClientRateLimiter(),
      originVerify: 'origin-value',
    });
    await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve));
    const limitedPort = (limited.address() as { port: number }).port;
    const post = (p: string, from = '127.0.0.1') =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: limitedPort, path: p, method: 'POST', localAddress: from },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      // written from the WAF rule, not read from the limiter: 20 checkout calls per 5 minutes
      const checkout = CLIENT_RATE_LIMITS.find((l) => l.name === 'checkout')!;
      expect(checkout).toMatchObject({
        method: 'POST',
        pathStartsWith: '/api/checkout/',
        limit: 20,
        windowSeconds: 300,
      });
      for (let i = 0; i < 20; i++) expect((await post('/api/checkout/session')).status).toBe(201);
      const refused = await post('/api/checkout/subscription');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        title: 'Troppe Richieste',
        message: 'Troppe richieste da questa connessione. Attendi qualche minuto e riprova.',
      });
      expect(refused.headers['retry-after']).toBe('300');
      expect(apiCalls).toBe(20);
      // another shopper's address, and another route of the same address, are not limited
      expect((await post('/api/checkout/session', '127.0.0.2')).status).toBe(201);
      expect((await post('/api/products/x/comments')).status).toBe(201);
      expect(apiCalls).toBe(22);
    } finally {
      await new Promise<void>((resolve) => limited.close(() => resolve()));
    }
  });

  it('limits sign-up, newsletter and contact posts to 10 per 5 minutes per address, each on its own', () => {
    const limiter = new ClientRateLimiter();
    for (const path of ['/api/signup', '/api/newsletter', '/api/contact']) {
      for (let i = 0; i < 10; i++) expect(limiter.admit('10.0.0.1', 'POST', path), `${path} #${i + 1}`).toBe(true);
      expect(limiter.admit('10.0.0.1', 'POST', path), `${path} #11`).toBe(false);
      expect(limiter.admit('10.0.0.2', 'POST', path)).toBe(true);
    }
    // confirmation and unsubscribe count with the newsletter sign-up; reading is not limited
    expect(limiter.admit('10.0.0.3', 'GET', '/api/contact')).toBe(true);
    const other = new ClientRateLimiter();
    for (let i = 0; i < 5; i++) other.admit('10.0.0.4', 'POST', '/api/newsletter');
    for (let i = 0; i < 5; i++) other.admit('10.0.0.4', 'POST', '/api/newsletter/confirm');
    expect(other.admit('10.0.0.4', 'POST', '/api/newsletter/unsubscribe')).toBe(false);
  });

  it('counts within the window only', () => {
    let now = 0;
    const limiter = new ClientRateLimiter(
      () => [{ name: 't', method: 'POST', pathStartsWith: '/api/', limit: 2, windowSeconds: 60 }],
      () => now,
    );
    expect([limiter.admit('a', 'POST', '/api/x'), limiter.admit('a', 'POST', '/api/x')]).toEqual([true, true]);
    expect(limiter.admit('a', 'POST', '/api/x')).toBe(false);
    now = 60_001;
    expect(limiter.admit('a', 'POST', '/api/x')).toBe(true);
  });
});

describe('local web server: the origin-verify header', () => {
  it("adds the distribution's value to every request it passes to the API, over any value the client sent", async () => {
    const seen: (string | string[] | undefined)[] = [];
    const origin = createWebServer({
      webRoot: path.join(dir, 'web'),
      config: {},
      mediaBaseUrl: 'http://127.0.0.1:1/none',
      api: async (req, res) => {
        seen.push(req.headers['x-aurum-origin-verify']);
        res.writeHead(204);
        res.end();
        return true;
      },
      cspSources: { cognito: 'http://localhost:9', uploadOrigins: [] },
      originVerify: 'the-distribution-value',
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const originPort = (origin.address() as { port: number }).port;
    try {
      const send = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port: originPort, path: '/api/products', headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
      expect(await send({})).toBe(204);
      expect(await send({ 'X-Aurum-Origin-Verify': 'forged' })).toBe(204);
      expect(seen).toEqual(['the-distribution-value', 'the-distribution-value']);
    } finally {
      await new Promise<void>((resolve) => origin.close(() => resolve()));
    }
  });
});
