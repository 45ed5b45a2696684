/**
 * The shop's API as the end-to-end specs call it beside the screens: a signed-in user's request
 * with their ID token, and a product looked up by name through the public search.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDto } from '../../shared/api/catalog';
import type { ListResponse } from '../../shared/api/route';
import { idTokenOf } from './sign-in';

/**
 * Calls `path` on the shop's API as the user signed in on `page`.
 * @param token the ID token to send; default: the one stored on `page` (which must be on the shop's origin)
 * @returns the status and the JSON body (null when the body is not JSON)
 */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token ?? (await idTokenOf(page))}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** The product named exactly `name`, found through `GET /api/products?q=`; fails the test when absent. */
export async function productByName(request: APIRequestContext, name: string): Promise<ProductDto> {
  const res = await request.get(`/api/products?q=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as ListResponse<ProductDto>).items.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return found!;
}
