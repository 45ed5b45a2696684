/**
 * Operations checks against the local shop Playwright started (docs/operations.md): the smoke test
 * (`npm run smoke`, the deploy pipeline's check) passes, down to a checkout session on the Stripe
 * stand-in, for a shopper who just signed up; it fails, naming the API, when the shop's API is
 * down (a proxy in front of the shop answering 503 on /api/*); and the canary's own bundle
 * (infra/canary, as CloudWatch Synthetics runs it) passes its three steps. No browser: each runs as
 * a process, as in the pipeline.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { buildCanaryBundle } from '../infra/canary/bundle';
import { codeOf, emailTo, inboxMark } from './support/inbox';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** Runs scripts/smoke.ts as `npm run smoke` does; never throws. */
async function smoke(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await run(tsx, ['scripts/smoke.ts', ...args], { cwd: root, timeout: 60_000 });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** A new confirmed account, signed up through the shop's API with the code emailed to MailDev. */
async function newShopper(baseURL: string): Promise<{ email: string; password: string }> {
  const email = `smoke-${Date.now()}@example.com`;
  const password = 'Smoke2026!Prova';
  const seen = await inboxMark(email);
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/signup', { email, password, accept_terms: true })).status).toBeLessThan(300);
  const code = codeOf(await emailTo(email, 'codice di verifica', seen));
  expect((await post('/api/signup/confirm', { email, code, password })).status).toBe(200);
  return { email, password };
}

test('the smoke test passes against the local shop, down to a checkout session in Stripe test mode', async ({
  baseURL,
}) => {
  const shopper = await newShopper(baseURL!);
  const r = await smoke(['--url', baseURL!, '--email', shopper.email, '--password', shopper.password]);
  expect(r.out).toContain('Smoke test passed');
  expect(r.code).toBe(0);
  for (const line of ['/config.json', 'home page 200', 'GET /api/products 200', 'product page /product/', 'sitemap '])
    expect(r.out).toContain(line);
  expect(r.out).toMatch(/checkout session cs_test_/);
});

test("the smoke test fails when the shop's API is down", async ({ baseURL }) => {
  // Everything passes through to the shop except /api/*, which answers as a dead origin behind CloudFront.
  const target = new URL(baseURL!);
  const proxy = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const r = await smoke(['--url', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('✓ home page 200');
    expect(r.out).toContain('✗ GET /api/products: expected HTTP 200, got 503');
    expect(r.out).toContain('Smoke test FAILED');
  } finally {
    proxy.close();
  }
});

test("the canary's bundle passes its three steps against the local shop", async ({ baseURL }) => {
  // The bundle as Synthetics loads it, beside a stand-in for the runtime's `Synthetics` module
  // that runs each step and records its name.
  const dir = mkdtempSync(join(tmpdir(), 'aurum-canary-'));
  try {
    mkdirSync(join(dir, 'node_modules', 'Synthetics'), { recursive: true });
    copyFileSync(buildCanaryBundle(), join(dir, 'node_modules', 'index.js'));
    writeFileSync(
      join(dir, 'node_modules', 'Synthetics', 'index.js'),
      'exports.executeStep = async (name, fn) => { const r = await fn(); console.log("step " + name + " passed"); return r; };\n',
    );
    const r = await run(
      process.execPath,
      [
        '-e',
        "require('./node_modules/index.js').handler().catch((e) => { console.error(e.message); process.exit(1); })",
      ],
      { cwd: dir, env: { ...process.env, SHOP_URL: baseURL! }, timeout: 60_000 },
    );
    for (const step of ['home-page', 'api-products', 'product-page']) expect(r.stdout).toContain(`step ${step} passed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
