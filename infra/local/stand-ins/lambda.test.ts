/** The local Lambda-invoke stand-in's routing: names, unknown functions, malformed events, non-invoke requests. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLambdaInvoke, localFunctionName, LOCAL_STOCK_SYNC_FUNCTION } from './lambda';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void handleLambdaInvoke(req, res).then((handled) => {
      if (!handled) res.writeHead(418).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('localFunctionName', () => {
  it.each([
    ['stock-sync', 'stock-sync'],
    [LOCAL_STOCK_SYNC_FUNCTION, 'stock-sync'],
    ['arn:aws:lambda:eu-south-1:000000000000:function:aurum-stock-sync-local', 'stock-sync'],
    ['post-confirmation', 'post-confirmation'],
    ['aurum-release-reservations-local', 'release-reservations'],
    ['sconosciuta', 'sconosciuta'],
  ])('%s -> %s', (raw, name) => {
    expect(localFunctionName(raw)).toBe(name);
  });
});

describe('handleLambdaInvoke', () => {
  const invoke = (name: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/2015-03-31/functions/${name}/invocations`, { method: 'POST', body, headers });

  it('answers 404 ResourceNotFoundException for a function that does not exist', async () => {
    const res = await invoke('aurum-sconosciuta-local', '{}');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
  });

  it('refuses an event that is not JSON, and leaves other requests alone', async () => {
    expect((await invoke(LOCAL_STOCK_SYNC_FUNCTION, '{non json', { 'x-amz-invocation-type': 'Event' })).status).toBe(
      400,
    );
    expect((await fetch(`${base}/2015-03-31/functions/stock-sync/invocations`)).status).toBe(418);
    expect((await fetch(`${base}/api/products`, { method: 'POST' })).status).toBe(418);
  });
});
