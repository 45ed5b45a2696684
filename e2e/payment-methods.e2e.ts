/**
 * Paying as Italians pay, in Chromium: the customer pays with PayPal on the local hosted page and
 * the order, the confirmation email and the back office say PayPal; a Satispay payment that fails
 * leaves no order and the stock goes back when the customer leaves the page; the owner turns Klarna
 * off in Pagamenti and the next checkout page no longer offers it. Screenshots of the hosted page,
 * Pagamenti and the order's detail (dark and light, desktop and mobile) are attached to the output.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ProductDetailDto } from '../shared/api/catalog';
import type { AdminOrderDto, OrderDto } from '../shared/api/orders';
import type { AdminPaymentSettingsDto } from '../shared/api/admin';
import type { PageResponse } from '../shared/api/route';
import { emailTo, inboxMark } from './support/inbox';
import { DEMO_USERS, idTokenOf, signInAs } from './support/sign-in';
import { shootThemes } from './support/screenshots';
import { api, productByName } from './support/shop-api';

const PAID = 'Tappetino Yoga Aurum Pro 6 mm';
const DECLINED = 'Rullo Massaggiante Foam Roller';
const ADMIN_THEME_STORAGE_KEY = 'aurum-admin-theme';
const ALL_ON = { card: true, paypal: true, satispay: true, klarna: true };

const toast = (page: Page) => page.getByTestId('toast');

/** Each page's ID token, read on the shop's origin (the hosted page's origin has none). */
const tokens = new WeakMap<Page, string>();

async function apiAs<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  if (!tokens.has(page)) tokens.set(page, await idTokenOf(page));
  return api<T>(page, method, path, data, tokens.get(page));
}

const stockOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as ProductDetailDto).quantity;

async function signedIn(browser: Browser, who: 'admin' | 'customer'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who);
  return page;
}

/** Puts one unit of `productId` in the cart and goes to the hosted page from the cart's button. */
async function toPaymentPage(page: Page, productId: string): Promise<void> {
  expect((await apiAs(page, 'DELETE', '/api/cart')).status).toBe(200);
  expect((await apiAs(page, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 })).status).toBe(200);
  await page.goto('/cart');
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
}

/** The hosted page's methods, as the shopper reads them. */
const methodsShown = (page: Page) => page.getByTestId('stripe-methods').getByRole('radio');

test('the customer pays with PayPal; the order, the email and the back office say PayPal', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const customer = await signedIn(browser, 'customer');
  const product = await productByName(customer.request, PAID);
  await toPaymentPage(customer, product.id);
  // the local stage allows every method: cards (with Apple Pay and Google Pay), PayPal, Satispay, Klarna
  await expect(methodsShown(customer)).toHaveCount(6);
  for (const name of ['Carta (Visa •••• 4242)', 'Apple Pay', 'Google Pay', 'PayPal', 'Satispay', 'Klarna'])
    await expect(customer.getByRole('radio', { name })).toBeVisible();
  const payUrl = customer.url();
  await shootThemes(customer, info, 'hosted-page', null, async () => {
    await customer.goto(payUrl);
  });

  const seen = await inboxMark(DEMO_USERS.customer.email);
  await customer.getByRole('radio', { name: 'PayPal' }).check();
  await customer.getByRole('button', { name: 'Paga' }).click();
  await expect(customer).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  const orderId = customer.getByTestId('checkout-order-id');
  await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
  const shortId = (await orderId.innerText()).slice(1);

  const confirmation = await emailTo(DEMO_USERS.customer.email, `Conferma ordine #${shortId}`, seen);
  expect(confirmation.text).toMatch(/Pagato con\s+PayPal/);

  const admin = await signedIn(browser, 'admin');
  const listed = await apiAs<PageResponse<AdminOrderDto>>(admin, 'GET', `/api/admin/orders?q=${shortId}`);
  expect(listed.body.items[0]!.payment_method).toBe('PayPal');
  const openDetail = async () => {
    await admin.goto('/admin/orders');
    await admin.getByTestId('orders-search').fill(shortId);
    await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
    await admin.getByTestId('admin-order-open').click();
    await expect(admin.getByRole('dialog').getByTestId('order-payment-method')).toHaveText('PayPal');
  };
  await openDetail();
  await shootThemes(admin, info, 'admin-order-paypal', ADMIN_THEME_STORAGE_KEY, openDetail);
});

test('a Satispay payment that fails leaves no order, and the stock goes back when the customer leaves', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await signedIn(browser, 'customer');
  const product = await productByName(customer.request, DECLINED);
  const stock = await stockOf(customer, product.id);
  const orders = (await apiAs<PageResponse<OrderDto>>(customer, 'GET', '/api/me/orders')).body.items.length;
  await toPaymentPage(customer, product.id);
  expect(await stockOf(customer, product.id)).toBe(stock - 1);

  await customer.getByRole('radio', { name: 'Satispay' }).check();
  await customer.getByRole('button', { name: 'Simula un rifiuto' }).click();
  await expect(customer.getByTestId('stripe-declined')).toHaveText(
    'Pagamento non riuscito con Satispay. Scegli un altro metodo o annulla.',
  );
  expect((await apiAs<PageResponse<OrderDto>>(customer, 'GET', '/api/me/orders')).body.items).toHaveLength(orders);

  await customer.getByRole('button', { name: 'Annulla' }).click();
  await expect(customer.getByRole('heading', { name: 'Pagamento Annullato' })).toBeVisible();
  await expect.poll(() => stockOf(customer, product.id)).toBe(stock);
  expect((await apiAs<PageResponse<OrderDto>>(customer, 'GET', '/api/me/orders')).body.items).toHaveLength(orders);
});

test('the owner turns Klarna off in Pagamenti and the next checkout page no longer offers it', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, 'admin');
  try {
    await admin.goto('/admin/payments');
    const methods = admin.getByTestId('payment-methods');
    await expect(methods.getByRole('heading', { name: 'Metodi di pagamento' })).toBeVisible();
    await shootThemes(admin, info, 'admin-payment-methods', ADMIN_THEME_STORAGE_KEY, async () => {
      await admin.goto('/admin/payments');
      await expect(admin.getByTestId('payment-methods')).toBeVisible();
    });
    const klarna = methods.getByRole('switch', { name: 'Klarna', exact: true });
    await expect(klarna).toBeChecked();
    await klarna.uncheck();
    await methods.getByRole('button', { name: 'Salva' }).click();
    await expect(toast(admin)).toContainText('Metodi di pagamento salvati.');
    // turning cards and PayPal off is not offered: the club is paid with them
    await methods.getByRole('switch', { name: 'Carte (con Apple Pay e Google Pay)' }).uncheck();
    await methods.getByRole('switch', { name: 'PayPal', exact: true }).uncheck();
    await expect(admin.getByTestId('payment-methods-club')).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Salva' })).toBeDisabled();

    const customer = await signedIn(browser, 'customer');
    await toPaymentPage(customer, (await productByName(customer.request, PAID)).id);
    await expect(customer.getByRole('radio', { name: 'PayPal' })).toBeVisible();
    await expect(customer.getByRole('radio', { name: 'Klarna' })).toHaveCount(0);
    await customer.getByRole('button', { name: 'Annulla' }).click();
    await expect(customer.getByRole('heading', { name: 'Pagamento Annullato' })).toBeVisible();
  } finally {
    const restored = await apiAs<AdminPaymentSettingsDto>(admin, 'PUT', '/api/admin/payment-methods', ALL_ON);
    expect(restored.status).toBe(200);
  }
});
