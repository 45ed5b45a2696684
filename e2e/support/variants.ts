/**
 * The seeded product with options (the competition kettlebell, 'Peso') as the end-to-end specs
 * choose it on its page.
 */
import { expect, type Page } from '@playwright/test';
import { SEED_FIXTURES } from '../../infra/local/seed/seed-catalog';
import { productByName } from './shop-api';

/** The radio of one value of the product page's 'Peso' group ('16 kg'; its hint, e.g. 'esaurito', may follow). */
export const weight = (page: Page, value: string) =>
  page.getByRole('radiogroup', { name: 'Peso' }).getByRole('radio', { name: new RegExp(`^${value}(?!\\d)`) });

/**
 * Puts one 16 kg competition kettlebell in the signed-in shopper's cart from its product page
 * (the URL naming the variant, then 'Aggiungi al Carrello'), for the specs that go on to pay.
 * @returns the product's id
 */
export async function addKettlebell16ToCart(page: Page): Promise<string> {
  const product = await productByName(page.request, SEED_FIXTURES.variantProductName);
  await page.goto(`/product/${product.id}?variant=${SEED_FIXTURES.variantProductSku16}`);
  await expect(weight(page, '16 kg')).toBeChecked();
  await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(page.getByTestId('toast')).toContainText('Articolo aggiunto al carrello.');
  return product.id;
}
