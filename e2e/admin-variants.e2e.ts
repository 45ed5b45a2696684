/**
 * The back office's variant grid end to end, in Chromium against the local runtime: the admin
 * opens a product (created for this test, so no other spec's catalogue changes), adds the option
 * 'Peso' with '8 kg' and '16 kg', generates the combinations, types the SKUs, sets both prices with
 * 'Tutti a 39,90 €', saves, reloads and finds the variants; '+5 pezzi' restocks a saved variant; a
 * SKU another product holds shows the server's 409 on that row's SKU field; an archived variant is
 * shown greyed as 'Archiviata'. The grid is checked with axe (the accessibility pass visits each
 * section, not this dialog) and shot, dark and light, desktop and mobile.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AdminProductDetailDto, AdminVariantsDto } from '../shared/api/admin-catalog';
import { withProductSafety } from '../test/support/product-safety';
import { ADMIN_THEME_STORAGE_KEY } from '../web/src/theme/color-mode';
import { VARIANTS_ADMIN_TEXT } from '../shared/messages/admin-variants';
import { png } from './support/png';
import { shootThemes } from './support/screenshots';
import { api } from './support/shop-api';
import { signInAs } from './support/sign-in';

const toast = (page: Page) => page.getByTestId('toast');

/** Opens the product's edit screen from Prodotti and its 'Varianti' grid. */
async function openGrid(page: Page, name: string): Promise<void> {
  await openEdit(page, name);
  await page.getByRole('button', { name: 'Gestisci varianti' }).click();
  await expect(page.getByRole('dialog', { name: `Varianti: ${name}` })).toBeVisible();
  await expect(page.getByTestId('variant-row').first()).toBeVisible();
}

