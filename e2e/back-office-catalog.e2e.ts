/**
 * The catalogue back office end to end, in Chromium against the local runtime:
 *  - the admin (SMS step included) creates a category and a Premium product with two images
 *    uploaded straight to the bucket; a visitor does not see it, the Premium member does with both
 *    images and its product safety information (GPSR); a price edit reaches the storefront; the
 *    delete takes its files out of the bucket;
 *  - a shopper posts a review that stays private; the collaborator approves, pins and replies; it
 *    then shows first on the product page with the reply; the collaborator cannot open Utenti or
 *    Pagamenti and their API routes answer 403.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminProductDetailDto, AdminProductDto } from '../shared/api/admin-catalog';
import type { PageResponse } from '../shared/api/route';
import { png } from './support/png';
import { idTokenOf, signInAs } from './support/sign-in';

const toast = (page: Page) => page.getByTestId('toast');

// Each test walks a whole story across several signed-in browsers.
test.describe.configure({ timeout: 180_000 });

/** Keys under a prefix of the local images bucket (the runtime's s3rver, port from the test env). */
async function bucketKeys(prefix: string): Promise<string[]> {
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${process.env.S3_PORT}`,
    region: 'eu-south-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const out = await s3.send(new ListObjectsV2Command({ Bucket: 'aurum-product-images-local', Prefix: prefix }));
  s3.destroy();
  return (out.Contents ?? []).map((o) => o.Key!);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

test('the admin creates a Premium product with two images; only members see it; price edit and delete reach the shop and the bucket', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const categoryName = `Recupero ${tag}`;
  const productName = `Rullo Massaggio ${tag}`;
  await signInAs(page, 'admin');

  // a category
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'Nuova categoria' }).click();
  await page.getByRole('dialog').getByLabel('Nome').fill(categoryName);
  await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Categoria creata.');
  await expect(page.getByRole('table').getByText(categoryName)).toBeVisible();

  // the product, tier Premium, two images picked at once
  await page.getByRole('navigation', { name: 'Sezioni admin' }).getByRole('link', { name: 'Prodotti' }).click();
  await page.getByRole('button', { name: 'Nuovo prodotto' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Nome').fill(productName);
  await form.getByLabel('Prezzo (€)').fill('79.90');
  await form.getByLabel('Categoria').click();
  await page.getByRole('option', { name: categoryName }).click();
  await form.getByLabel('Livello Premium').click();
  await page.getByRole('option', { name: 'Premium', exact: true }).click();
  await form.getByLabel('Quantità in magazzino').fill('12');
  // GPSR (Reg. (EU) 2023/988 art. 19): a manufacturer outside the EU, with its EU responsible person
  const safety = form.getByTestId('product-safety-fields');
  await safety.getByLabel('Fabbricante (ragione sociale o marchio)').fill('Shenzhen Roller Co. Ltd.');
  await safety.getByLabel('Indirizzo postale del fabbricante').fill('1 Nanshan Road, 518000 Shenzhen, Cina');
  await safety.getByLabel('Email o sito del fabbricante').fill('safety@roller.example');
  await safety.getByLabel('Fabbricante stabilito nell’Unione Europea').uncheck();
  await safety.getByLabel('Persona responsabile nell’UE').fill('Aurum Import S.r.l.');
  await safety.getByLabel('Indirizzo postale della persona responsabile').fill('Via del Porto 2, 70122 Bari (BA)');
  await safety.getByLabel('Email o sito della persona responsabile').fill('https://import.example/sicurezza');
  await safety.getByLabel('Avvertenze di sicurezza (in italiano)').fill('Non usare su ferite aperte.');
  await form.getByTestId('product-image-input').setInputFiles([
    { name: 'rullo-fronte.png', mimeType: 'image/png', buffer: png(40, 30, [212, 175, 55]) },
    { name: 'rullo-lato.png', mimeType: 'image/png', buffer: png(30, 40, [20, 20, 20]) },
  ]);
  await expect(form.getByTestId('product-image-tile')).toHaveCount(2);
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Prodotto creato.');
  await expect(form).toBeHidden();
  await page.getByLabel('Cerca per nome').fill(productName);
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('Premium');
  await expect(row).toContainText(categoryName);
  await expect(row.getByTestId('stock-chip')).toHaveText('12');

  const token = await idTokenOf(page);
  const list = (await (
    await request.get(`/api/admin/products?q=${encodeURIComponent(productName)}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as PageResponse<AdminProductDto>;
  const id = list.items[0]!.id;
  const detail = (await (
    await request.get(`/api/admin/products/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as AdminProductDetailDto;
  const keys = detail.images.map((i) => i.key);
  expect(keys).toHaveLength(2);
  expect((await bucketKeys(`products/${id}/`)).sort()).toEqual([...keys].sort());

  // a visitor does not see it
  const visitor = await newPage(browser);
  await visitor.goto('/products');
  await visitor.getByTestId('product-search').fill(productName);
  await expect(visitor.getByText('Nessun prodotto trovato')).toBeVisible();
  await visitor.goto(`/product/${id}`);
  await expect(visitor).toHaveURL(/\/premium$/);

  // the Premium member does, with both images in the gallery
  const member = await newPage(browser);
  await signInAs(member, 'member');
  await member.goto(`/product/${id}`);
  await expect(member.getByRole('heading', { name: productName })).toBeVisible();
  const thumbs = member.getByTestId('gallery-thumbnail');
  await expect(thumbs).toHaveCount(2);
  for (const [i, key] of keys.entries()) {
    const img = thumbs.nth(i).locator('img');
    await expect(img).toHaveAttribute('src', `/media/${key}`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(member.getByTestId('product-price')).toContainText('79,90 €');
  await expect(member.getByTestId('product-price-vat')).toHaveText('IVA inclusa');
  await member.getByTestId('site-footer').scrollIntoViewIfNeeded();
  const shown = member.getByTestId('product-safety');
  for (const fact of [
    'Shenzhen Roller Co. Ltd.',
    '1 Nanshan Road, 518000 Shenzhen, Cina',
    'safety@roller.example',
    'Persona responsabile nell’UE',
    'Aurum Import S.r.l.',
    'https://import.example/sicurezza',
    'Non usare su ferite aperte.',
  ])
    await expect(shown).toContainText(fact);

  // the admin edits the price; the storefront shows it
  await row.getByRole('button', { name: `Modifica: ${productName}` }).click();
  await form.getByLabel('Prezzo (€)').fill('69.90');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Prodotto aggiornato.');
  await member.reload();
  await expect(member.getByTestId('product-price')).toContainText('69,90 €');
  await expect(member.getByTestId('product-price')).not.toContainText('79,90 €');

  // delete: confirmation, then the files leave the bucket
  await row.getByRole('button', { name: `Elimina: ${productName}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Sei assolutamente sicuro?');
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(toast(page)).toContainText('Prodotto eliminato.');
  await expect(page.getByRole('row').filter({ hasText: productName })).toHaveCount(0);
  expect(await bucketKeys(`products/${id}/`)).toEqual([]);
  for (const key of keys) expect((await request.get(`/media/${key}`)).status()).toBe(404);
  await member.goto(`/product/${id}`);
  await expect(member).toHaveURL(/\/$/);
});

test('a review stays private until the collaborator approves, pins and replies; then it shows first with the reply', async ({
  page,
  browser,
  request,
}) => {
  const text = `Ottima presa, arrivata in due giorni ${randomUUID().slice(0, 6)}`;
  const reply = 'Grazie! Buon allenamento dal team Aurum.';
  const productName = 'Kettlebell in Ghisa Aurum 16 kg';
  const found = (
    (await (await request.get(`/api/products?q=${encodeURIComponent(productName)}`)).json()) as {
      items: { id: string; name: string }[];
    }
  ).items.find((p) => p.name === productName)!;
  const productUrl = `/product/${found.id}`;
  await signInAs(page, 'customer');
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/comments')) posts.push(r.url());
  });
  const form = page.getByTestId('review-form');
  // whitespace only: silently ignored, nothing is sent
  await form.getByLabel('La tua recensione').fill('    ');
  await form.getByRole('button', { name: 'Invia recensione' }).click();
  await form.getByLabel('La tua recensione').fill(text);
  await form.getByRole('button', { name: 'Invia recensione' }).click();
  await expect(toast(page)).toContainText("Il tuo commento è stato inviato e sarà visibile dopo l'approvazione.");
  await expect(form.getByLabel('La tua recensione')).toHaveValue('');
  expect(posts).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('product-reviews')).toBeVisible();
  await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);

  // the collaborator moderates
  const collab = await newPage(browser);
  await signInAs(collab, 'collaborator');
  await collab.goto('/admin/comments');
  await collab.getByRole('button', { name: 'In attesa' }).click();
  const row = collab.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('In attesa');
  await expect(row).toContainText(productName);
  await row.getByRole('button', { name: 'Approva' }).click();
  await expect(toast(collab)).toContainText('Commento approvato.');
  await collab.getByRole('button', { name: 'Tutti' }).click();
  await row.getByRole('button', { name: 'Metti in evidenza' }).click();
  await expect(toast(collab)).toContainText('Commento in evidenza.');
  await row.getByRole('button', { name: 'Rispondi' }).click();
  const dialog = collab.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Invia risposta' })).toBeDisabled();
  await dialog.getByLabel('Risposta pubblica').fill(reply);
  await dialog.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(toast(collab)).toContainText('Risposta pubblicata.');
  await expect(row).toContainText(reply);

  // public, first, with the reply
  await page.goto(productUrl);
  const first = page.getByTestId('review').first();
  await expect(first).toContainText(text);
  await expect(first.getByTestId('review-pinned')).toBeVisible();
  await expect(first.getByTestId('review-reply')).toContainText(reply);

  // the collaborator cannot open Utenti or Pagamenti, and their API routes answer 403
  const sections = collab.getByRole('navigation', { name: 'Sezioni admin' });
  await expect(sections.getByRole('link', { name: 'Commenti' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Utenti' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Pagamenti' })).toHaveCount(0);
  for (const path of ['/admin/users', '/admin/payments']) {
    await collab.goto(path);
    await expect(collab).toHaveURL(/\/admin\/products$/);
  }
  const token = await idTokenOf(collab);
  for (const path of ['/api/admin/users', '/api/admin/payment-settings']) {
    expect((await request.get(path, { headers: { Authorization: `Bearer ${token}` } })).status(), path).toBe(403);
  }
});
