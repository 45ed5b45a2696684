/**
 * Accessibility: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules (and heading order) finds no violation
 * on any page, in the dark and the light theme, at desktop (1366 px) and phone (390 px) width:
 * the public pages, a signed-in customer's pages and every back-office section of
 * ADMIN_SECTIONS (so sections added later are covered without touching this file). The legal pages
 * share one layout: the first is checked in every theme and width, the others, which differ only
 * in their text, once each.
 *
 * One browser session per kind of visitor (a visitor, the customer, the admin: one sign-in each)
 * loads each of its pages once per theme: at desktop width, settled and checked, then narrowed to
 * phone width (the layout follows the window, as on a rotated tablet) and checked again.
 * Each test collects every violation of its pages first and then fails with the whole list.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN_SECTIONS } from '../shared/permissions';
import { LEGAL_PAGES } from '../shared/constants';
import { ADMIN_THEME_STORAGE_KEY, THEME_STORAGE_KEY } from '../web/src/theme/color-mode';
import { signInAs } from './support/sign-in';
import { scrollToLiveSection } from './support/served-sections';

/** The axe rule tags of WCAG 2.2 level A and AA (2.2 includes the 2.0 and 2.1 criteria). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe with the WCAG tags, plus heading-order (axe files it under best practices; Lighthouse's
 * accessibility score counts it): a product page without its reviews loaded went h1 → footer h3.
 * Every rule runs on every node; only violations are reported node by node (axe's resultTypes:
 * the passing nodes' selectors, most of its time on a large page, are not built).
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'heading-order': { enabled: true } } })
    .withTags(WCAG_TAGS);
}
const DESKTOP = { name: 'desktop', width: 1366, height: 900 } as const;
const MOBILE = { name: 'mobile', width: 390, height: 844 } as const;
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

/** Sets both theme choices (shop and back office) for the page's next loads. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  // localStorage belongs to the shop's origin: a blank page opens its smallest document first.
  if (!page.url().startsWith('http')) await page.goto('/config.json');
  await page.evaluate(
    ([shopKey, adminKey, mode]) => {
      localStorage.setItem(shopKey!, mode!);
      localStorage.setItem(adminKey!, mode!);
    },
    [THEME_STORAGE_KEY, ADMIN_THEME_STORAGE_KEY, theme],
  );
}

/** The requests each page has in flight (documents, code, data reads, images), kept by trackRequests. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting `page`'s requests in flight, for networkQuiet. */
function trackRequests(page: Page): void {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  inFlight.set(page, open);
}

/**
 * Waits until `page` has had no request in flight for 500 ms (what Playwright's 'networkidle'
 * means, but also after a scroll or a resize, when that load state has long been reached).
 */
async function networkQuiet(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('trackRequests(page) first');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { message: 'the page keeps loading', intervals: [100], timeout: 20_000 },
    )
    .toBe(true);
}

/** Spinners, skeletons and placeholders still waiting for their section. */
const BUSY = '[aria-busy="true"], .MuiCircularProgress-root, .MuiSkeleton-root';

/** No spinner, skeleton or busy placeholder left, network quiet, at the top, transitions done. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator(BUSY)).toHaveCount(0, { timeout: 20_000 });
  await networkQuiet(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Let transitions (fades, collapses) finish so contrast is measured on final colours.
  await page.waitForTimeout(300);
}

/**
 * Waits until a freshly loaded page has settled: below-the-fold sections (placeholders with
 * aria-busy, sections served in the document) scrolled to so they load, then as `settled`.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('#root > *').first().waitFor();
  // The page's reads answered and rendered: every placeholder it will show is in the document.
  await networkQuiet(page);
  // Each placeholder (ui/deferred.tsx: a section or div with an id) in turn: scroll to it, wait until its section has replaced it.
  for (let i = 0; i < 10; i++) {
    const id = await page.evaluate(() => document.querySelector('[aria-busy="true"][id]')?.id ?? null);
    if (!id) break;
    await page
      .locator(`[id="${id}"]`)
      .scrollIntoViewIfNeeded({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page.locator(`[aria-busy="true"][id="${id}"]`)).toHaveCount(0, { timeout: 15_000 });
  }
  // Each section served in the document (ui/deferred.tsx inDocument: prerendered in the dark theme,
  // rendered by the SPA in the visitor's theme as it nears the viewport): scroll to it, wait for the SPA's.
  for (let i = 0; i < 10; i++) {
    const id = await page.evaluate(() => document.querySelector('div[style="display:contents"] > [id]')?.id ?? null);
    if (!id) break;
    await scrollToLiveSection(page, id);
  }
  await settled(page);
}

/** axe's violations on the page as it is now: one readable line per violated rule and node. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations: found } = await axe(page).analyze();
  return found.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${where} ${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
    ),
  );
}

/** Loads `path` at desktop width and checks it, then (unless `desktopOnly`) at phone width; returns every violation. */
async function audit(page: Page, path: string, desktopOnly = false): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  await page.goto(path);
  await settle(page);
  const found = await violations(page, `${path} [${DESKTOP.name}]`);
  if (desktopOnly) return found;
  await page.setViewportSize(MOBILE);
  await settled(page);
  found.push(...(await violations(page, `${path} [${MOBILE.name}]`)));
  return found;
}

