/**
 * A variant bought end to end, in Chromium against the local runtime: a customer searches
 * 'kettlebell 16 kg', lands on the competition kettlebell's page with 16 kg chosen, adds it, pays
 * on the fake Stripe hosted page, and the order card, the confirmation email, the receipt PDF and
 * the back office's Ordini all name '16 kg'; only the 16 kg variant's stock went down. Then two
 * shoppers race for the last unit of one size of the nylon belt: one reaches the payment page, the
 * other is told 'Prodotto Esaurito', and the belt's other sizes keep their stock.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ProductDetailDto } from '../shared/api/catalog';
import type { CartDto } from '../shared/api/cart';
import { SEED_FIXTURES } from '../infra/local/seed/seed-catalog';
import { pdfText } from '../test/support/pdf-text';
import { emailTo, inboxMark } from './support/inbox';
import { api, productByName } from './support/shop-api';
import { DEMO_USERS, signInAs, type DemoUser } from './support/sign-in';
import { weight } from './support/variants';

const KETTLEBELL = SEED_FIXTURES.variantProductName;
const SKU_16 = SEED_FIXTURES.variantProductSku16;
const BELT = 'Cintura Lombare Aurum in Nylon';
const BELT_XL = 'AF-CLN-XL';

/** Each variant's stock by SKU, as the product page's API answers it. */
async function stockBySku(page: Page, productId: string): Promise<Record<string, number>> {
  const res = await page.request.get(`/api/products/${productId}`);
  expect(res.ok()).toBe(true);
  const detail = (await res.json()) as ProductDetailDto;
  return Object.fromEntries(detail.variants!.map((v) => [v.sku, v.quantity]));
}

/** A signed-in shopper in a browser context of their own, with an empty cart. */
async function shopper(browser: Browser, who: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who);
  expect((await api<CartDto>(page, 'DELETE', '/api/cart')).status).toBe(200);
  return page;
}

test('a customer buys the 16 kg kettlebell and the order, the email, the receipt and the back office say 16 kg', async ({
  browser,
}, testInfo) => {
  const page = await shopper(browser, 'customer');
  const kettlebell = await productByName(page.request, KETTLEBELL);
  const before = await stockBySku(page, kettlebell.id);
  expect(before[SKU_16]).toBeGreaterThan(0);

  // The search names the weight: the card opens the page with 16 kg chosen.
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill('kettlebell 16 kg');
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: KETTLEBELL, exact: true }) });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: 'Scegli' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${kettlebell.id}\\?variant=${SKU_16}$`));
  await expect(weight(page, '16 kg')).toBeChecked();
  await expect(page.getByTestId('product-price-current')).toHaveText('59,90 €');
  await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(page.getByTestId('toast')).toContainText('Articolo aggiunto al carrello.');

  // The cart names the weight; the payment page charges its price (plus shipping, if any).
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: KETTLEBELL });
  await expect(line.getByTestId('cart-line-options')).toHaveText('Peso: 16 kg');
  const { body: cart } = await api<CartDto>(page, 'GET', '/api/cart');
  expect(cart.lines).toHaveLength(1);
  expect(cart.lines[0]).toMatchObject({ sku: SKU_16, unit_price_cents: 5990 });
  const seen = await inboxMark(DEMO_USERS.customer.email);
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page.getByRole('heading', { name: 'Grazie per il tuo ordine!' })).toBeVisible({ timeout: 20_000 });
  const orderId = page.getByTestId('checkout-order-id');
  await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
  const shortId = (await orderId.innerText()).slice(1);

  // Only the 16 kg variant's stock went down.
  const after = await stockBySku(page, kettlebell.id);
  expect(after).toEqual({ ...before, [SKU_16]: before[SKU_16]! - 1 });

  await test.step('the order card says 16 kg', async () => {
    await page.goto('/profile');
    const ordersTab = page.getByRole('tab', { name: /Ordini/ });
    if (await ordersTab.count()) await ordersTab.first().click();
    const order = page
      .getByTestId('order-card')
      .filter({ has: page.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });
    await expect(order.getByTestId('order-item-options')).toHaveText('Peso: 16 kg');
  });

  await test.step('the confirmation email says 16 kg', async () => {
    const email = await emailTo(DEMO_USERS.customer.email, `Conferma ordine #${shortId}`, seen);
    expect(email.text).toContain(`${KETTLEBELL} – 16 kg`);
  });

  await test.step('the receipt says 16 kg', async () => {
    const order = page
      .getByTestId('order-card')
      .filter({ has: page.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      order.getByRole('button', { name: 'Scarica ricevuta' }).click(),
    ]);
    const file = testInfo.outputPath(`ricevuta-${shortId}.pdf`);
    await download.saveAs(file);
    // the receipt draws a long name over lines: compare without the breaks
    expect(pdfText(fs.readFileSync(file)).replace(/\s+/g, ' ')).toContain(`${KETTLEBELL} – 16 kg`);
  });

  await test.step("the back office's Ordini says 16 kg and the SKU", async () => {
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/admin/orders');
    await admin.getByTestId('orders-search').fill(`#${shortId.toUpperCase()}`);
    await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
    await admin.getByTestId('admin-order-open').click();
    const variant = admin.getByRole('dialog').getByTestId('order-line-variant');
    await expect(variant).toContainText('16 kg');
    await expect(variant).toContainText(SKU_16);
    await admin.context().close();
  });
  await page.context().close();
});

