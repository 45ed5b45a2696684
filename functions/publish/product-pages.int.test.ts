/**
 * Published product pages end to end on the local runtime: a back-office write reaches the
 * product's document (the publish consumer on DynamoDB Local's stream writes it into the web
 * bucket on s3rver) and the local origin serves it at /product/{id}, as a reader that runs no
 * script sees it; a tier-restricted product has none.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ListResponse } from '../../shared/api/route';
import type { AdminProductDetailDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { useLocalEnv } from '../../test/support/invoke';
import { validateStructuredData } from '../../test/support/structured-data';
import { PNG_BYTES, uploadToSlot } from '../../test/support/uploads';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { PRODUCT_TEMPLATE_KEY } from './product-pages';

useLocalEnv();
let admin: string;
const cleanup = new CatalogCleanup();

/** The shape of the build's prerendered product page, for a runtime whose SPA is not built. */
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Aurum Fitness</title>
    <meta name="description" content="Aurum Fitness: attrezzatura fitness premium." />
  </head>
  <body>
    <div id="root" inert><header data-testid="site-header"></header></div>
  </body>
</html>`;

beforeAll(async () => {
  ({ admin } = await signInDemoAccounts());
  if ((await getObjectText(env.webBucket, PRODUCT_TEMPLATE_KEY)) === null)
    await putObject(env.webBucket, PRODUCT_TEMPLATE_KEY, TEMPLATE, 'text/html; charset=utf-8');
});
afterAll(() => cleanup.run(admin));

/** The document the local origin serves for a path, as curl would get it. */
async function served(path: string): Promise<string> {
  const res = await fetch(`${inject('localUrl')}${path}`);
  return res.ok ? res.text() : `HTTP ${res.status}`;
}

async function addImage(productId: string): Promise<void> {
  const slots = await api<ListResponse<UploadSlotDto>>('POST', `/api/admin/products/${productId}/image-uploads`, {
    token: admin,
    body: { files: [{ name: 'foto.png', content_type: 'image/png', size: PNG_BYTES.length }] },
  });
  expect(slots.status).toBe(201);
  const [slot] = slots.body.items;
  expect((await uploadToSlot(slot!, PNG_BYTES, slot!.file_name, 'image/png')).status).toBe(204);
  const saved = await api('PUT', `/api/admin/products/${productId}/images`, {
    token: admin,
    body: { keys: [slot!.key] },
  });
  expect(saved.status).toBe(200);
}

describe('published product pages', () => {
  it('a new product gets its page (title, h1, price, og:image, valid JSON-LD); a price edit reaches it within 10 s; restricted, it has none', async () => {
    const name = `Kettlebell Pubblicata ${randomUUID().slice(0, 6)}`;
    const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: { name, description: 'Ghisa fusa, maniglia ampia.', price_cents: 4990, quantity: 5 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    cleanup.products.push(id);
    await addImage(id);
    const path = `/product/${id}`;
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).toContain('og:image');

    const html = await served(path);
    expect(html).toContain(`<title>${name} | Aurum Fitness</title>`);
    expect(html).toContain(`<h1>${name}</h1>`);
    expect(html).toContain('49,90\u00a0€</strong> IVA inclusa');
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\/products\/[^"]+\.png" \/>/);
    expect(html).toContain(`<link rel="canonical" href="${inject('localUrl')}/product/${id}" />`);
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    expect((jsonld.Product as { offers: { price: string } }[])[0]!.offers.price).toBe('49.90');

    // the back office edits the price: the served HTML follows within 10 s
    const edited = await api('PUT', `/api/admin/products/${id}`, {
      token: admin,
      body: { name, description: 'Ghisa fusa, maniglia ampia.', price_cents: 3990 },
    });
    expect(edited.status).toBe(200);
    const started = Date.now();
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).toContain('39,90\u00a0€</strong>');
    expect(Date.now() - started).toBeLessThan(10_000);

    // made Premium: the document is deleted, the URL serves the generic page (no name, no price)
    const restricted = await api('PUT', `/api/admin/products/${id}`, {
      token: admin,
      body: { name, description: 'Ghisa fusa, maniglia ampia.', price_cents: 3990, premium_tier: 'Premium' },
    });
    expect(restricted.status).toBe(200);
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).not.toContain(name);
    expect(await getObjectText(env.webBucket, `published/product/${id}.html`)).toBeNull();
  });
});
