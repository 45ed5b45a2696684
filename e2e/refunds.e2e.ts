/**
 * Money that goes back, in Chromium: a 100 % code order becomes an order of 0 € with its download;
 * the admin refunds one of two lines from the order detail (the refund is that line's paid amount,
 * its unit goes back to stock) and the customer sees 'Rimborsato parzialmente'; the customer
 * cancels an order still 'In elaborazione' from Ordini and gets everything back. The demo member
 * shops (no other spec reads the member's newest order); the admin signs in with the SMS step.
 * Screenshots of the admin's detail with its refunds and of the customer's Ordini (dark and
 * light, desktop and mobile) are attached to the test's output.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { ProductDetailDto } from '../shared/api/catalog';
import type { AdminOrderDto } from '../shared/api/orders';
import type { PageResponse } from '../shared/api/route';
import type { CartDto } from '../shared/api/cart';
import { formatEuro } from '../shared/money';
import { signInAs } from './support/sign-in';
import { api, productByName } from './support/shop-api';

const PHYSICAL = 'Kettlebell in Ghisa Aurum 16 kg';
const SECOND = 'Shaker in Acciaio Aurum 750 ml';
const DIGITAL = 'Planner Allenamento 12 Settimane';

const toast = (page: Page) => page.getByTestId('toast');
/** The localStorage keys of the theme choice (web/src/theme/color-mode.tsx): the shop's and the back office's. */
const THEME_STORAGE_KEY = 'aurum-theme';
const ADMIN_THEME_STORAGE_KEY = 'aurum-admin-theme';

async function stockOf(page: Page, id: string): Promise<number> {
  return ((await (await page.request.get(`/api/products/${id}`)).json()) as ProductDetailDto).quantity;
}

/** Fills the member's cart through the API (the cart UI has its own spec), then pays on the hosted page. @returns the short id */
async function buy(page: Page, productIds: string[], code?: string): Promise<string> {
  expect((await api<CartDto>(page, 'DELETE', '/api/cart')).status).toBe(200);
  for (const id of productIds)
    expect((await api(page, 'POST', '/api/cart/items', { product_id: id, quantity: 1 })).status).toBe(200);
  if (code) expect((await api(page, 'PUT', '/api/cart/discount-code', { code })).status).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('checkout-button')).toBeVisible();
  // digital content asks the consent to its immediate supply (art. 59 c.1 lett. o)
  if (await page.getByTestId('digital-consent').count()) await page.getByTestId('digital-consent-checkbox').check();
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  const orderId = page.getByTestId('checkout-order-id');
  await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
  return (await orderId.innerText()).slice(1);
}

async function openOrders(page: Page): Promise<void> {
  await page.goto('/profile');
  const tab = page.getByRole('tab', { name: /Ordini/ });
  if (await tab.count()) await tab.first().click();
  await expect(page.getByRole('heading', { name: 'I Miei Ordini' })).toBeVisible();
}

const orderCard = (page: Page, shortId: string) =>
  page
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });

/** Screenshots of `page` in both colour modes (and on a phone), attached to the test. */
async function shoot(page: Page, info: TestInfo, name: string, storageKey: string, reopen: () => Promise<void>) {
  for (const mode of ['dark', 'light'] as const) {
    await page.evaluate(([k, m]) => localStorage.setItem(k!, m!), [storageKey, mode]);
    for (const size of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'mobile', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await reopen();
      const path = info.outputPath(`${name}-${mode}-${size.label}.png`);
      await page.screenshot({ path, fullPage: size.label === 'mobile' });
      await info.attach(`${name}-${mode}-${size.label}`, { path, contentType: 'image/png' });
    }
  }
  await page.evaluate((k) => localStorage.removeItem(k), storageKey);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedIn(browser: Browser, who: 'admin' | 'member'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who);
  return page;
}

test('a 100 % code order becomes an order of 0 € with its download', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'admin');
  const code = `GRATIS${Date.now().toString(36).toUpperCase()}`;
  const created = await api(admin, 'POST', '/api/admin/discount-codes', {
    code,
    discount_type: 'percentage',
    value: 100,
    is_active: true,
  });
  expect(created.status).toBe(201);
  const member = await signedIn(browser, 'member');
  const digital = await productByName(member.request, DIGITAL);
  const shortId = await buy(member, [digital.id], code);
  await openOrders(member);
  const card = orderCard(member, shortId);
  await expect(card.getByTestId('order-total')).toHaveText(formatEuro(0));
  await expect(card.getByTestId('order-status')).toHaveText('In elaborazione');
  const href = await card.getByTestId('order-download').getAttribute('href');
  const file = await member.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
});

