/**
 * Suppliers, import and stock sync, in Chromium as the admin:
 *  - import a product from a page of the local fake supplier: it appears in the shop with the
 *    page's name, price and images served from our bucket; importing it again changes nothing but
 *    its data (same product, no stand-in);
 *  - change a stock level at the fake supplier and press 'Avvia Sincronizzazione': the run appears,
 *    the stock changes in the shop, the product that went to 0 shows 'ESAURITO', and the outbox
 *    holds the SNS notification;
 *  - the scheduled run does the same with nobody pressing anything: the scheduler's event is sent
 *    to the job through the local Lambda-invoke stand-in, the path the runtime's timer takes.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { signInAs } from './support/sign-in';
import { localDataDir } from '../infra/local/paths';
import { outboxFile, outboxSize } from '../infra/local/stand-ins/outbox';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../infra/local/local-aws';
import { LOCAL_STOCK_SYNC_FUNCTION } from '../infra/local/stand-ins/lambda';

const SHOP_PORT = Number(process.env.PORT ?? 3100);
const SUPPLIER = `http://localhost:${process.env.SUPPLIER_PORT ?? 12130}`;
const PAGE_URL = `${SUPPLIER}/prodotti/panca-regolabile-nera`;
const NAME = 'Panca regolabile Nera & Oro';
const outbox = outboxFile(localDataDir());

test.describe.configure({ mode: 'serial' });

/** Sets the fake supplier's stock of the imported product (its control API, like a supplier's warehouse changing). */
async function supplierStock(stock: number): Promise<void> {
  const res = await fetch(`${SUPPLIER}/__control/products/panca-regolabile-nera`, {
    method: 'PATCH',
    body: JSON.stringify({ stock }),
  });
  expect(res.status).toBe(200);
}

/** SNS lines appended to the outbox after `mark`. */
const snsSince = (mark: number) =>
  fs
    .readFileSync(outbox, 'utf8')
    .slice(mark)
    .split('\n')
    .filter((l) => l.includes('[SNS aurum-notifications-local]'));

/** The product's card in the shop's listing, searched by name. */
async function shopCard(page: Page) {
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(NAME);
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByTestId('product-name').getByText(NAME, { exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

const toast = (page: Page) => page.getByTestId('toast');

test.afterAll(async () => {
  await fetch(`${SUPPLIER}/__control/reset`, { method: 'POST' });
});

test('the admin imports a product from a supplier page; the shop shows it; a re-import updates it', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/automations');
  const url = page.getByLabel('URL del prodotto');

  // The import URL rule: empty and unparsable URLs.
  await page.getByRole('button', { name: 'Importa prodotto' }).click();
  await expect(toast(page)).toContainText('URL Mancante');
  await expect(toast(page)).toContainText('Per favore, inserisci un URL del prodotto.');
  await url.fill('fornitore.it/prodotto');
  await page.getByRole('button', { name: 'Importa prodotto' }).click();
  await expect(toast(page)).toContainText('URL non valido');

  await url.fill(PAGE_URL);
  await page.getByRole('button', { name: 'Importa prodotto' }).click();
  await expect(toast(page)).toContainText('Importazione Completata!');
  const result = page.getByTestId('import-result');
  await expect(result.getByTestId('import-result-name')).toHaveText(NAME);
  await expect(result).toContainText('249,00 €');
  await expect(result).toContainText('Collegato al fornitore Ferro Sud Forniture');
  const edit = result.getByRole('link', { name: 'Modifica il prodotto' });
  const href = (await edit.getAttribute('href'))!;
  const id = new URLSearchParams(href.split('?')[1]).get('edit')!;
  expect(href).toBe(`/admin/products?edit=${id}`);

  // In the shop: the page's name, price and images, served from our bucket. The supplier's own struck
  // list price (299,00 €) is not ours to announce: no reduction without our 30-day price history.
  await result.getByRole('link', { name: 'Vedi nel negozio' }).click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByTestId('product-price-current')).toHaveText('249,00 €');
  await expect(page.getByTestId('product-price-struck')).toHaveCount(0);
  await expect(page.getByTestId('product-price')).not.toContainText('299,00 €');
  const images = page.getByTestId('product-gallery').locator('img');
  await expect(images.first()).toBeVisible();
  const sources = await images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).getAttribute('src') ?? ''));
  expect(sources.length).toBeGreaterThanOrEqual(2);
  for (const src of sources) expect(src).toMatch(new RegExp(`^/media/products/${id}/`));
  expect(
    await images
      .first()
      .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
  ).toBe(true);
  for (const src of new Set(sources)) {
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // Again: the same product is updated, not duplicated.
  await page.goto('/admin/automations');
  await page.getByLabel('URL del prodotto').fill(PAGE_URL);
  await page.getByRole('button', { name: 'Importa prodotto' }).click();
  await expect(toast(page)).toContainText('Importazione Completata!');
  await expect(page.getByTestId('import-result')).toContainText(`"${NAME}" è stato aggiornato.`);
  await expect(page.getByTestId('import-result').getByRole('link', { name: 'Modifica il prodotto' })).toHaveAttribute(
    'href',
    href,
  );
  await shopCard(page);
});

