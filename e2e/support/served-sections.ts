import { expect, type Page } from '@playwright/test';

/**
 * Scrolls to a section that the served document carries (the home page's about, reviews and
 * contact sections, its footer: DeferredSection with inDocument) and waits until the SPA has
 * rendered it in place of the served markup (its code loads as it nears the viewport), so the
 * test then types into and clicks the live section.
 * @param id the section's element id, e.g. 'contact' or 'site-footer-content'
 */
export async function scrollToLiveSection(page: Page, id: string): Promise<void> {
  // The served markup sits in a wrapper without a box of its own until the section replaces it. A
  // scroll made before the app has started is scrolled again (a visitor scrolls on, too).
  await expect(async () => {
    await page.evaluate((sectionId) => document.getElementById(sectionId)?.scrollIntoView(), id);
    await expect(page.locator(`div[style="display:contents"] > #${id}`)).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator(`#${id}`)).toBeAttached();
}