test("the admin refunds one of two lines: Stripe gives back that line's price, the unit returns to stock, the customer sees 'Rimborsato parzialmente'", async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const member = await signedIn(browser, 'member');
  const physical = await productByName(member.request, PHYSICAL);
  const second = await productByName(member.request, SECOND);
  const shortId = await buy(member, [physical.id, second.id]);
  const stockAfterSale = await stockOf(member, physical.id);

  const admin = await signedIn(browser, 'admin');
  await admin.goto('/admin/orders');
  await admin.getByTestId('orders-search').fill(shortId);
  await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
  const search = await api<PageResponse<AdminOrderDto>>(admin, 'GET', `/api/admin/orders?q=${shortId}`);
  const before = search.body.items[0]!;
  const line = before.items.findIndex((i) => i.product_id === physical.id);
  // the member paid the line's unit price (member discount in it); no code: the line's paid amount is that price
  const linePaid = before.items[line]!.price_cents;

  await admin.getByTestId('admin-order-open').click();
  const detail = admin.getByRole('dialog');
  await expect(detail.getByTestId('order-refunds')).toContainText('Nessun rimborso.');
  await detail.getByTestId('order-refund-open').click();
  const form = admin.getByRole('dialog').filter({ hasText: "Rimborso dell'ordine" });
  await form.getByTestId(`refund-units-${line}`).fill('1');
  await form.getByTestId('refund-reason').fill('Prodotto arrivato ammaccato');
  await form.getByTestId('refund-restock').check();
  await expect(form.getByTestId('refund-preview')).toContainText(formatEuro(linePaid));
  await form.getByRole('button', { name: `Rimborsa ${formatEuro(linePaid)}` }).click();
  await expect(toast(admin)).toContainText('Rimborso eseguito');
  await expect(form).toBeHidden();
  const refundRow = detail.getByTestId('order-refund');
  await expect(refundRow).toHaveCount(1);
  await expect(refundRow.getByTestId('order-refund-amount')).toHaveText(formatEuro(linePaid));
  await expect(refundRow).toContainText('Completato');
  await expect(detail.getByTestId('order-refund-state')).toHaveText('Rimborsato parzialmente');

  // Stripe's refund is that line's paid amount, recorded with its id; the unit is back in stock
  const after = (await api<PageResponse<AdminOrderDto>>(admin, 'GET', `/api/admin/orders?q=${shortId}`)).body.items[0]!;
  expect(after.refunds).toHaveLength(1);
  expect(after.refunds[0]).toMatchObject({ amount_cents: linePaid, status: 'succeeded', restocked: true });
  expect(after.refunds[0]!.stripe_refund_id).toMatch(/^re_/);
  expect(await stockOf(admin, physical.id)).toBe(stockAfterSale + 1);

  await shoot(admin, info, 'admin-order-refunds', ADMIN_THEME_STORAGE_KEY, async () => {
    await admin.goto('/admin/orders');
    await admin.getByTestId('orders-search').fill(shortId);
    await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
    await admin.getByTestId('admin-order-open').click();
    await expect(admin.getByRole('dialog').getByTestId('order-refund')).toHaveCount(1);
  });

  await openOrders(member);
  const card = orderCard(member, shortId);
  await expect(card.getByTestId('order-refund-state')).toHaveText('Rimborsato parzialmente');
  await expect(card.getByTestId('order-refunded')).toContainText(formatEuro(linePaid));
  await expect(card.getByTestId('order-item-refunded')).toHaveText('1 pezzo rimborsato');
  await shoot(member, info, 'customer-orders', THEME_STORAGE_KEY, async () => {
    await openOrders(member);
    await expect(orderCard(member, shortId)).toBeVisible();
  });
});

test("the customer cancels an order still 'In elaborazione' and gets everything back", async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await signedIn(browser, 'member');
  const physical = await productByName(member.request, PHYSICAL);
  const stockBefore = await stockOf(member, physical.id);
  const shortId = await buy(member, [physical.id]);
  expect(await stockOf(member, physical.id)).toBe(stockBefore - 1);
  await openOrders(member);
  const card = orderCard(member, shortId);
  const total = await card.getByTestId('order-total').innerText();
  await card.getByTestId('order-cancel').click();
  const confirm = member.getByRole('dialog');
  await expect(confirm).toContainText('Annullare questo ordine?');
  await expect(confirm).toContainText(total);
  await confirm.getByRole('button', { name: 'Sì, annulla ordine' }).click();
  await expect(toast(member)).toContainText('Ordine annullato');
  await expect(toast(member)).toContainText(total);
  await expect(card.getByTestId('order-status')).toHaveText('Annullato');
  await expect(card.getByTestId('order-refund-state')).toHaveText('Rimborsato');
  await expect(card.getByTestId('order-cancel')).toHaveCount(0);
  expect(await stockOf(member, physical.id)).toBe(stockBefore);
});
