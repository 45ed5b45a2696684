/**
 * The local shop origin's static files: only files inside the SPA folder are served (a sibling
 * folder sharing its name's prefix stays unreachable), and the server binds to loopback unless
 * HOST says otherwise.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, isInsideRoot, listenHost } from './web-server';

let dir = '';
let server: http.Server;
let port = 0;

/** A raw GET (the path is sent exactly as given, no client-side normalisation). */
function get(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-web-'));
  fs.mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'web-other'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>shop</title>');
  fs.writeFileSync(path.join(dir, 'web', 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'web-other', 'secret.txt'), 'TOP SECRET');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  server = createWebServer({ webRoot: path.join(dir, 'web'), config: {}, mediaBaseUrl: 'http://127.0.0.1:1/none', api: async () => false });
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
    for (const p of ['/..%2fweb-other/secret.txt', '/..%2Fweb-other%2Fsecret.txt', '/assets/..%2f..%2fweb-other/secret.txt']) {
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

describe('local web server: interface', () => {
  it('binds to loopback unless HOST is set', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});