/** Opens the product's edit screen from Prodotti (its 'Varianti' panel shown). */
async function openEdit(page: Page, name: string): Promise<void> {
  await page.goto('/admin/products');
  await page.getByLabel('Cerca per nome').fill(name);
  // the search settles on the one product first (the header row and its row): a row the list
  // replaces on its next render would swallow the click
  await expect(page.getByRole('table', { name: 'Prodotti' }).getByRole('row')).toHaveCount(2);
  const manage = page.getByRole('button', { name: 'Gestisci varianti' });
  await expect(async () => {
    if (!(await manage.isVisible())) await page.getByRole('button', { name: `Modifica: ${name}` }).click();
    await expect(manage).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Signs the admin in and creates a product for this test alone (29,90 €, 5 in stock), so no other
 * spec's catalogue changes.
 * @returns its id, its name ('{prefix} {tag}') and the tag, a random 6-character code
 */
async function adminWithNewProduct(page: Page, prefix: string): Promise<{ id: string; name: string; tag: string }> {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const name = `${prefix} ${tag}`;
  await signInAs(page, 'admin');
  const created = await api<AdminProductDetailDto>(
    page,
    'POST',
    '/api/admin/products',
    withProductSafety({ name, description: 'Ghisa verniciata.', price_cents: 2990, quantity: 5 }),
  );
  expect(created.status).toBe(201);
  return { id: created.body.id, name, tag };
}

test('the admin defines Peso 8 kg / 16 kg, generates, prices in bulk, saves; a taken SKU is refused on its row', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const { id: createdId, name, tag } = await adminWithNewProduct(page, 'Kettlebell Varianti');
  const other = await api<AdminProductDetailDto>(
    page,
    'POST',
    '/api/admin/products',
    withProductSafety({ name: `Manubrio Varianti ${tag}`, description: 'Manubrio.', price_cents: 1990 }),
  );
  expect(other.status).toBe(201);
  const takenSku = (await api<AdminVariantsDto>(page, 'GET', `/api/admin/products/${other.body.id}/variants`)).body
    .variants[0]!.sku;

  await openGrid(page, name);
  const grid = page.getByRole('dialog', { name: `Varianti: ${name}` });
  await grid.getByRole('button', { name: 'Aggiungi opzione' }).click();
  await grid.getByLabel('Nome opzione 1').fill('Peso');
  await grid.getByLabel('Nuovo valore di Peso').fill('8 kg');
  await grid.getByLabel('Nuovo valore di Peso').press('Enter');
  await grid.getByLabel('Nuovo valore di Peso').fill('16 kg');
  await grid.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await grid.getByRole('button', { name: 'Genera combinazioni' }).click();
  await expect(grid.getByTestId('variant-row')).toHaveCount(2);
  await grid.getByLabel('SKU – 8 kg').fill(`KB-${tag}-8`);
  await grid.getByLabel('SKU – 16 kg').fill(`KB-${tag}-16`);
  await grid.getByLabel('Seleziona tutte le varianti').check();
  await grid.getByLabel('Nuovo prezzo (€)').fill('39,90');
  await grid.getByRole('button', { name: 'Tutti a 39,90 €' }).click();
  await expect(grid.getByLabel('Prezzo (€) – 8 kg')).toHaveValue('39,90');
  await expect(grid.getByLabel('Prezzo (€) – 16 kg')).toHaveValue('39,90');
  await grid.getByRole('button', { name: 'Salva varianti' }).click();
  await expect(toast(page).filter({ hasText: 'Varianti salvate.' })).toBeVisible();

  // Reloaded: the saved variants come back from the server, the default variant kept its stock.
  await page.reload();
  await openGrid(page, name);
  await expect(grid.getByTestId('variant-row')).toHaveCount(2);
  await expect(grid.getByLabel('SKU – 8 kg')).toHaveValue(`KB-${tag}-8`);
  await expect(grid.getByLabel('SKU – 16 kg')).toHaveValue(`KB-${tag}-16`);
  await expect(grid.getByLabel('Prezzo (€) – 16 kg')).toHaveValue('39,90');
  const stockOf = (value: string) =>
    grid.getByTestId('variant-row').filter({ hasText: value }).getByTestId('variant-stock');
  await expect(stockOf('8 kg')).toHaveText('5');

  // '+5 pezzi' on the saved 8 kg: the restock endpoint, the stock shown after it.
  await grid.getByLabel('Seleziona 8 kg').check();
  await grid.getByRole('button', { name: '+5 pezzi' }).click();
  await expect(stockOf('8 kg')).toHaveText('10');

  // A SKU another product holds: the server's 409 on this row's SKU field, nothing saved.
  await grid.getByLabel('SKU – 16 kg').fill(takenSku);
  await grid.getByRole('button', { name: 'Salva varianti' }).click();
  const sku16 = grid.getByLabel('SKU – 16 kg');
  await expect(sku16).toHaveAttribute('aria-invalid', 'true');
  await expect(grid.getByText("Variante 2: lo SKU appartiene già a un'altra variante del negozio.")).toBeVisible();
  const stored = await api<AdminVariantsDto>(page, 'GET', `/api/admin/products/${createdId}/variants`);
  expect(stored.body.variants.map((v) => v.sku)).toEqual([`KB-${tag}-8`, `KB-${tag}-16`]);

  // Archived, never deleted: greyed with 'Archiviata'.
  await sku16.fill(`KB-${tag}-16`);
  await grid.getByRole('button', { name: 'Archivia 16 kg' }).click();
  await grid.getByRole('button', { name: 'Salva varianti' }).click();
  await expect(toast(page).filter({ hasText: 'Varianti salvate.' }).last()).toBeVisible();
  const archived = grid.getByTestId('variant-row').filter({ hasText: '16 kg' });
  await expect(archived).toHaveAttribute('data-archived', 'true');
  await expect(archived.getByTestId('variant-status')).toHaveText('Archiviata');

  // axe (WCAG 2.2 A and AA) over the grid in each theme and width, as the screenshots are taken
  const violations: string[] = [];
  await shootThemes(page, info, 'admin-variants', ADMIN_THEME_STORAGE_KEY, async () => {
    await openGrid(page, name);
    // the rows, not only the options (a phone's dialog scrolls)
    await grid.getByTestId('variant-row').last().scrollIntoViewIfNeeded();
    const found = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    const where = `${page.viewportSize()?.width}px`;
    for (const v of found.violations)
      violations.push(`${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);

  // The product's own form: its price and stock are its variants', shown read-only with where to change them.
  await page.setViewportSize({ width: 1366, height: 900 });
  await openEdit(page, name);
  const form = page.getByRole('dialog', { name: `Modifica: ${name}` });
  await expect(form.getByLabel('Prezzo (€)')).toBeDisabled();
  await expect(form.getByLabel('Quantità in magazzino')).toBeDisabled();
  await expect(form.getByText(VARIANTS_ADMIN_TEXT.fromVariants)).toHaveCount(2);
});

test("the admin gives the 16 kg its own image from the product's gallery; the shop shows it for 16 kg, the gallery for 8 kg", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const { id, name, tag } = await adminWithNewProduct(page, 'Kettlebell Immagini');
  const grid0 = (await api<AdminVariantsDto>(page, 'GET', `/api/admin/products/${id}/variants`)).body;
  const row = (values: string[], sku: string, extra: object) => ({
    option_values: values,
    sku,
    price_cents: 2990,
    announce_reduction: false,
    weight_grams: null,
    gtin: null,
    image_ids: [],
    status: 'active',
    ...extra,
  });
  const options = await api<AdminVariantsDto>(page, 'PUT', `/api/admin/products/${id}/variants`, {
    options: [{ name: 'Peso', values: ['8 kg', '16 kg'] }],
    variants: [
      row(['8 kg'], `KI-${tag}-8`, { id: grid0.variants[0]!.id }),
      row(['16 kg'], `KI-${tag}-16`, { quantity: 3 }),
    ],
  });
  expect(options.status).toBe(200);

  // Two images uploaded from the product's form, as an admin adds them.
  await openEdit(page, name);
  const form = page.getByRole('dialog', { name: `Modifica: ${name}` });
  await form.getByTestId('product-image-input').setInputFiles([
    { name: 'kettlebell-nera.png', mimeType: 'image/png', buffer: png(40, 40, [20, 20, 20]) },
    { name: 'kettlebell-oro.png', mimeType: 'image/png', buffer: png(40, 40, [212, 175, 55]) },
  ]);
  await expect(form.getByTestId('product-image-tile')).toHaveCount(2);
  await form.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Prodotto aggiornato.' })).toBeVisible();
  const detail = (await api<AdminProductDetailDto>(page, 'GET', `/api/admin/products/${id}`)).body;
  expect(detail.images).toHaveLength(2);
  const [black, gold] = detail.images;

  // The grid: 16 kg takes the second image; 8 kg keeps the whole gallery.
  await page.reload();
  await openGrid(page, name);
  const grid = page.getByRole('dialog', { name: `Varianti: ${name}` });
  await grid.getByRole('button', { name: 'Immagini di 16 kg: Galleria del prodotto' }).click();
  const picker = page.getByRole('dialog', { name: 'Immagini di 16 kg' });
  await picker.getByLabel('Immagine 2').check();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(grid.getByRole('button', { name: 'Immagini di 16 kg: 1 immagine' })).toBeVisible();
  await grid.getByRole('button', { name: 'Salva varianti' }).click();
  await expect(toast(page).filter({ hasText: 'Varianti salvate.' })).toBeVisible();
  const saved = (await api<AdminVariantsDto>(page, 'GET', `/api/admin/products/${id}/variants`)).body;
  expect(saved.variants.map((v) => [v.option_values[0], v.image_ids])).toEqual([
    ['8 kg', []],
    ['16 kg', [gold!.id]],
  ]);

  // The picker as the admin sees it, dark and light, desktop and mobile.
  await shootThemes(page, info, 'admin-variant-images', ADMIN_THEME_STORAGE_KEY, async () => {
    await openGrid(page, name);
    await grid.getByRole('button', { name: 'Immagini di 16 kg: 1 immagine' }).click();
    await expect(picker.getByLabel('Immagine 2')).toBeChecked();
    await expect(picker).toHaveCSS('opacity', '1'); // its opening fade has ended
  });

  // The shop: the 16 kg's link shows its image; choosing 8 kg shows the gallery, the first image first.
  await page.goto(`/product/${id}?variant=KI-${tag}-16`);
  const main = page.getByTestId('product-gallery').getByRole('img', { name }).first();
  await expect(main).toHaveAttribute('src', gold!.image_url);
  await page.getByRole('radio', { name: '8 kg' }).click();
  await expect(main).toHaveAttribute('src', black!.image_url);
  await expect(page.getByTestId('gallery-thumbnail')).toHaveCount(2);
});
