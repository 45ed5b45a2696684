import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { buildEvent, compileRoute, matchRoute } from './api-adapter';
import { ROUTES, routeKey } from '../../../shared/api/routes';

describe('local API Gateway adapter: route matching', () => {
  const compiled = ROUTES.map(compileRoute);

  it('matches every route of the table by its own path', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/\{(\w+)\+?\}/g, 'x1');
      const m = matchRoute(compiled, route.method, path);
      expect(m?.compiled.key, routeKey(route)).toBe(routeKey(route));
    }
  });

  it('extracts and decodes path parameters', () => {
    const m = matchRoute(compiled, 'GET', '/api/products/abc%20def');
    expect(m?.compiled.key).toBe('GET /api/products/{id}');
    expect(m?.pathParameters).toEqual({ id: 'abc def' });
  });

  it('prefers no partial matches: a sub-resource is its own route', () => {
    expect(matchRoute(compiled, 'GET', '/api/products/1/comments')?.compiled.key).toBe(
      'GET /api/products/{id}/comments',
    );
    expect(matchRoute(compiled, 'GET', '/api/products/1/unknown')).toBeNull();
  });

  it('does not match another method', () => {
    expect(matchRoute(compiled, 'DELETE', '/api/products')).toBeNull();
  });
});

describe('local API Gateway adapter: payload v2 event', () => {
  const req = Object.assign(Readable.from([]), {
    method: 'GET',
    httpVersion: '1.1',
    headers: { host: 'localhost:3000', cookie: 'a=1; b=2', 'user-agent': 'test', 'x-multi': ['1', '2'] },
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as IncomingMessage;

  it('builds the v2 shape API Gateway sends', () => {
    const url = new URL('http://localhost/api/products?q=manubri&q=set&category_id=x');
    const event = buildEvent({
      req,
      url,
      body: Buffer.alloc(0),
      key: 'GET /api/products',
      pathParameters: {},
      claims: null,
    });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/products');
    expect(event.rawPath).toBe('/api/products');
    expect(event.rawQueryString).toBe('q=manubri&q=set&category_id=x');
    expect(event.queryStringParameters).toEqual({ q: 'manubri,set', category_id: 'x' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers['x-multi']).toBe('1,2');
    expect(event.requestContext.http.method).toBe('GET');
    expect((event.requestContext as { authorizer?: unknown }).authorizer).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('carries the authorizer claims and base64-encodes binary bodies', () => {
    const url = new URL('http://localhost/api/x');
    const binReq = Object.assign(Object.create(req), {
      headers: { 'content-type': 'application/octet-stream' },
    }) as IncomingMessage;
    const event = buildEvent({
      req: binReq,
      url,
      body: Buffer.from([0, 1, 2]),
      key: 'POST /api/x',
      pathParameters: { id: '1' },
      claims: { sub: 'u1' },
    });
    expect(
      (event.requestContext as unknown as { authorizer: { jwt: { claims: unknown } } }).authorizer.jwt.claims,
    ).toEqual({ sub: 'u1' });
    expect(event.isBase64Encoded).toBe(true);
    expect(event.body).toBe(Buffer.from([0, 1, 2]).toString('base64'));
    expect(event.pathParameters).toEqual({ id: '1' });
  });
});
