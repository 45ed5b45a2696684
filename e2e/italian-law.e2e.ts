/**
 * What an Italian shopper must be told, end to end in Chromium against the local runtime:
 *  - the 30-day lowest price (art. 17-bis Codice del Consumo): the admin lowers a price that was
 *    raised 10 days earlier (seeded history) and announces the reduction; the product page and the
 *    listing strike through the lowest price of the 30 days before, not the previous price;
 *  - prices 'IVA inclusa' and the product safety information (GPSR art. 19) on the product page;
 *  - the seller's identity in the footer and in the legal pages (art. 7 D.Lgs. 70/2003), the
 *    shipping costs stated from the shipping methods, the 14-day withdrawal, no ODR link.
 */
import { expect, test, type Page } from '@playwright/test';
import { SEED_FIXTURES } from '../infra/local/seed/catalog-data';
import { signInAs } from './support/sign-in';

const toast = (page: Page) => page.getByTestId('toast');
const LOWEST = 'Prezzo più basso degli ultimi 30 giorni';

/** The public id of a product found by its exact name. */
async function productId(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/products?q=${encodeURIComponent(name)}`);
  const body = (await res.json()) as { items: { id: string; name: string }[] };
  return body.items.find((p) => p.name === name)!.id;
}

test.describe.configure({ timeout: 120_000 });

test('a price lowered after a raise 10 days earlier strikes through the 30-day lowest price, on the product page and in the listing', async ({
  page,
}) => {
  // Seeded history: 49,90 € until 10 days ago, 59,90 € since.
  const name = SEED_FIXTURES.priceRaisedTenDaysAgoProductName;
  const id = await productId(page, name);
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('product-price-current')).toHaveText('59,90 €');
  await expect(page.getByTestId('product-price-struck')).toHaveCount(0);

  await signInAs(page, 'admin');
  await page.goto('/admin/products');
  await page.getByLabel('Cerca per nome').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Modifica: ${name}` }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Prezzo (€)').fill('44.90');
  await form.getByLabel('Mostra come riduzione di prezzo').check();
  // the form previews what the shop will strike through
  await expect(form.getByTestId('reduction-preview')).toContainText('49,90');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Prodotto aggiornato.');

  // The product page: 44,90 € with 49,90 € struck (the lowest of the 30 days before), never 59,90 €.
  await page.goto(`/product/${id}`);
  const price = page.getByTestId('product-price');
  await expect(page.getByTestId('product-price-current')).toHaveText('44,90 €');
  await expect(page.getByTestId('product-price-struck')).toHaveText('49,90 €');
  await expect(page.getByTestId('product-price-lowest')).toHaveText(`${LOWEST}: 49,90 €`);
  await expect(page.getByTestId('product-price-badge')).toHaveText('-10%');
  await expect(page.getByTestId('product-price-vat')).toHaveText('IVA inclusa');
  await expect(price).not.toContainText('59,90');

  // The listing says the same.
  await page.goto('/products');
  await page.getByTestId('product-search').fill(name);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await expect(card.getByTestId('card-price-current')).toHaveText('44,90 €');
  await expect(card.getByTestId('card-price-struck')).toHaveText('49,90 €');
  await expect(card.getByTestId('card-price-lowest')).toHaveText(`${LOWEST}: 49,90 €`);
  await expect(card.getByTestId('card-price-vat')).toHaveText('IVA inclusa');
  await expect(card).not.toContainText('59,90');
});

test('the product page shows the price VAT included and the safety information of a physical product; a digital one has none', async ({
  page,
}) => {
  const id = await productId(page, SEED_FIXTURES.reducedProductName);
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('product-price-vat')).toHaveText('IVA inclusa');
  await expect(page.getByTestId('product-price-lowest')).toContainText(LOWEST);
  // below the details, with the reviews (loaded as the shopper scrolls to them)
  await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
  const safety = page.getByTestId('product-safety');
  await expect(safety.getByRole('heading', { name: 'Sicurezza del prodotto' })).toBeVisible();
  for (const fact of [
    'Golden Iron Manufacturing Co., Ltd. (dati dimostrativi)',
    'No. 1 Example Road, Nantong, Jiangsu, Cina',
    'https://golden-iron.example',
    'Persona responsabile nell’UE',
    'Via dell’Esempio 1, 70121 Bari (BA), Italia',
    'sicurezza@aurumfitness.example',
    'Avvertenze di sicurezza',
  ])
    await expect(safety).toContainText(fact);
  await expect(safety.getByTestId('product-safety-warnings')).toContainText('Tieni fuori dalla portata dei bambini');

  const digital = await productId(page, 'Planner Allenamento 12 Settimane');
  await page.goto(`/product/${digital}`);
  await expect(page.getByTestId('product-price-vat')).toHaveText('IVA inclusa');
  await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('product-reviews')).toBeVisible();
  await expect(page.getByTestId('product-safety')).toHaveCount(0);
});

