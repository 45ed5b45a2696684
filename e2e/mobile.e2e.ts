/**
 * The shop at phone width: the mobile menu opens and navigates; product cards stack in one column.
 */
import { expect, test } from '@playwright/test';

test('mobile menu navigates to the products', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Apri menu' }).click();
  // The drawer's code loads on the first tap: wait for it before choosing an entry.
  await expect(page.getByTestId('mobile-menu')).toBeVisible();
  await page
    .getByRole('link', { name: 'Prodotti' })
    .or(page.getByRole('menuitem', { name: 'Prodotti' }))
    .or(page.getByRole('button', { name: 'Prodotti' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/products$/);
  const cards = page.getByTestId('product-card');
  await expect(cards.nth(1)).toBeAttached();
  // one column: every card sits below the previous one, same left edge (read in one pass, the
  // grid may re-render while data revalidates)
  await expect
    .poll(() =>
      page.evaluate(() => {
        const boxes = [...document.querySelectorAll('[data-testid="product-card"]')]
          .slice(0, 3)
          .map((el) => el.getBoundingClientRect());
        return (
          boxes.length >= 2 &&
          boxes.every((b, i) => i === 0 || (b.top > boxes[i - 1]!.top && Math.abs(b.left - boxes[0]!.left) < 2))
        );
      }),
    )
    .toBe(true);
});
