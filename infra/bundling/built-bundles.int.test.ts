/**
 * The deployed artefact, not the TypeScript sources: the catalogue's esbuild bundle (as
 * infra/bundling/build-functions.ts writes it for the stacks, with its built-in shims and lazy stream
 * builtins) is imported in a fresh Node process with the local runtime's environment and answers
 * API Gateway events against DynamoDB Local: a page of products, a product, a refused id (400 with
 * the Italian message) and a missing product (404). The answers equal the source handler's.
 * The rest of the suite runs the sources; this is where the bundling itself is exercised.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildFunctions, REPO_ROOT } from './build-functions';
import { distributionEventFor, invoke, useLocalEnv, type InvokeOptions } from '../../test/support/invoke';
import type { ApiHandler } from '../../functions/lib/context-handler';
import type { ProductDetailDto, ProductDto } from '../../shared/api/catalog';
import type { PageResponse } from '../../shared/api/route';

useLocalEnv();

let outDir = '';
let sourceHandler: ApiHandler;

/** One invocation's result as the bundle returned it. */
interface BundleAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Invokes the built bundle `fn` once per event, all in one fresh node (a cold start, then warm
 * invocations), with the local runtime's environment and no NODE_OPTIONS, as deployed.
 */
async function invokeBundle(fn: string, calls: [routeKey: string, opts?: InvokeOptions][]): Promise<BundleAnswer[]> {
  const bundle = pathToFileURL(path.join(outDir, fn, 'index.mjs')).href;
  const events = await Promise.all(calls.map(([routeKey, opts]) => distributionEventFor(routeKey, opts)));
  // The context comes from infra/local/stand-ins/lambda-context.ts, loaded with Node's own type stripping.
  const contextModule = pathToFileURL(path.join(REPO_ROOT, 'infra', 'local', 'stand-ins', 'lambda-context.ts')).href;
  const script = `
    const { handler } = await import(${JSON.stringify(bundle)});
    const { localLambdaContext } = await import(${JSON.stringify(contextModule)});
    const answers = [];
    for (const event of ${JSON.stringify(events)}) {
      const r = await handler(event, localLambdaContext(${JSON.stringify(fn)}));
      answers.push({ statusCode: r.statusCode, headers: r.headers ?? {}, body: r.body ? JSON.parse(r.body) : null });
    }
    process.stdout.write(JSON.stringify(answers));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      ...inject('localEnv'),
      AWS_LAMBDA_FUNCTION_NAME: `aurum-${fn}-local`,
      LOG_LEVEL: 'ERROR',
      NODE_OPTIONS: '',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr.slice(0, 3000)).toBe(0);
  return JSON.parse(run.stdout) as BundleAnswer[];
}

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-built-bundles-'));
  await buildFunctions({ outDir, functions: ['catalog'], quiet: true });
  ({ handler: sourceHandler } = await import('../../functions/catalog/index'));
}, 120_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the built catalogue bundle', () => {
  it('serves products, a product, a refused id and a missing product from DynamoDB Local, as the sources do', async () => {
    const fromSource = await invoke<PageResponse<ProductDto>>(sourceHandler, 'GET /api/products', {
      query: { limit: '5' },
    });
    expect(fromSource.status).toBe(200);
    const first = fromSource.body.items[0]!;
    const missing = '00000000-0000-4000-8000-000000000000';

    const [page, product, refused, notFound] = await invokeBundle('catalog', [
      ['GET /api/products', { query: { limit: '5' } }],
      ['GET /api/products/{id}', { pathParameters: { id: first.id } }],
      ['GET /api/products/{id}', { pathParameters: { id: 'non-un-uuid' } }],
      ['GET /api/products/{id}', { pathParameters: { id: missing } }],
    ]);

    expect(page!.statusCode).toBe(200);
    expect(page!.headers['content-type']).toMatch(/^application\/json/);
    const items = (page!.body as PageResponse<ProductDto>).items;
    expect(items).toHaveLength(5);
    expect(items.every((p) => p.premium_tier === 'none')).toBe(true);
    expect(page!.body).toEqual(fromSource.body);

    expect(product!.statusCode).toBe(200);
    expect((product!.body as ProductDetailDto).name).toBe(first.name);
    const productFromSource = await invoke<ProductDetailDto>(sourceHandler, 'GET /api/products/{id}', {
      pathParameters: { id: first.id },
    });
    expect(product!.body).toEqual(productFromSource.body);

    const refusedFromSource = await invoke(sourceHandler, 'GET /api/products/{id}', {
      pathParameters: { id: 'non-un-uuid' },
    });
    expect(refused!.statusCode).toBe(400);
    expect(refused!.body).toEqual(refusedFromSource.body);
    expect(JSON.stringify(refused!.body)).toMatch(/id/);

    expect(notFound!.statusCode).toBe(404);
    expect(notFound!.body).toEqual(
      (await invoke(sourceHandler, 'GET /api/products/{id}', { pathParameters: { id: missing } })).body,
    );
  });
});