test('the footer and the legal pages name the seller; the legal pages state the shipping costs and the withdrawal', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
  const seller = page.getByTestId('seller-identity');
  for (const fact of [
    'Aurum Fitness S.r.l. (dati dimostrativi)',
    'Sede legale: Via dell’Esempio 1, 70121 Bari (BA), Italia',
    'P.IVA IT12345678903',
    'REA BA-000000',
    'PEC aurumfitness@pec.example',
  ])
    await expect(seller).toContainText(fact);

  await page.goto('/legal/termini-e-condizioni');
  const terms = page.getByTestId('legal-page');
  await expect(terms.getByRole('heading', { name: 'Chi vende' })).toBeVisible();
  for (const fact of ['Partita IVA: IT12345678903', 'Numero REA: BA-000000', 'PEC: aurumfitness@pec.example'])
    await expect(terms).toContainText(fact);
  // from GET /api/shipping-methods: Standard costs 4,90 € and is free from 79,00 €
  await expect(terms).toContainText(/Standard: 4,90\s€, gratuita per ordini da 79,00\s€/);
  await expect(terms).toContainText(/Express: 9,90\s€, gratuita per ordini da 149,00\s€/);
  await expect(terms).not.toContainText('è gratuita.');

  await page.goto('/legal/politica-di-reso');
  const reso = page.getByTestId('legal-page');
  await expect(reso).toContainText('entro 14 giorni dalla consegna');
  // the withdrawal function's button, and an explicit statement to the support address as the alternative (art. 54)
  await expect(reso).toContainText("premi 'Recedi dal contratto'");
  await expect(reso).toContainText(/dichiarazione esplicita della tua decisione di recedere, per email a \S+@/);
  await expect(reso).toContainText('art. 59 c.1 lett. o');
  await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Termini' }).click();
  await expect(page).toHaveURL('/legal/termini-e-condizioni');
});

/** Cents of an Italian euro amount as shown ('1.234,56 €'). */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

test('the customer’s order and the admin’s order detail show the VAT breakdown, adding up to the total', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'customer');
  await page.goto('/profile');
  const tab = page.getByRole('tab', { name: /Ordini/ });
  if (await tab.count()) await tab.first().click();
  const card = page.getByTestId('order-card').first();
  const breakdown = card.getByTestId('vat-breakdown');
  await expect(breakdown).toContainText('Riepilogo IVA');
  await expect(breakdown).toContainText('Imponibile');
  await expect(breakdown).toContainText('IVA 22 %');
  const rows = breakdown.getByTestId('vat-breakdown-row');
  const grossTotal = async () => {
    let sum = 0;
    for (const row of await rows.all()) {
      const cells = await row.locator('td').allInnerTexts();
      const [taxable, vat, gross] = cells.map(cents) as [number, number, number];
      expect(taxable + vat).toBe(gross);
      sum += gross;
    }
    return sum;
  };
  expect(await grossTotal()).toBe(cents(await card.getByTestId('order-total').innerText()));
  const shortId = (await card.getByTestId('order-id').innerText()).replace('#', '');

  const admin = await (await browser.newContext({ locale: 'it-IT' })).newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/orders');
  await admin.getByTestId('orders-search').fill(`#${shortId.toUpperCase()}`);
  await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
  await admin.getByTestId('admin-order-open').click();
  const detail = admin.getByRole('dialog').getByTestId('vat-breakdown');
  await expect(detail).toContainText('Riepilogo IVA');
  await expect(detail.getByTestId('vat-breakdown-row')).toHaveCount(await rows.count());
});

test("the legal pages are served whole with the stage's seller (title, description, canonical, h1, text) and the app takes them over as they are", async ({
  page,
  request,
}) => {
  // The document as served, no script run (a search engine, a link preview, `curl`).
  const served = await (await request.get('/legal/termini-e-condizioni')).text();
  expect(served).toContain('<title>Termini e Condizioni | Aurum Fitness</title>');
  expect(served).toMatch(/<meta name="description" content="I presenti Termini e Condizioni regolano[^"]*" \/>/);
  expect(served).toMatch(/<link rel="canonical" href="[^"]+\/legal\/termini-e-condizioni" \/>/);
  expect(served).toMatch(/<h1[^>]*>Termini e Condizioni<\/h1>/);
  for (const fact of ['Partita IVA: IT12345678903', 'Numero REA: BA-000000', 'PEC: aurumfitness@pec.example'])
    expect(served).toContain(fact);
  expect(await (await request.get('/legal/faq')).text()).toContain('<title>FAQ | Aurum Fitness</title>');

  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/legal/termini-e-condizioni');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const terms = page.getByTestId('legal-page');
  // The shipping costs come with the app (GET /api/shipping-methods).
  await expect(terms).toContainText('Standard');
  await expect(page).toHaveTitle('Termini e Condizioni | Aurum Fitness');
  expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
});
