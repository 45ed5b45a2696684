/**
 * Published product pages end to end on the local runtime: a back-office write reaches the
 * product's document (the publish consumer on DynamoDB Local's stream writes it into the web
 * bucket on s3rver) and the local origin serves it at /product/{id}, as a reader that runs no
 * script sees it; a tier-restricted product has none. The sitemap and robots.txt likewise.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ListResponse } from '../../shared/api/route';
import type { AdminProductDetailDto, AdminProductDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import type { PageResponse } from '../../shared/api/route';
import { SEED_FIXTURES } from '../../test/support/local-runtime';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { useLocalEnv } from '../../test/support/invoke';
import { validateStructuredData } from '../../test/support/structured-data';
import { PNG_BYTES, uploadToSlot } from '../../test/support/uploads';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { HOME_TEMPLATE_KEY, publishHomePage } from './home-page';
import { stageSettings } from '../lib/stage-settings';
import { withProductSafety } from '../../test/support/product-safety';
import { createProductWithOptions } from '../../test/support/variants';
import { ensurePageTemplates, PAGE_TEMPLATE, served } from '../../test/support/published-pages';

useLocalEnv();
let admin: string;
const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin } = await signInDemoAccounts());
  await ensurePageTemplates();
});
afterAll(() => cleanup.run(admin));

/** Every URL of the served sitemap (the index, then each sitemap it names). */
async function sitemapUrls(): Promise<string[]> {
  const index = await served('/sitemap.xml');
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const urls: string[] = [];
  for (const part of parts) urls.push(...[...(await served(part)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
  return urls;
}

/** Waits (10 s at most) until the page served at `path` holds every one of `texts`. */
async function servedWith(path: string, ...texts: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const html = await served(path);
        return texts.every((t) => html.includes(t));
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true);
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
      body: withProductSafety({ name, description: 'Ghisa fusa, maniglia ampia.', price_cents: 4990, quantity: 5 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    cleanup.products.push(id);
    await addImage(id);
    const path = `/product/${id}`;
    // the published page with its image (until then the app's own document answers the route)
    await servedWith(path, `<title>${name} | Aurum Fitness</title>`, 'og:image');

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
      body: withProductSafety({ name, description: 'Ghisa fusa, maniglia ampia.', price_cents: 3990 }),
    });
    expect(edited.status).toBe(200);
    const started = Date.now();
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).toContain('39,90\u00a0€</strong>');
    expect(Date.now() - started).toBeLessThan(10_000);

    // made Premium: the document is deleted, the URL serves the generic page (no name, no price)
    const restricted = await api('PUT', `/api/admin/products/${id}`, {
      token: admin,
      body: withProductSafety({
        name,
        description: 'Ghisa fusa, maniglia ampia.',
        price_cents: 3990,
        premium_tier: 'Premium',
      }),
    });
    expect(restricted.status).toBe(200);
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).not.toContain(name);
    expect(await getObjectText(env.webBucket, `published/product/${id}.html`)).toBeNull();
  });
});

describe('published product page of a product with options', () => {
  it('is a ProductGroup with a Product per variant (0 validator errors), and the sitemap lists the product once', async () => {
    const sku = randomUUID().slice(0, 8).toUpperCase();
    const { id } = await createProductWithOptions(
      admin,
      { name: `Kettlebell Varianti ${sku}`, description: 'Ghisa fusa.', price_cents: 2990 },
      {
        name: 'Peso',
        variants: [
          { value: '8 kg', sku: `KB8-${sku}`, price_cents: 2990, quantity: 5 },
          { value: '16 kg', sku: `KB16-${sku}`, price_cents: 4990, quantity: 1 },
        ],
      },
    );
    cleanup.products.push(id);
    await addImage(id);

    const path = `/product/${id}`;
    // the page with its variants and its image (each write republishes it)
    await servedWith(path, '"@type":"ProductGroup"', 'og:image');
    const html = await served(path);
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    const [group] = jsonld.ProductGroup as {
      productGroupID: string;
      hasVariant: { sku: string; offers: { price: string; url: string } }[];
    }[];
    expect(group!.productGroupID).toBe(id);
    expect(group!.hasVariant.map((v) => [v.sku, v.offers.price, v.offers.url])).toEqual([
      [`KB8-${sku}`, '29.90', `${inject('localUrl')}${path}?variant=KB8-${sku}`],
      [`KB16-${sku}`, '49.90', `${inject('localUrl')}${path}?variant=KB16-${sku}`],
    ]);

    // one URL for the product, none per variant
    const url = `${inject('localUrl')}${path}`;
    await expect.poll(sitemapUrls, { timeout: 10_000, interval: 250 }).toContain(url);
    expect((await sitemapUrls()).filter((u) => u.includes(id))).toEqual([url]);
  });
});