/**
 * Checks every path in each theme at both widths; returns every violation, each line naming its
 * theme. `sameLayoutAs` are pages whose layout, components and styles are those of a page of
 * `paths` and whose difference is their text (the legal pages after the first): what differs
 * among them (headings, links, lists) depends on neither theme nor width, so each is checked once,
 * in the first theme at desktop width.
 */
async function auditInEachTheme(
  page: Page,
  paths: readonly string[],
  sameLayoutAs: readonly string[] = [],
): Promise<string[]> {
  trackRequests(page);
  const found: string[] = [];
  for (const theme of THEMES) {
    await useTheme(page, theme);
    for (const path of paths) found.push(...(await audit(page, path)).map((line) => `${theme}: ${line}`));
    if (theme === THEMES[0])
      for (const path of sameLayoutAs)
        found.push(...(await audit(page, path, true)).map((line) => `${theme}: ${line}`));
  }
  return found;
}

/** The public pages: landing pages, a product and a category from the catalogue, the first legal page, 404. */
async function publicPaths(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/products');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { id: string; category_id: string }[] };
  return [
    '/',
    '/products',
    `/product/${items[0]!.id}`,
    `/category/${items[0]!.category_id}`,
    '/premium',
    '/bundles',
    '/login',
    `/legal/${LEGAL_PAGES[0]}`,
    '/pagina-inesistente',
  ];
}

/** The other legal pages: the first one's layout with their own text. */
const otherLegalPaths = LEGAL_PAGES.slice(1).map((p) => `/legal/${p}`);

test.describe('axe WCAG 2.2 AA, dark and light theme', () => {
  test('public pages', async ({ page }) => {
    test.setTimeout(900_000);
    expect(await auditInEachTheme(page, await publicPaths(page), otherLegalPaths)).toEqual([]);
  });

  test('the catalogue and product loading skeletons (the API held back)', async ({ page }) => {
    test.setTimeout(180_000);
    const [path] = (await publicPaths(page)).filter((p) => p.startsWith('/product/'));
    // Product reads wait until the test ends: the app has hydrated, the skeleton stays.
    await page.route(/\/api\/products/, () => new Promise(() => undefined));
    const found: string[] = [];
    for (const theme of THEMES) {
      await useTheme(page, theme);
      for (const [url, skeleton] of [
        ['/products', 'product-grid-skeleton'],
        [path!, 'product-skeleton'],
      ] as const) {
        await page.setViewportSize(DESKTOP);
        await page.goto(url);
        for (const size of [DESKTOP, MOBILE]) {
          await page.setViewportSize(size);
          await expect(page.getByTestId(skeleton)).toBeVisible();
          await expect(page.locator('#root[inert]')).toHaveCount(0);
          await page.waitForTimeout(300);
          found.push(...(await violations(page, `${theme}: ${url} loading [${size.name}]`)));
        }
      }
    }
    expect(found).toEqual([]);
  });

  test("a customer's pages", async ({ page }) => {
    test.setTimeout(480_000);
    await signInAs(page, 'customer');
    expect(await auditInEachTheme(page, ['/profile', '/cart', '/wishlist'])).toEqual([]);
  });

  test('every back-office section', async ({ page }) => {
    test.setTimeout(900_000);
    await signInAs(page, 'admin');
    expect(
      await auditInEachTheme(
        page,
        ADMIN_SECTIONS.map((section) => `/admin/${section.slug}`),
      ),
    ).toEqual([]);
  });
});
