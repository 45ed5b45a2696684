/**
 * Accessibility: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules (and heading order) finds no violation
 * on any page, in the dark and the light theme, at desktop (1366 px) and phone (390 px) width:
 * the public pages, a signed-in customer's pages and every back-office section of
 * ADMIN_SECTIONS (so sections added later are covered without touching this file).
 * Each test collects every violation of its pages first and then fails with the whole list.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
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
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ rules: { 'heading-order': { enabled: true } } }).withTags(WCAG_TAGS);
}
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const THEMES = ['dark', 'light'] as const;

/** Sets both theme choices (shop and back office) before any page script runs. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript(
    ([shopKey, adminKey, mode]) => {
      localStorage.setItem(shopKey!, mode!);
      localStorage.setItem(adminKey!, mode!);
    },
    [THEME_STORAGE_KEY, ADMIN_THEME_STORAGE_KEY, theme],
  );
}

/**
 * Waits until the page has settled: below-the-fold sections (placeholders with aria-busy, sections
 * served in the document) scrolled to so they load, no spinner, skeleton or busy placeholder left, network quiet.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('#root > *').first().waitFor();
  // Each placeholder (ui/deferred.tsx: a section or div with an id) in turn: scroll to it, wait until its section has replaced it.
  for (let i = 0; i < 10; i++) {
    const id = await page
      .locator('[aria-busy="true"][id]')
      .first()
      .getAttribute('id', { timeout: 1_000 })
      .catch(() => null);
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
    const id = await page
      .locator('div[style="display:contents"] > [id]')
      .first()
      .getAttribute('id', { timeout: 1_000 })
      .catch(() => null);
    if (!id) break;
    await scrollToLiveSection(page, id);
  }
  await expect(page.locator('[aria-busy="true"], .MuiCircularProgress-root, .MuiSkeleton-root')).toHaveCount(0, {
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  // Let transitions (fades, collapses) finish so contrast is measured on final colours.
  await page.waitForTimeout(300);
}

/** Runs axe on `path` at each width; returns one readable line per violated rule and node. */
async function audit(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await settle(page);
    const { violations } = await axe(page).analyze();
    for (const v of violations) {
      for (const node of v.nodes)
        found.push(
          `${path} [${size.name}] ${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
        );
    }
  }
  return found;
}

/** The public pages: landing pages, a product and a category from the catalogue, legal pages, 404. */
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
    ...LEGAL_PAGES.map((p) => `/legal/${p}`),
    '/pagina-inesistente',
  ];
}

for (const theme of THEMES) {
  test.describe(`axe WCAG 2.2 AA, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('public pages', async ({ page }) => {
      test.setTimeout(480_000);
      const found: string[] = [];
      for (const path of await publicPaths(page)) found.push(...(await audit(page, path)));
      expect(found).toEqual([]);
    });

    test('the catalogue and product loading skeletons (the API held back)', async ({ page }) => {
      test.setTimeout(120_000);
      const [path] = (await publicPaths(page)).filter((p) => p.startsWith('/product/'));
      // Product reads wait until the test ends: the app has hydrated, the skeleton stays.
      await page.route(/\/api\/products/, () => new Promise(() => undefined));
      const found: string[] = [];
      for (const [url, skeleton] of [
        ['/products', 'product-grid-skeleton'],
        [path!, 'product-skeleton'],
      ] as const) {
        for (const size of WIDTHS) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(url);
          await expect(page.getByTestId(skeleton)).toBeVisible();
          await expect(page.locator('#root[inert]')).toHaveCount(0);
          await page.waitForTimeout(300);
          const { violations } = await axe(page).analyze();
          for (const v of violations)
            for (const node of v.nodes) found.push(`${url} loading [${size.name}] ${v.id}: ${node.target.join(' ')}`);
        }
      }
      expect(found).toEqual([]);
    });

    test("a customer's pages", async ({ page }) => {
      test.setTimeout(240_000);
      await signInAs(page, 'customer');
      const found: string[] = [];
      for (const path of ['/profile', '/cart', '/wishlist']) found.push(...(await audit(page, path)));
      expect(found).toEqual([]);
    });

    test('every back-office section', async ({ page }) => {
      test.setTimeout(720_000);
      await signInAs(page, 'admin');
      const found: string[] = [];
      for (const section of ADMIN_SECTIONS) found.push(...(await audit(page, `/admin/${section.slug}`)));
      expect(found).toEqual([]);
    });
  });
}
