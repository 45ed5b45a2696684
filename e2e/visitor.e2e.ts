/**
 * A visitor browses the seeded catalogue: home, products,
 * search 'manubri', filter a category, open a product, follow a related product, legal pages,
 * a tier-restricted product that stays hidden, and the listing's pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { SEED_FIXTURES } from '../infra/local/seed/seed-catalog';
import { scrollToLiveSection } from './support/served-sections';

const cards = (page: Page) => page.getByTestId('product-card');

test('home shows the hero, the products, about, reviews and contact', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Shop Ora' })
      .or(page.getByRole('button', { name: 'Shop Ora' }))
      .first(),
  ).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('#about')).toBeAttached();
  // Below the fold, each section's code loads as the visitor scrolls towards it.
  await scrollToLiveSection(page, 'reviews');
  await expect(page.getByTestId('review-card')).toHaveCount(6);
  await scrollToLiveSection(page, 'contact');
  await expect(page.getByTestId('contact-form')).toBeVisible();
  await scrollToLiveSection(page, 'site-footer-content');
  await expect(page.getByTestId('site-footer')).toContainText(String(new Date().getFullYear()));
});

test('home: about, reviews, contact and the footer with the seller are in the served document and on a fresh load', async ({
  page,
  request,
}) => {
  // The document as served, no script run (what a search engine, a link preview or `curl` reads).
  const served = await (await request.get('/')).text();
  for (const text of ['Chi Siamo', '2019', 'Recensioni', 'Contatti', 'Iscriviti', 'P.IVA IT12345678903'])
    expect(served, text).toContain(text);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  // Without scrolling, as a find-in-page right after the load would: every section is there.
  await expect(page.getByRole('heading', { name: /Nati per/ })).toBeAttached();
  await expect(page.locator('#about')).toContainText('2019');
  await expect(page.getByTestId('review-card')).toHaveCount(6);
  await expect(page.getByTestId('contact-form')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Iscriviti' })).toBeAttached();
  await expect(page.getByTestId('seller-identity')).toContainText('P.IVA IT12345678903');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Scrolled to, the footer is rendered by the SPA in place of the served markup: its section links work.
  await scrollToLiveSection(page, 'site-footer-content');
  await page.getByTestId('site-footer').getByRole('button', { name: 'Chi Siamo' }).click();
  await expect(page.locator('#about')).toBeInViewport();
  expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
});

test('products: search manubri, filter a category, open a product, follow a related product', async ({ page }) => {
  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();
  // The grid commits a row at a time (useProgressiveItems): wait for the whole first page.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(20);
  const initial = await cards(page).count();

  await page.getByPlaceholder('Cerca un prodotto...').fill(SEED_FIXTURES.manubriSearch);
  await expect(async () => {
    const names = await cards(page).locator('h3, h2, [data-testid="product-name"]').allInnerTexts();
    // Ranked: the products named so first (the search also reads descriptions and categories).
    expect(names.filter((n) => n.toLowerCase().includes(SEED_FIXTURES.manubriSearch)).length).toBeGreaterThanOrEqual(3);
    expect(names[0]!.toLowerCase()).toContain(SEED_FIXTURES.manubriSearch);
  }).toPass();

  await page.getByPlaceholder('Cerca un prodotto...').fill('');
  await page.getByRole('button', { name: SEED_FIXTURES.categoryForFilter, exact: true }).click();
  await expect(async () => {
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(initial);
    const categories = await cards(page).getByText(SEED_FIXTURES.categoryForFilter, { exact: true }).count();
    expect(categories).toBe(count);
  }).toPass();

  await cards(page).first().getByRole('link', { name: 'Dettagli' }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  const firstUrl = page.url();
  await expect(page.getByTestId('product-gallery')).toBeVisible();
  const related = page.getByTestId('related-products');
  await expect(related.getByTestId('product-card').first()).toBeVisible();
  await related.getByTestId('product-card').first().getByRole('link', { name: 'Dettagli' }).click();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('product-price')).toBeVisible();
});

test("typing 'kettlebel' in the listing's search shows the kettlebells, never the Premium-tier set", async ({
  page,
}) => {
  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();
  await page.getByPlaceholder('Cerca un prodotto...').fill('kettlebel');
  const names = cards(page).getByTestId('product-name');
  await expect(names.filter({ hasText: 'Kettlebell in Ghisa Aurum 16 kg' })).toHaveCount(1);
  await expect(names.first()).toHaveText(/kettlebell/i);
  await expect(async () => {
    const shown = await names.allInnerTexts();
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown).not.toContain('Set Kettlebell da Competizione 8-24 kg');
  }).toPass();
  // a typo inside the word, not a prefix: the search forgives it
  await page.getByPlaceholder('Cerca un prodotto...').fill('ketlebell');
  await expect(names.filter({ hasText: 'Kettlebell in Ghisa Aurum 16 kg' })).toHaveCount(1);
});

test('the listing shows 24 products a page and loads the next ones with Carica altri, without repeats', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(cards(page)).toHaveCount(24);
  // The button at the end of the grid ('Carica altri'); scrolling to it also loads (infinite scroll).
  await expect(page.getByTestId('load-more')).toHaveText('Carica altri');
  await page.getByTestId('load-more').dispatchEvent('click');
  await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
  const names = await cards(page).getByRole('heading').allInnerTexts();
  expect(new Set(names).size).toBe(names.length);
  // The seeded catalogue fits two pages: at the end there is nothing more to load.
  await expect(page.getByTestId('load-more')).toHaveCount(0);
});

test('a product with a gallery switches images from the thumbnails', async ({ page }) => {
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(SEED_FIXTURES.productWithGallery);
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('link', { name: 'Dettagli' }).click();
  const thumbs = page.getByTestId('gallery-thumbnail');
  await expect(thumbs.nth(1)).toBeVisible();
  const main = page.getByTestId('product-gallery').locator('img').first();
  const before = await main.getAttribute('src');
  await thumbs.nth(1).click();
  await expect(main).not.toHaveAttribute('src', before ?? '');
  // the image really loads from the S3 stand-in through /media
  const loaded = await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);
});

test('sold-out products show the ESAURITO overlay and a disabled button', async ({ page }) => {
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(SEED_FIXTURES.soldOutProductName);
  const card = cards(page).first();
  await expect(card.getByTestId('sold-out-overlay')).toHaveText('ESAURITO');
  await expect(card.getByRole('button', { name: 'Esaurito' })).toBeDisabled();
});

test('a tier-restricted product stays hidden from a visitor', async ({ page, request }) => {
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(SEED_FIXTURES.tierRestrictedProductName);
  await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();
  // its page, opened by URL from the premium showcase, sends the visitor to /premium
  const showcase = (await (await request.get('/api/premium-products')).json()) as {
    items: { id: string; name: string }[];
  };
  const restricted = showcase.items.find((p) => p.name === SEED_FIXTURES.tierRestrictedProductName)!;
  await page.goto(`/product/${restricted.id}`);
  await expect(page.getByText('Accesso Negato: Questo è un prodotto esclusivo. Abbonati per vederlo!')).toBeVisible();
  await expect(page).toHaveURL(/\/premium$/);
});

test('an unknown product shows Prodotto non Trovato and goes home', async ({ page }) => {
  await page.goto('/product/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Prodotto non Trovato')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
});

test('legal pages: the return policy has its facts; an unknown page says Pagina non trovata', async ({ page }) => {
  await page.goto('/legal/politica-di-reso');
  const legal = page.getByTestId('legal-page');
  await expect(legal).toContainText('30 giorni');
  await expect(legal).toContainText('In elaborazione');
  await page.goto('/legal/faq');
  await expect(page.getByTestId('legal-page')).toContainText('3-5');
  await page.goto('/legal/non-esiste');
  await expect(page.getByText('Pagina non trovata')).toBeVisible();
});

test('guarded pages send a visitor to /login; the cart icon too', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await page
    .getByRole('button', { name: 'Carrello' })
    .or(page.getByRole('link', { name: 'Carrello' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('theme toggle switches to light and is kept after reload', async ({ page }) => {
  await page.goto('/');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await bg();
  await page.getByTestId('theme-toggle').first().click();
  await expect.poll(bg).not.toBe(dark);
  const light = await bg();
  await page.reload();
  await expect.poll(bg).toBe(light);
});

test('premium page lists the plans and bundles page hides the premium bundle', async ({ page }) => {
  await page.goto('/premium');
  await expect(page.getByTestId('plan-card')).toHaveCount(4);
  // a visitor who wants to subscribe is asked to sign in first
  await page.getByRole('button', { name: 'Abbonati Ora' }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Accesso Richiesto');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/bundles');
  // the 3 seeded public bundles (and any a back-office test added), never a premium one
  await expect(page.getByTestId('bundle-card').nth(2)).toBeVisible();
  await expect(page.getByTestId('bundle-card').filter({ hasText: 'PREMIUM' })).toHaveCount(0);
});

test("a visitor's product page asks for its data and first image before the app's JavaScript, once", async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/api/products?limit=1')).json()) as {
    items: { id: string; name: string }[];
  };
  const product = listing.items[0]!;
  const seen: string[] = [];
  const kind = (url: string) => {
    const { pathname } = new URL(url);
    if (pathname === `/api/products/${product.id}`) return 'data';
    if (/^\/assets\/index-[\w-]+\.js$/.test(pathname)) return 'app';
    return pathname.startsWith(`/media/products/${product.id}/`) ? 'image' : undefined;
  };
  page.on('request', (r) => {
    const k = kind(r.url());
    if (k) seen.push(k);
  });
  page.on('requestfinished', (r) => {
    if (kind(r.url()) === 'image') seen.push('image arrived');
  });
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The boot module of the prerendered page asked first; the app took that answer instead of asking again.
  expect(seen.filter((s) => s === 'data')).toEqual(['data']);
  expect(seen.indexOf('data')).toBeLessThan(seen.indexOf('image'));
  // The first image had the network to itself: the app's JavaScript was asked for once it had arrived.
  expect(seen.indexOf('image arrived')).toBeGreaterThan(-1);
  expect(seen.indexOf('image arrived')).toBeLessThan(seen.indexOf('app'));
});

test("a visitor's /bundles asks for the bundles and paints the first bundle's image before the app's JavaScript, once", async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/bundles')).json()) as { items: { image_url: string | null }[] };
  const image = list.items[0]?.image_url;
  expect(image, "the first bundle's image").toBeTruthy();
  const seen: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/api/bundles') seen.push('data');
    else if (/^\/assets\/index-[\w-]+\.js$/.test(pathname)) seen.push('app');
    else if (pathname === new URL(image!, r.url()).pathname) seen.push('image');
  });
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === new URL(image!, r.url()).pathname) seen.push('image arrived');
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/bundles');
  await expect(page.getByTestId('bundle-card').first()).toBeVisible();
  // The prerendered loading state was hydrated as it is, the answer already in hand notwithstanding.
  expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
  // The boot module of the prerendered page asked first; the app took that answer instead of asking again.
  expect(seen.filter((s) => s === 'data')).toEqual(['data']);
  expect(seen.indexOf('data')).toBeLessThan(seen.indexOf('image'));
  // Painted into the loading skeleton's slot: the app's JavaScript was asked for once it had arrived.
  expect(seen.indexOf('image arrived')).toBeGreaterThan(-1);
  expect(seen.indexOf('image arrived')).toBeLessThan(seen.indexOf('app'));
});

test("a visitor's product page starts its app even when the first image never arrives", async ({ page, request }) => {
  const listing = (await (await request.get('/api/products?limit=1')).json()) as {
    items: { id: string; name: string }[];
  };
  const product = listing.items[0]!;
  // The product's images hang (a stalled connection): the boot module stops waiting for them.
  await page.route(`**/media/products/${product.id}/**`, () => new Promise<void>(() => undefined));
  await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
  // Without the bounded wait (boot.ts, FIRST_IMAGE_WAIT_MS) the app would never start.
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('product-page').getByTestId('product-price')).toBeVisible();
});

/**
 * Opens `path` with the app's entry held back (only the prerendered page and its boot module run),
 * checks that the skeleton's first-image slot shows the product image, then lets the app run and
 * checks that `realImage` shows the same image in the same place.
 */