test('two shoppers race for the last XL belt: one pays, the other is told it is sold out, the other sizes untouched', async ({
  browser,
}) => {
  // The back office restocks the belt's XL with exactly one unit.
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'admin');
  const belt = await productByName(admin.request, BELT);
  const detail = (await (await admin.request.get(`/api/products/${belt.id}`)).json()) as ProductDetailDto;
  const xl = detail.variants!.find((v) => v.sku === BELT_XL)!;
  expect(
    (await api(admin, 'PATCH', `/api/admin/products/${belt.id}/stock`, { quantity: 1, variant_id: xl.id })).status,
  ).toBe(200);
  await admin.context().close();

  const [customer, member] = await Promise.all([shopper(browser, 'customer'), shopper(browser, 'member')]);
  const before = await stockBySku(customer, belt.id);
  expect(before[BELT_XL]).toBe(1);
  for (const page of [customer, member]) {
    await page.goto(`/product/${belt.id}?variant=${BELT_XL}`);
    await expect(page.getByRole('radiogroup', { name: 'Taglia' }).getByRole('radio', { name: /^XL/ })).toBeChecked();
    await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
    await expect(page.getByTestId('toast')).toContainText('Articolo aggiunto al carrello.');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line-options')).toHaveText('Taglia: XL');
  }

  // Both press the checkout button at once.
  await Promise.all([customer, member].map((p) => p.getByTestId('checkout-button').click()));
  const outcome = async (page: Page): Promise<'paying' | 'sold out'> => {
    const paying = page.waitForURL(/\/pay\/cs_test_/, { timeout: 20_000 }).then(() => 'paying' as const);
    const soldOut = expect(page.getByTestId('toast'))
      .toContainText('Esaurito', { timeout: 20_000 })
      .then(() => 'sold out' as const);
    return Promise.race([paying, soldOut]);
  };
  const outcomes = await Promise.all([outcome(customer), outcome(member)]);
  expect([...outcomes].sort()).toEqual(['paying', 'sold out']);

  // The winner pays; the loser's cart still holds the line (nothing lost).
  const [winner, loser] = outcomes[0] === 'paying' ? [customer, member] : [member, customer];
  const { body: loserCart } = await api<CartDto>(loser, 'GET', '/api/cart');
  expect(loserCart.lines.map((l) => l.sku)).toEqual([BELT_XL]);
  await winner.getByRole('button', { name: 'Paga' }).click();
  await expect(winner.getByRole('heading', { name: 'Grazie per il tuo ordine!' })).toBeVisible({ timeout: 20_000 });
  const after = await stockBySku(customer, belt.id);
  expect(after).toEqual({ ...before, [BELT_XL]: 0 });
  for (const page of [customer, member]) await page.context().close();
});