test("'Avvia Sincronizzazione': the run appears, the stock changes in the shop, 0 shows ESAURITO, the outbox holds the SNS notification", async ({
  page,
}) => {
  await supplierStock(0);
  const mark = outboxSize(outbox);
  await signInAs(page, 'admin');
  await page.goto('/admin/automations');
  const start = page.getByRole('button', { name: 'Avvia Sincronizzazione' });
  await expect(start).toBeEnabled({ timeout: 30_000 }); // no run in progress
  const before = await page
    .getByRole('table', { name: 'Ultime sincronizzazioni delle scorte' })
    .getByRole('row')
    .count();
  // The start request is held until the first toast has been seen (the server answers in milliseconds).
  let seenStarting = false;
  await page.route('**/api/admin/automations/stock-sync', async (route) => {
    await expect(toast(page)).toContainText('Avvio Sincronizzazione');
    seenStarting = true;
    await route.continue();
  });
  await start.click();
  await expect(toast(page)).toContainText('Sincronizzazione Avviata');
  expect(seenStarting).toBe(true);
  await page.unroute('**/api/admin/automations/stock-sync');

  const rows = page.getByRole('table', { name: 'Ultime sincronizzazioni delle scorte' }).getByRole('row');
  await expect(rows).toHaveCount(before + 1);
  const newest = rows.nth(1);
  await expect(newest.getByTestId('run-origin')).toHaveText('Manuale');
  await expect(newest.getByTestId('run-status')).toHaveText('Completata', { timeout: 30_000 });
  await newest.getByRole('button', { name: /^Apri/ }).click();
  const changed = page.getByTestId('run-dialog').getByTestId('run-changed-row').filter({ hasText: NAME });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText(/6\s*0$/);
  await page.getByRole('button', { name: 'Chiudi' }).click();

  const card = await shopCard(page);
  await expect(card.getByTestId('sold-out-overlay')).toHaveText('ESAURITO');
  await expect(card.getByRole('button', { name: 'Esaurito' })).toBeDisabled();

  await expect.poll(() => snsSince(mark).filter((l) => l.includes(`${NAME}: ESAURITO`)).length).toBe(1);
  const line = snsSince(mark).find((l) => l.includes(`${NAME}: ESAURITO`))!;
  expect(line).toContain('email:supporto@aurumfitness.example');
  expect(line).toContain('email:ordini@ferrosud.example');
});

test('the scheduled run does the same without anyone pressing anything', async ({ page }) => {
  const lambda = new LambdaClient({
    endpoint: `http://127.0.0.1:${SHOP_PORT}`,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  /** The scheduler's tick: what the local timer (EventBridge Scheduler in the cloud) sends to the job. */
  const tick = async () => {
    const out = await lambda.send(
      new InvokeCommand({
        FunctionName: LOCAL_STOCK_SYNC_FUNCTION,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ trigger: 'schedule' })),
      }),
    );
    expect(out.StatusCode).toBe(202);
  };
  try {
    await signInAs(page, 'admin');
    // Back in stock at the supplier: the next scheduled run brings it back in the shop.
    await supplierStock(12);
    await tick();
    await expect(async () => {
      const card = await shopCard(page);
      await expect(card.getByTestId('sold-out-overlay')).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // Sold out at the supplier: the next scheduled run marks it ESAURITO and notifies.
    await supplierStock(0);
    const mark = outboxSize(outbox);
    await tick();
    await expect
      .poll(() => snsSince(mark).filter((l) => l.includes(`${NAME}: ESAURITO`)).length, { timeout: 30_000 })
      .toBe(1);
    const card = await shopCard(page);
    await expect(card.getByTestId('sold-out-overlay')).toHaveText('ESAURITO');

    // Both runs are on the Automazioni screen as scheduled ones.
    await page.goto('/admin/automations');
    const rows = page.getByRole('table', { name: 'Ultime sincronizzazioni delle scorte' }).getByRole('row');
    await expect(rows.nth(1).getByTestId('run-origin')).toHaveText('Pianificata');
    await expect(rows.nth(1).getByTestId('run-status')).toHaveText('Completata');
    await expect(rows.nth(2).getByTestId('run-origin')).toHaveText('Pianificata');
  } finally {
    lambda.destroy();
  }
});

test("a supplier's 'Sincronizza ora' runs the sync for that supplier", async ({ page }) => {
  await supplierStock(3);
  await signInAs(page, 'admin');
  await page.goto('/admin/suppliers');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByTestId('supplier-name').getByText('Ferro Sud Forniture', { exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Sincronizza ora: Ferro Sud Forniture' }).click();
  await expect(toast(page)).toContainText('Sincronizzazione Avviata');
  await page.goto('/admin/automations');
  const newest = page.getByRole('table', { name: 'Ultime sincronizzazioni delle scorte' }).getByRole('row').nth(1);
  await expect(newest.getByTestId('run-origin')).toHaveText('Fornitore: Ferro Sud Forniture');
  await expect(newest.getByTestId('run-status')).toHaveText('Completata', { timeout: 30_000 });
  const card = await shopCard(page);
  await expect(card.getByTestId('sold-out-overlay')).toHaveCount(0);
  await expect(card.getByTestId('low-stock-hint')).toBeVisible();
});
