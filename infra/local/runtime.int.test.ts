/**
 * The local runtime over real HTTP, as the browser sees it: API through the adapter, runtime
 * config, images from the S3 stand-in under /media, and API Gateway's answers for unknown routes.
 */
import net from 'node:net';
import os from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import type { ProductDto } from '../../shared/api/catalog';
import type { ListResponse } from '../../shared/api/route';

const base = () => inject('localUrl');

describe('local runtime over HTTP', () => {
  it('serves the catalogue through the API Gateway adapter', async () => {
    const res = await fetch(`${base()}/api/products?q=manubri`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as ListResponse<ProductDto>;
    expect(body.items.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 404 for a route that is not in the route table', async () => {
    expect((await fetch(`${base()}/api/nope`)).status).toBe(404);
    expect((await fetch(`${base()}/api/products`, { method: 'DELETE' })).status).toBe(404);
  });

  it('serves product images from the S3 stand-in under /media', async () => {
    const body = (await (await fetch(`${base()}/api/products`)).json()) as ListResponse<ProductDto>;
    const withImage = body.items.find((p) => p.image_url)!;
    const img = await fetch(`${base()}${withImage.image_url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect((await img.text()).startsWith('<svg')).toBe(true);
    expect((await fetch(`${base()}/media/products/none/missing.svg`)).status).toBe(404);
  });

  it('serves the runtime config the SPA reads', async () => {
    const config = (await (await fetch(`${base()}/config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ apiBaseUrl: '', stage: 'local', authFlow: 'USER_PASSWORD_AUTH', local: true });
    expect(config.userPoolId).toBe(inject('localPool').userPoolId);
    expect(config.userPoolClientId).toBe(inject('localPool').userPoolClientId);
  });

  it('listens on loopback only by default: other interfaces of the machine are refused', async () => {
    expect(inject('localListenAddress')).toBe('127.0.0.1');
    const port = Number(new URL(base()).port);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    for (const address of external) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect({ host: address, port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      });
      expect(outcome, address).toBe('ECONNREFUSED');
    }
  });
});