describe('published category pages', () => {
  it('a category gets its page (title, h1, products with prices IVA inclusa, valid BreadcrumbList and ItemList), follows its products and is in the sitemap', async () => {
    const name = `Categoria Pubblicata ${randomUUID().slice(0, 6)}`;
    const category = await api<{ id: string }>('POST', '/api/admin/categories', {
      token: admin,
      body: { name, description: 'Tutto per la presa.' },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const categoryId = category.body.id;
    cleanup.categories.push(categoryId);
    const path = `/category/${categoryId}`;
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).toContain(`<h1>${name}</h1>`);

    // a product added to the category reaches its page with its price; made Premium, it leaves
    const productName = `Presa Magnesite ${randomUUID().slice(0, 6)}`;
    const product = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({ name: productName, price_cents: 1290, quantity: 3, category_id: categoryId }),
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    cleanup.products.push(product.body.id);
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).toContain(productName);

    const html = await served(path);
    expect(html).toContain(`<title>${name} | Aurum Fitness</title>`);
    expect(html).toContain('<meta name="description" content="Tutto per la presa." />');
    expect(html).toContain(`<link rel="canonical" href="${inject('localUrl')}${path}" />`);
    expect(html).toContain(`${productName}</a> <strong>12,90\u00a0€</strong> IVA inclusa`);
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    expect((jsonld.ItemList as { itemListElement: { url: string }[] }[])[0]!.itemListElement).toEqual([
      expect.objectContaining({ url: `${inject('localUrl')}/product/${product.body.id}` }),
    ]);
    expect(jsonld.BreadcrumbList).toHaveLength(1);
    await expect.poll(sitemapUrls, { timeout: 10_000, interval: 250 }).toContain(`${inject('localUrl')}${path}`);

    const restricted = await api('PUT', `/api/admin/products/${product.body.id}`, {
      token: admin,
      body: withProductSafety({
        name: productName,
        price_cents: 1290,
        category_id: categoryId,
        premium_tier: 'Expert',
      }),
    });
    expect(restricted.status).toBe(200);
    await expect.poll(() => served(path), { timeout: 10_000, interval: 250 }).not.toContain(productName);
    expect(await served(path)).toContain(`<h1>${name}</h1>`);
  });
});

describe('published home page', () => {
  it("serves / with the Organization (the seller's identity and VAT number) and WebSite JSON-LD, 0 validator errors", async () => {
    if ((await getObjectText(env.webBucket, HOME_TEMPLATE_KEY)) === null)
      await putObject(env.webBucket, HOME_TEMPLATE_KEY, PAGE_TEMPLATE, 'text/html; charset=utf-8');
    expect(await publishHomePage()).not.toBeNull();
    const html = await served('/');
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    const { seller } = stageSettings();
    expect((jsonld.Organization as Record<string, unknown>[])[0]).toMatchObject({
      legalName: seller.company_name,
      vatID: `IT${seller.vat_number}`,
    });
    expect((jsonld.WebSite as Record<string, unknown>[])[0]).toMatchObject({ url: `${inject('localUrl')}/` });
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every public product, never a restricted one; a product made Legends leaves it', async () => {
    const all: AdminProductDto[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: PageResponse<AdminProductDto> } = await api<PageResponse<AdminProductDto>>(
        'GET',
        `/api/admin/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { token: admin },
      );
      all.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    const origin = inject('localUrl');
    const urls = await sitemapUrls();
    expect(urls).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/products`, `${origin}/legal/faq`]));
    const restricted = all.find((p) => p.name === SEED_FIXTURES.tierRestrictedProductName)!;
    expect(restricted.premium_tier).not.toBe('none');
    for (const p of all) {
      if (p.premium_tier === 'none') expect(urls).toContain(`${origin}/product/${p.id}`);
      else expect(urls).not.toContain(`${origin}/product/${p.id}`);
    }
    const part = await served('/sitemaps/sitemap-1.xml');
    expect(part).toMatch(/<url><loc>[^<]+\/product\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><\/url>/);

    const name = `Corda Sitemap ${randomUUID().slice(0, 6)}`;
    const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({ name, price_cents: 990 }),
    });
    expect(created.status).toBe(201);
    cleanup.products.push(created.body.id);
    const url = `${origin}/product/${created.body.id}`;
    await expect.poll(sitemapUrls, { timeout: 10_000, interval: 250 }).toContain(url);
    const hidden = await api('PUT', `/api/admin/products/${created.body.id}`, {
      token: admin,
      body: withProductSafety({ name, price_cents: 990, premium_tier: 'Legends' }),
    });
    expect(hidden.status).toBe(200);
    await expect.poll(sitemapUrls, { timeout: 10_000, interval: 250 }).not.toContain(url);
  });

  it('serves robots.txt disallowing the private areas and naming the sitemap', async () => {
    const res = await fetch(`${inject('localUrl')}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    for (const path of ['/admin', '/cart', '/checkout', '/profile', '/wishlist', '/login'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${inject('localUrl')}/sitemap.xml`);
  });
});
