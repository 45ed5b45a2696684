/**
 * Screenshots of a screen in both themes and both sizes, attached to the test's output: the
 * shop's and the back office's themes are a localStorage choice (`storageKey`), a page outside the
 * shop (the Stripe stand-in's hosted page) follows the browser's colour scheme.
 */
import type { Page, TestInfo } from '@playwright/test';

const SIZES = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

/**
 * Shoots `name` dark and light, desktop and mobile: `reopen` brings the screen back after each
 * change (a reload applies the theme).
 * @param storageKey the localStorage key of the theme choice, or null to set the colour scheme
 */
export async function shootThemes(
  page: Page,
  info: TestInfo,
  name: string,
  storageKey: string | null,
  reopen: () => Promise<void>,
): Promise<void> {
  for (const mode of ['dark', 'light'] as const) {
    if (storageKey) await page.evaluate(([k, m]) => localStorage.setItem(k!, m!), [storageKey, mode]);
    else await page.emulateMedia({ colorScheme: mode });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await reopen();
      const path = info.outputPath(`${name}-${mode}-${size.label}.png`);
      await page.screenshot({ path, fullPage: size.label === 'mobile' });
      await info.attach(`${name}-${mode}-${size.label}`, { path, contentType: 'image/png' });
    }
  }
  if (storageKey) await page.evaluate((k) => localStorage.removeItem(k), storageKey);
  else await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1366, height: 900 });
}
