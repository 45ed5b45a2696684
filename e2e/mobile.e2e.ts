/**
 * The shop at phone width: the mobile menu opens and navigates; product cards stack in one column.
 */
import { expect, test } from '@playwright/test';

test('mobile menu navigates to the products', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Apri menu' }).click();
  await page.getByRole('link', { name: 'Prodotti' }).or(page.getByRole('menuitem', { name: 'Prodotti' })).or(page.getByRole('button', { name: 'Prodotti' })).first().click();
  await expect(page).toHaveURL(/\/products$/);
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(a && b && b.y > a.y && Math.abs(a.x - b.x) < 2).toBe(true);
});
