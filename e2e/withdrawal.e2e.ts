/**
 * The withdrawal from a contract, in Chromium (Codice del Consumo artt. 52-59; the withdrawal
 * function of art. 11-bis Directive 2011/83/EU): the member buys two physical products, the order
 * is delivered ('Completato'), the member uses 'Recedi dal contratto' in Ordini, picks one line and
 * confirms with 'Conferma recesso'; the acknowledgement email arrives with the date and time; the
 * admin finds the order under 'Recessi', sees the refund deadline, records the goods received and
 * refunds: the refund is that line's paid amount and the member sees 'Rimborsato parzialmente'.
 * Screenshots of the steps (dark and light, desktop and mobile) are attached to the test's output.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { AdminOrderDto } from '../shared/api/orders';
import type { PageResponse } from '../shared/api/route';
import type { CartDto } from '../shared/api/cart';
import { formatEuro } from '../shared/money';
import { signInAs } from './support/sign-in';
import { emailTo, inboxMark } from './support/inbox';
import { api, productByName } from './support/shop-api';

const PHYSICAL = 'Kettlebell in Ghisa Aurum 16 kg';
const SECOND = 'Shaker in Acciaio Aurum 750 ml';
const MEMBER_EMAIL = 'membro@aurumfitness.example';

const toast = (page: Page) => page.getByTestId('toast');
/** The localStorage keys of the theme choice (web/src/theme/color-mode.tsx): the shop's and the back office's. */
const THEME_STORAGE_KEY = 'aurum-theme';
const ADMIN_THEME_STORAGE_KEY = 'aurum-admin-theme';

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

test('the member withdraws from a delivered order and the admin receives the goods and refunds them', async ({
  browser,
}, info) => {
  test.setTimeout(300_000);
  const member = await signedIn(browser, 'member');
  const physical = await productByName(member.request, PHYSICAL);
  const second = await productByName(member.request, SECOND);
  const shortId = await buy(member, [physical.id, second.id]);
  const admin = await signedIn(browser, 'admin');
  const found = (await api<PageResponse<AdminOrderDto>>(admin, 'GET', `/api/admin/orders?q=${shortId}`)).body.items[0]!;
  const line = found.items.findIndex((i) => i.product_id === physical.id);
  const linePaid = found.items[line]!.price_cents;

  // before delivery there is no withdrawal button; the order is delivered: 'Completato'
  await openOrders(member);
  await expect(orderCard(member, shortId).getByTestId('order-withdraw')).toHaveCount(0);
  expect((await api(admin, 'PATCH', `/api/admin/orders/${found.id}`, { status: 'Completato' })).status).toBe(200);

  await openOrders(member);
  const card = orderCard(member, shortId);
  await expect(card.getByTestId('order-withdraw')).toHaveText('Recedi dal contratto');
  await expect(card.getByTestId('order-withdrawal-until')).toContainText('Puoi recedere dal contratto fino al');
  await shoot(member, info, 'withdrawal-button', THEME_STORAGE_KEY, async () => {
    await openOrders(member);
    await expect(orderCard(member, shortId).getByTestId('order-withdraw')).toBeVisible();
  });

  // the confirmation step: the order's physical lines, none picked, 'Conferma recesso' waits for a pick
  await card.getByTestId('order-withdraw').click();
  const dialog = member.getByTestId('withdrawal-dialog');
  await expect(dialog).toContainText(`Ordine #${shortId}`);
  await expect(dialog.getByTestId('withdrawal-line')).toHaveCount(2);
  const confirm = dialog.getByRole('button', { name: 'Conferma recesso' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('checkbox', { name: PHYSICAL }).check();
  await expect(confirm).toBeEnabled();
  await shoot(member, info, 'withdrawal-confirm', THEME_STORAGE_KEY, async () => {
    await openOrders(member);
    await orderCard(member, shortId).getByTestId('order-withdraw').click();
    await member.getByTestId('withdrawal-dialog').getByRole('checkbox', { name: PHYSICAL }).check();
  });
  const seen = await inboxMark(MEMBER_EMAIL);
  await member.getByTestId('withdrawal-dialog').getByRole('button', { name: 'Conferma recesso' }).click();
  await expect(toast(member)).toContainText('Recesso registrato');
  const after = orderCard(member, shortId);
  await expect(after.getByTestId('order-withdrawal')).toContainText(`1 × ${PHYSICAL}`);
  await expect(after.getByTestId('order-withdrawal')).toContainText('Recesso richiesto');

  // the acknowledgement on a durable medium, at once: the content, the date and the time
  const ack = await emailTo(MEMBER_EMAIL, `Abbiamo ricevuto il tuo recesso dall'ordine #${shortId}`, seen);
  expect(ack.text).toMatch(/il \d{1,2} \S+ \d{4} alle ore \d{2}:\d{2}/);
  expect(ack.text).toContain(`1 × ${PHYSICAL}`);

  // the admin: 'Recessi', the deadline, goods received, then the refund
  const openDetail = async () => {
    await admin.goto('/admin/orders');
    await admin.getByTestId('orders-status-filter').locator('..').click();
    await admin.getByRole('option', { name: 'Recessi' }).click();
    const row = admin.getByTestId('admin-order-id').filter({ hasText: shortId });
    await expect(row).toHaveCount(1);
    await admin.getByRole('row').filter({ hasText: shortId }).getByTestId('admin-order-open').click();
    await admin.getByRole('dialog').getByTestId('order-withdrawals').scrollIntoViewIfNeeded();
    await expect(admin.getByRole('dialog').getByTestId('order-withdrawals')).toBeVisible();
  };
  await openDetail();
  const panel = admin.getByRole('dialog').getByTestId('order-withdrawals');
  await expect(panel.getByTestId('order-withdrawal-status')).toHaveText('Recesso richiesto');
  await expect(panel.getByTestId('order-withdrawal-deadline')).toContainText('Rimborso entro il');
  await shoot(admin, info, 'admin-withdrawal', ADMIN_THEME_STORAGE_KEY, openDetail);
  await panel.getByTestId('withdrawal-received').click();
  await expect(panel.getByTestId('order-withdrawal-status')).toHaveText('Merce ricevuta');
  await panel.getByTestId('withdrawal-refund').click();
  await expect(panel.getByTestId('order-withdrawal-status')).toHaveText('Rimborsato');
  await expect(admin.getByRole('dialog').getByTestId('order-refund-amount')).toHaveText(formatEuro(linePaid));

  const done = (await api<PageResponse<AdminOrderDto>>(admin, 'GET', `/api/admin/orders?q=${shortId}`)).body.items[0]!;
  expect(done.refunds).toHaveLength(1);
  expect(done.refunds[0]).toMatchObject({ amount_cents: linePaid, status: 'succeeded', restocked: true });
  expect(done.withdrawals[0]).toMatchObject({ status: 'refunded', refund_id: done.refunds[0]!.id });

  await openOrders(member);
  await expect(orderCard(member, shortId).getByTestId('order-refund-state')).toHaveText('Rimborsato parzialmente');
  await expect(orderCard(member, shortId).getByTestId('order-withdrawal')).toContainText('Rimborsato');
});