async function expectFirstImageBeforeApp(
  page: Page,
  path: string,
  skeletonTestId: string,
  realImage: (page: Page) => ReturnType<Page['locator']>,
) {
  let releaseApp: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(path);
  const slot = page.getByTestId(skeletonTestId).locator('img[data-first-image]');
  await expect(slot).toHaveAttribute('src', /^\/media\/products\//);
  await expect.poll(() => slot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = await slot.getAttribute('src');
  const before = (await slot.boundingBox())!;
  releaseApp();
  await expect(page.getByTestId(skeletonTestId)).toHaveCount(0);
  await expect(realImage(page)).toHaveAttribute('src', src!);
  const after = (await realImage(page).boundingBox())!;
  expect(Math.abs(after.y - before.y), 'vertical move').toBeLessThanOrEqual(16);
  expect(Math.abs(after.width - before.width), 'width change').toBeLessThanOrEqual(2);
}

test("a visitor's first product image shows before the app's JavaScript has run, where the app then shows it", async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/api/products?limit=1')).json()) as { items: { id: string }[] };
  await expectFirstImageBeforeApp(page, '/products', 'product-grid-skeleton', (p) =>
    cards(p).first().locator('img.product-card-image'),
  );
  await page.unrouteAll();
  await expectFirstImageBeforeApp(page, `/product/${listing.items[0]!.id}`, 'product-skeleton', (p) =>
    p.getByTestId('product-gallery').locator('img').first(),
  );
});

test('a visitor who signs in right after landing gets the member view, not the seeded anonymous answers', async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/api/products?limit=1')).json()) as {
    items: { id: string; name: string }[];
  };
  const product = listing.items[0]!;
  await page.goto(`/product/${product.id}`);
  const price = page.getByTestId('product-page').getByTestId('product-price');
  await expect(price).toBeVisible();
  const anonymous = await price.innerText();
  // Within the seeded answers' freshness window, in the same app: sign in, then back to the product.
  await page.getByRole('link', { name: 'Accedi' }).first().click();
  await page.getByLabel('Email').fill('membro@aurumfitness.example');
  await page.getByLabel('Password').fill('Membro2026!');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  // Asked again with the member's token: the member discount shows.
  await expect(price).toBeVisible();
  await expect(price).not.toHaveText(anonymous);
});

