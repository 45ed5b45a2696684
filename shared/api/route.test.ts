import { describe, expect, it } from 'vitest';
import { apiPath, route, routeKey, staffRoute } from './route';

const list = { path: '/api/products' };
const detail = { path: '/api/products/{id}' };

describe('apiPath', () => {
  it('leaves the path alone without params', () => {
    expect(apiPath(list)).toBe('/api/products');
    expect(apiPath(list, {}, { q: '', category_id: null, x: undefined })).toBe('/api/products');
  });

  it('trims query values and drops blank ones', () => {
    expect(apiPath(list, {}, { q: '  pesi ', category_id: '   ' })).toBe('/api/products?q=pesi');
  });

  it('encodes special characters in the query and in path parameters', () => {
    expect(apiPath(list, {}, { q: 'kettlebell & co' })).toBe('/api/products?q=kettlebell+%26+co');
    expect(apiPath(detail, { id: 'a/b c' })).toBe('/api/products/a%2Fb%20c');
  });

  it('refuses a missing path parameter', () => {
    expect(() => apiPath(detail)).toThrow(/missing 'id'/);
  });

  it('writes numbers and booleans in the query', () => {
    expect(apiPath(list, {}, { limit: 20, low: true })).toBe('/api/products?limit=20&low=true');
  });
});

describe('route definitions', () => {
  it('keeps a public route as declared', () => {
    const r = route<{ ok: true }>({ method: 'GET', path: '/api/x', fn: 'catalog', access: 'public', summary: 's' });
    expect(r).toEqual({ method: 'GET', path: '/api/x', fn: 'catalog', access: 'public', summary: 's' });
    expect(routeKey(r)).toBe('GET /api/x');
  });

  it('derives a staff route level from its capability: collaborator work stays collaborator, money and people admin', () => {
    expect(staffRoute('comments', { method: 'GET', path: '/api/admin/c', fn: 'admin', summary: 's' }).access).toBe(
      'collaborator',
    );
    expect(staffRoute('orders', { method: 'GET', path: '/api/admin/o', fn: 'admin', summary: 's' }).access).toBe(
      'collaborator',
    );
    expect(staffRoute('payments', { method: 'GET', path: '/api/admin/p', fn: 'admin', summary: 's' }).access).toBe(
      'admin',
    );
    expect(staffRoute('users', { method: 'GET', path: '/api/admin/u', fn: 'admin', summary: 's' }).access).toBe(
      'admin',
    );
  });
});
