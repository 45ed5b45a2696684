/**
 * A product with options end to end, in Chromium against the local runtime: the seeded competition
 * kettlebell ('Peso': 8, 12, 16 kg in stock, 24 kg sold out). The listing shows its lowest price
 * as 'da 39,90 €' and leads to its page; the page shows every weight, the sold-out one disabled;
 * picking 16 kg shows its price and stock and names it in the URL, which a reload keeps; the cart
 * line then says 'Peso: 16 kg'.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProductDetailDto } from '../shared/api/catalog';
import type { CartDto } from '../shared/api/cart';
import { SEED_FIXTURES } from '../infra/local/seed/seed-catalog';
import { api } from './support/shop-api';
import { signInAs } from './support/sign-in';
import { weight } from './support/variants';

const NAME = SEED_FIXTURES.variantProductName;
const SKU_16 = SEED_FIXTURES.variantProductSku16;

const weights = (page: Page) => page.getByRole('radiogroup', { name: 'Peso' });
const price = (page: Page) => page.getByTestId('product-price-current');

/** The units of the kettlebell's 16 kg variant the shop has now (read from its page's API). */
async function stockOf16(page: Page, productId: string): Promise<number> {
  const res = await page.request.get(`/api/products/${productId}`);
  expect(res.ok()).toBe(true);
  const detail = (await res.json()) as ProductDetailDto;
  return detail.variants!.find((v) => v.sku === SKU_16)!.quantity;
}

test('a shopper chooses the 16 kg kettlebell, shares its link and finds it in the cart', async ({ page }) => {
  await signInAs(page, 'customer');
  expect((await api<CartDto>(page, 'DELETE', '/api/cart')).status).toBe(200);

  // The listing: the lowest of its prices, 'da 39,90 €', and 'Scegli' leading to the choice.
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(NAME);
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: NAME, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('card-price')).toContainText('da 39,90 €');
  await expect(card.getByRole('button', { name: 'Aggiungi', exact: true })).toHaveCount(0);
  await card.getByRole('link', { name: 'Scegli' }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  const productId = page.url().split('/product/')[1]!;

  // Every weight is shown; 24 kg is sold out: disabled, and says so. The first in stock is chosen.
  await expect(weights(page).getByRole('radio')).toHaveCount(4);
  await expect(weight(page, '24 kg')).toBeDisabled();
  await expect(weights(page).getByTestId('variant-value').filter({ hasText: '24 kg' })).toContainText('esaurito');
  await expect(weight(page, '8 kg')).toBeChecked();
  await expect(price(page)).toHaveText('39,90 €');

  // The keyboard moves the choice within the group: 8 kg → 12 kg.
  await weight(page, '8 kg').focus();
  await page.keyboard.press('ArrowRight');
  await expect(weight(page, '12 kg')).toBeChecked();
  await expect(price(page)).toHaveText('49,90 €');

  // 16 kg: its price, its stock, and the URL names it (replacing the entry, not adding one).
  const historyLength = await page.evaluate(() => history.length);
  await weight(page, '16 kg').click();
  await expect(weight(page, '16 kg')).toBeChecked();
  await expect(price(page)).toHaveText('59,90 €');
  const left = await stockOf16(page, productId);
  expect(left).toBeGreaterThan(0);
  await expect(page.getByTestId('stock-notice')).toHaveText(
    left === 1 ? 'Solo 1 disponibile' : `Solo ${left} disponibili`,
  );
  await expect(page).toHaveURL(new RegExp(`\\?variant=${SKU_16}$`));
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // The shared link: a reload keeps 16 kg chosen.
  await page.reload();
  await expect(weight(page, '16 kg')).toBeChecked();
  await expect(price(page)).toHaveText('59,90 €');

  await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(page.getByTestId('toast')).toContainText('Articolo aggiunto al carrello.');

  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: NAME });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-options')).toHaveText('Peso: 16 kg');
  await expect(line.getByTestId('cart-line-price')).toContainText('59,90 €');
  // its name leads back to the page with 16 kg chosen
  await line.getByTestId('cart-line-name').click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}\\?variant=${SKU_16}$`));
  await expect(weight(page, '16 kg')).toBeChecked();

  // Leave the cart as found (the next spec's shopper starts from an empty one anyway).
  expect((await api<CartDto>(page, 'DELETE', '/api/cart')).status).toBe(200);
});
