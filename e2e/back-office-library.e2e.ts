/**
 * Back office I, the other catalogue screens as staff use them: a bundle built with the searchable
 * product picker and an uploaded image reaches the shop; a digital asset is uploaded (name from the
 * file name) and a linked one cannot be deleted; a sold-out product is restocked inline.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page) => page.getByTestId('toast');
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the collaborator builds a bundle with the picker and an image; the shop lists it', async ({ page }) => {
  const name = `Kit Manubri ${randomUUID().slice(0, 6)}`;
  await signInAs(page, 'collaborator');
  await page.goto('/admin/bundles');
  await page.getByRole('button', { name: 'Nuovo bundle' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Nome').fill(name);
  await form.getByLabel('Prezzo (€)').fill('149.00');
  const picker = form.getByTestId('bundle-product-picker');
  await form.getByLabel('Cerca prodotti da aggiungere').fill('manubri');
  await expect(picker.getByRole('button', { name: /Manubri Regolabili Aurum 24 kg/ })).toBeVisible();
  await picker.getByRole('button', { name: /Coppia Manubri Cromati 10 kg/ }).click();
  await picker.getByRole('button', { name: /Manubri Regolabili Aurum 24 kg/ }).click();
  await expect(form.getByText('2 prodotti selezionati')).toBeVisible();
  await form.getByTestId('bundle-image-input').setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Bundle creato.');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('149,00 €');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/bundles\/.+\.png$/);
  await page.goto('/bundles');
  await expect(page.getByText(name)).toBeVisible();
});

test('the admin uploads a digital asset named after its file; a linked asset cannot be deleted', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/digital-assets');
  await page.getByRole('button', { name: 'Carica asset' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Carica' }).click();
  await expect(toast(page)).toContainText('Campi mancanti');
  await expect(toast(page)).toContainText('Per favore, fornisci un nome e un file.');
  const file = `Guida Stretching ${randomUUID().slice(0, 4)}`;
  await form
    .getByTestId('asset-file-input')
    .setInputFiles({ name: `${file}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 guida') });
  await expect(form.getByLabel('Nome')).toHaveValue(file);
  await form.getByRole('button', { name: 'Carica' }).click();
  await expect(toast(page)).toContainText('Asset caricato.');
  await expect(page.getByRole('row').nth(1)).toContainText(file);

  // a seeded asset is linked to its product: the delete is refused with the reason
  const linked = page.getByRole('row').filter({ hasText: 'Planner Ipertrofia Avanzata' });
  await linked.getByRole('button', { name: /^Elimina/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(toast(page)).toContainText('Asset in uso');
  await expect(linked).toBeVisible();
});

test('a sold-out product is restocked inline from the inventory alerts, and set back to 0 from the low-stock group', async ({
  page,
}) => {
  const name = 'Guanti da Allenamento in Pelle';
  await signInAs(page, 'collaborator');
  await page.goto('/admin/inventory-alerts');
  const soldOut = page.getByTestId('alerts-sold-out');
  const lowStock = page.getByTestId('alerts-low-stock');
  const row = soldOut.getByRole('row').filter({ hasText: name });
  await row.getByLabel(`Nuova quantità per ${name}`).fill('3');
  await row.getByRole('button', { name: 'Aggiorna' }).click();
  await expect(toast(page)).toContainText('quantità aggiornata a 3');
  await expect(soldOut.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  // 3 left: it moves to the low-stock group, whose row restocks the same way
  const low = lowStock.getByRole('row').filter({ hasText: name });
  await expect(low).toHaveCount(1);
  // back to 0 (the seeded sold-out fixture other tests rely on)
  await low.getByLabel(`Nuova quantità per ${name}`).fill('0');
  await low.getByRole('button', { name: 'Aggiorna' }).click();
  await expect(toast(page)).toContainText('quantità aggiornata a 0');
  await expect(soldOut.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(lowStock.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