test('with a stored session the boot module leaves the reads to the app (its answers are the anonymous view)', async ({
  page,
}) => {
  // A stored (here unusable) Cognito session: the page must not use an anonymous prefetch.
  await page.addInitScript(() => localStorage.setItem('CognitoIdentityServiceProvider.e2e.LastAuthUser', 'nobody'));
  const seen: string[] = [];
  page.on('request', (r) => {
    const { pathname, search } = new URL(r.url());
    if (pathname === '/api/products' && search === '?limit=24') seen.push('data');
    if (/^\/assets\/index-[\w-]+\.js$/.test(pathname)) seen.push('app');
  });
  await page.goto('/products');
  await expect(cards(page)).toHaveCount(24);
  expect(seen.filter((s) => s === 'data')).toEqual(['data']);
  expect(seen.indexOf('app')).toBeLessThan(seen.indexOf('data'));
});

/**
 * Holds back the lazy chunk whose file name matches `file` (e.g. /premium-page-/) until the
 * returned function is called.
 * @returns release: lets the held requests through
 */
async function holdChunk(page: Page, file: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && file.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** Waits until the app has taken over the page (#root loses `inert` at its first commit). */
async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

test("a link keeps the page on screen until the next page's code has loaded", async ({ page }) => {
  await page.goto('/products');
  await appStarted(page);
  await expect(cards(page).first()).toBeVisible();
  const release = await holdChunk(page, /\/premium-page-[\w-]+\.js$/);
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Premium' }).click();
  await expect(page).toHaveURL(/\/premium$/);
  // The navigation renders in a transition: the listing stays, no loading block in its place.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1, name: /I Nostri/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Caricamento...' })).toHaveCount(0);
  release();
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('a search typed just before leaving the listing does not take the visitor back to it', async ({ page }) => {
  await page.goto('/products');
  await appStarted(page);
  await expect(cards(page).first()).toBeVisible();
  // The next page's code arrives after the search box's debounce (250 ms) has run out, while the
  // listing is still on screen.
  const release = await holdChunk(page, /\/premium-page-[\w-]+\.js$/);
  // Typed, then the link clicked at once (in one task of the page, so always within the debounce).
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[placeholder="Cerca un prodotto..."]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'panca');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    document.querySelector<HTMLAnchorElement>('nav[aria-label="Navigazione principale"] a[href="/premium"]')!.click();
  });
  await expect(page).toHaveURL(/\/premium$/);
  await page.waitForTimeout(800);
  expect(new URL(page.url()).pathname).toBe('/premium');
  release();
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(page).toHaveURL(/\/premium$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
});

// The sign-in is a bare page (no site header); the club's page back from its checkout shows its
// activation banner only once hydrated.
for (const path of [
  '/',
  '/products',
  '/product/first',
  '/premium',
  '/premium?abbonamento=attivo',
  '/bundles',
  '/login',
] as const) {
  const withHeader = path !== '/login';
  test(`the prerendered ${path} document is hydrated in place: no mismatch, the same header and main`, async ({
    page,
    request,
  }) => {
    let url: string = path;
    if (path === '/product/first') {
      const listing = (await (await request.get('/api/products?limit=1')).json()) as { items: { id: string }[] };
      url = `/product/${listing.items[0]!.id}`;
    }
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const release = await holdChunk(page, /\/index-[\w-]+\.js$/);
    await page.goto(url);
    await expect(page.locator('#root')).toHaveAttribute('inert');
    if (withHeader) await expect(page.getByTestId('site-header')).toBeVisible();
    // The static page's own nodes: hydration adopts them, a client render would replace them.
    await page.evaluate((header) => {
      const w = window as unknown as { prerendered: Element[] };
      w.prerendered = [
        ...(header ? [document.querySelector('[data-testid="site-header"]')!] : []),
        document.querySelector('main')!,
      ];
    }, withHeader);
    release();
    await appStarted(page);
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() => {
      const w = window as unknown as { prerendered: Element[] };
      return w.prerendered.map((el) => el.isConnected);
    });
    expect(kept).toEqual(withHeader ? [true, true] : [true]);
    expect(errors).toEqual([]);
  });
}

test("the header's section links go to the home page and scroll to the section; Back returns", async ({ page }) => {
  await page.goto('/products');
  await appStarted(page);
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await nav.getByRole('button', { name: 'Contatti' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The section is scrolled into view once the home page has rendered (not left at the top).
  await expect(page.locator('#contact')).toBeInViewport({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  // On the home page itself the link scrolls without a new history entry.
  await nav.getByRole('button', { name: 'Chi Siamo' }).click();
  await expect(page.locator('#about')).toBeInViewport({ timeout: 15_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page).first()).toBeVisible();
});

test('a category page and the /premium showcase read their products a page at a time and show that page', async ({
  page,
  request,
}) => {
  const categories = (await (await request.get('/api/categories')).json()) as { items: { id: string; name: string }[] };
  const category = categories.items.find((c) => c.name === SEED_FIXTURES.categoryForFilter)!;
  const asked = page.waitForResponse((r) => r.url().includes(`/api/categories/${category.id}?limit=24`));
  await page.goto(`/category/${category.id}`);
  const first = (await (await asked).json()) as { name: string; items: { name: string }[]; next_cursor: string | null };
  expect(first.name).toBe(category.name);
  const grid = page.getByTestId('category-page');
  await expect(grid.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(grid.getByTestId('product-card')).toHaveCount(first.items.length);
  await expect(grid.getByRole('heading', { level: 2, name: first.items[0]!.name })).toBeVisible();
  // the seeded category fits one page: nothing more to load
  expect(first.next_cursor).toBeNull();
  await expect(page.getByTestId('load-more')).toHaveCount(0);

  const showcaseAsked = page.waitForResponse((r) => r.url().includes('/api/premium-products?limit=24'));
  await page.goto('/premium');
  const showcase = (await (await showcaseAsked).json()) as { items: { name: string }[]; next_cursor: string | null };
  expect(showcase.items.length).toBeGreaterThan(0);
  await expect(page.getByTestId('premium-product')).toHaveCount(showcase.items.length);
  await expect(page.getByTestId('premium-product').first()).toContainText(showcase.items[0]!.name);
  expect(showcase.next_cursor).toBeNull();
});
