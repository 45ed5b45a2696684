/**
 * The shop origin of Stripe's return URLs: the stage's exact origin from the SSM
 * parameter the web stack writes (read once per container, through the real SSM client against a
 * small stand-in of the SSM API), never a `*.cloudfront.net` guess from the request: another
 * distribution's origin is refused.
 */
import http from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SHOP = 'https://d111abcdef8.cloudfront.net';
const requests: { target: string; body: { Name?: string } }[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}') as { Name?: string };
      requests.push({ target: String(req.headers['x-amz-target']), body: parsed });
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ Parameter: { Name: parsed.Name, Type: 'String', Value: SHOP, Version: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SSM: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    AWS_REGION: 'eu-south-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    SHOP_ORIGIN_PARAMETER: '/aurum/unit/shop-origin',
  });
  delete process.env.SHOP_URL;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const event = (origin?: string) => ({ headers: origin ? { origin } : {} }) as unknown as APIGatewayProxyEventV2;

describe('shop origin of the checkout', () => {
  it("uses the stage's exact origin from its SSM parameter, read once per container", async () => {
    const { shopUrlFor } = await import('./shop-url');
    expect(await shopUrlFor(event(SHOP))).toBe(SHOP);
    expect(await shopUrlFor(event())).toBe(SHOP);
    expect(requests).toEqual([
      { target: 'AmazonSSM.GetParameter', body: expect.objectContaining({ Name: '/aurum/unit/shop-origin' }) },
    ]);
  });

  it("refuses another distribution's or site's origin, whatever its domain", async () => {
    const { shopUrlFor } = await import('./shop-url');
    for (const origin of [
      'https://evil.cloudfront.net',
      'https://d111abcdef8.cloudfront.net.evil.example',
      'http://d111abcdef8.cloudfront.net',
      'null',
    ]) {
      await expect(shopUrlFor(event(origin)), origin).rejects.toMatchObject({ statusCode: 400, field: 'origin' });
    }
  });

  it('uses SHOP_URL when the runtime sets it (the local runtime)', async () => {
    process.env.SHOP_URL = 'http://localhost:3150/';
    try {
      const { shopUrlFor } = await import('./shop-url');
      expect(await shopUrlFor(event('http://localhost:3150'))).toBe('http://localhost:3150');
      await expect(shopUrlFor(event('http://localhost:9999'))).rejects.toMatchObject({ statusCode: 400 });
    } finally {
      delete process.env.SHOP_URL;
    }
  });
});
