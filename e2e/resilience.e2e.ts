/**
 * SPA resilience: a page that cannot render shows the Italian error page with
 * 'Riprova' instead of a blank page; a chunk that a deployment removed reloads the page once
 * (the new index.html names the new chunks) and, if it still fails, shows the error page too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * The served file that holds the product page's module (a chunk of its own or a landing group
 * chunk, web/build/landing-chunks.ts), from the build's chunk map, e.g. '/assets/landing-product-abc.js'.
 */
function productPageChunk(): RegExp {
  const map = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', 'dist', 'web', '.vite', 'chunk-modules.json'), 'utf8'),
  ) as Record<string, string[]>;
  const file = Object.keys(map).find((f) => map[f]!.includes('web/src/catalog/product-page.tsx'));
  if (!file) throw new Error('no chunk of dist/web holds the product page');
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Counts the page's document loads (first load and reloads). */
function countDocumentLoads(page: Page): { n: number } {
  const counter = { n: 0 };
  page.on('request', (r) => {
    if (r.resourceType() === 'document') counter.n += 1;
  });
  return counter;
}

test('a chunk removed by a deployment reloads the page once, then shows Riprova, which recovers', async ({ page }) => {
  const loads = countDocumentLoads(page);
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(loads.n).toBe(1);

  // The deployment replaced the product page's chunk: the old name answers 404.
  const chunk = productPageChunk();
  await page.route(chunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByTestId('product-card').first().getByRole('link', { name: 'Dettagli' }).click();

  // One reload, then (the chunk still missing) the error page instead of a blank one.
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'È disponibile una nuova versione' })).toBeVisible();
  expect(loads.n).toBe(2);
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('site-header')).toBeVisible();

  // The file is back (e.g. the new deployment finished): Riprova loads the page.
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByTestId('product-gallery')).toBeVisible();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
});

test('a page that fails to render shows the Italian error page; Riprova loads it again', async ({ page }) => {
  const products = (await (await page.request.get('/api/products')).json()) as { items: { id: string }[] };
  const url = `/product/${products.items[0]!.id}`;
  // A malformed answer (a broken deployment of the API, a proxy error page) makes the page throw.
  await page.route(/\/api\/products\/[0-9a-f-]{36}$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"id": 1, "images": 5, "price_cents": "x"}' }),
  );
  await page.goto(url);
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Qualcosa è andato storto' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Torna alla Home' })).toBeVisible();

  await page.unroute(/\/api\/products\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByTestId('product-gallery')).toBeVisible();
});
