/**
 * The Aurum Club, the shopper's half, in Chromium against the local runtime and its fake
 * Stripe:
 * (a) a shopper with a physical item picks a paid shipping method and a saved address, applies a
 *     10 % code and pays on the local page: Stripe's amount, the order's total and the cart's last
 *     shown total are the same number; the code's use count is 1;
 * (b) the customer demo account buys the Premium plan on /premium, pays and, without signing out,
 *     sees Premium-tier products and member prices; cancels from Abbonamenti and stays a member
 *     until the period ends; a simulated period end (the fake Stripe's test clock) removes the
 *     membership.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CartDto } from '../shared/api/cart';
import type { MySubscriptionDto } from '../shared/api/checkout';
import type { DiscountCodeDto } from '../shared/api/admin-offers';
import type { OrderDto } from '../shared/api/orders';
import type { PageResponse } from '../shared/api/route';
import { formatEuro } from '../shared/money';
import { LOCAL_STRIPE_KEYS } from '../infra/local/stack';
import { DEMO_USERS, signInAs } from './support/sign-in';
import { emailTo, inboxMark } from './support/inbox';
import { api } from './support/shop-api';

const PHYSICAL = 'Kettlebell in Ghisa Aurum 16 kg';
/** A seeded product of tier Premium (hidden from non-members). */
const PREMIUM_PRODUCT = 'Set Kettlebell da Competizione 8-24 kg';
const PAID_METHOD = 'Internazionale (UE)';
const SAVED_ADDRESS = 'Davide Greco';

const toast = (page: Page) => page.getByTestId('toast');

/** A new 10 % code, created by the admin through the back office API. */
async function newTenPercentCode(
  browser: Browser,
): Promise<{ code: string; usesOf: () => Promise<number>; close: () => Promise<void> }> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signInAs(admin, 'admin');
  const code = `CLUB${Date.now().toString(36).toUpperCase()}`;
  const created = await api<DiscountCodeDto>(admin, 'POST', '/api/admin/discount-codes', {
    code,
    discount_type: 'percentage',
    value: 10,
    expires_at: null,
    is_active: true,
  });
  expect(created.status).toBe(201);
  expect(created.body.times_used).toBe(0);
  return {
    code,
    usesOf: async () =>
      (await api<PageResponse<DiscountCodeDto>>(admin, 'GET', '/api/admin/discount-codes')).body.items.find(
        (c) => c.id === created.body.id,
      )!.times_used,
    close: () => ctx.close(),
  };
}

/** Euro text of the page as cents ('1.234,50 €' -> 123450). */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

test('(a) shipping, a saved address and a 10 % code: Stripe, the order and the cart show one total; the code is used once', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await newTenPercentCode(browser);
  await signInAs(page, 'customer');
  expect((await api(page, 'DELETE', '/api/cart')).status).toBe(200);
  await api(page, 'DELETE', '/api/cart/discount-code');

  // the physical item, from its product page
  const found = (await (await page.request.get(`/api/products?q=${encodeURIComponent(PHYSICAL)}`)).json()) as {
    items: { id: string; name: string; price_cents: number }[];
  };
  const product = found.items.find((p) => p.name === PHYSICAL)!;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(toast(page)).toContainText('Aggiunto!');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // a bad code first: its reason under the field, nothing applied
  await page.getByTestId('discount-code-input').fill('NONESISTE99');
  await page.getByTestId('discount-code-apply').click();
  await expect(page.getByText('Codice sconto non valido.')).toBeVisible();
  await expect(page.getByTestId('cart-code-discount')).toHaveCount(0);
  // the admin's 10 % code, typed in lower case
  await page.getByTestId('discount-code-input').fill(admin.code.toLowerCase());
  await page.getByTestId('discount-code-apply').click();
  await expect(toast(page)).toContainText('Codice applicato!');
  await expect(page.getByTestId('discount-code-chip')).toHaveText(admin.code);
  const codeOff = Math.round(product.price_cents * 0.1);
  await expect(page.getByTestId('cart-code-discount')).toHaveText(`−${formatEuro(codeOff)}`);

  // a paid shipping method (no free threshold) and the saved address
  const option = page.getByTestId('shipping-option').filter({ hasText: PAID_METHOD });
  await option.click();
  await expect(option).toHaveAttribute('data-selected', 'true');
  const shippingText = await option.getByTestId('shipping-option-price').innerText();
  expect(shippingText).not.toBe('GRATIS');
  await expect(page.getByTestId('cart-shipping')).toHaveText(shippingText);
  const address = page.getByTestId('address-option').filter({ hasText: SAVED_ADDRESS });
  await expect(address).toHaveAttribute('data-selected', 'true');

  // the total shown: goods - 10 % + shipping (shipping never discounted)
  const shownTotal = await page.getByTestId('cart-total').innerText();
  expect(cents(shownTotal)).toBe(product.price_cents - codeOff + cents(shippingText));
  const server = (await api<CartDto>(page, 'GET', '/api/cart')).body;
  expect(server.shipping_options.find((o) => o.name === PAID_METHOD)!.total_cents).toBe(cents(shownTotal));

  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId('stripe-total')).toHaveText(shownTotal);
  await expect(page.getByTestId('stripe-shipping')).toContainText(PAID_METHOD);
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page.getByRole('heading', { name: 'Grazie per il tuo ordine!' })).toBeVisible({ timeout: 20_000 });
  const orderId = page.getByTestId('checkout-order-id');
  await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
  const shortId = (await orderId.innerText()).slice(1);

  const orders = (await api<PageResponse<OrderDto>>(page, 'GET', '/api/me/orders')).body.items;
  const order = orders.find((o) => o.id.startsWith(shortId))!;
  expect(order).toBeTruthy();
  expect(order.total_cents).toBe(cents(shownTotal));
  expect(await admin.usesOf()).toBe(1);
  await admin.close();
});

test('(b) the customer buys Aurum Club Premium, gets the tier at once, cancels at period end and loses it when the period ends', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'customer');
  const showcase = (await (await page.request.get('/api/premium-products')).json()) as {
    items: { id: string; name: string }[];
  };
  const premium = showcase.items.find((p) => p.name === PREMIUM_PRODUCT)!;
  // not a member yet: the Premium product's page sends to /premium
  await page.goto(`/product/${premium.id}`);
  await expect(page).toHaveURL(/\/premium$/);

  const card = page.getByTestId('plan-card').filter({ hasText: 'Aurum Club Premium' });
  const seen = await inboxMark(DEMO_USERS.customer.email);
  await page.getByTestId('service-start-checkbox').check();
  await card.getByRole('button', { name: 'Abbonati Ora' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId('stripe-total')).toHaveText(formatEuro(4990));
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page).toHaveURL(/\/premium\?abbonamento=attivo/, { timeout: 20_000 });
  await expect(page.getByTestId('club-active')).toContainText("Benvenuto nell'Aurum Club!", { timeout: 30_000 });
  await expect(card.getByRole('button')).toHaveText('Il tuo piano attuale');
  // the member's welcome email reached their inbox (MailDev)
  const welcome = await emailTo(DEMO_USERS.customer.email, 'Benvenuto in Aurum Club', seen);
  expect(welcome.text).toContain('Aurum Club Premium');
  expect(welcome.text).toContain('10% di sconto');

  // without signing out: the Premium product and member prices
  await page.goto(`/product/${premium.id}`);
  await expect(page.getByRole('heading', { name: PREMIUM_PRODUCT })).toBeVisible();
  await expect(page.getByTestId('product-price-struck')).toBeVisible();
  await page.goto('/products');
  await page.getByPlaceholder('Cerca un prodotto...').fill(PREMIUM_PRODUCT);
  const premiumCard = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: PREMIUM_PRODUCT, exact: true }) });
  await expect(premiumCard).toHaveCount(1);
  await expect(premiumCard.getByTestId('card-price-struck')).toBeVisible();

  // Abbonamenti: plan, tier, discount, next renewal; cancel at period end behind a confirmation
  await page.goto('/profile?tab=abbonamenti');
  await expect(page.getByTestId('subscription-plan')).toHaveText('Aurum Club Premium');
  await expect(page.getByTestId('subscription-tier')).toContainText('Premium');
  await expect(page.getByTestId('subscription-discount')).toContainText('10%');
  await expect(page.getByTestId('subscription-renewal')).toHaveText(/^\d{1,2} [a-z]+ \d{4}$/);
  const periodEnd = await page.getByTestId('subscription-renewal').innerText();
  await page.getByTestId('subscription-cancel').click();
  await expect(page.getByRole('dialog')).toContainText(`fino al ${periodEnd}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Annulla abbonamento' }).click();
  await expect(toast(page)).toContainText('Abbonamento annullato');
  await expect(page.getByTestId('subscription-cancelled')).toContainText(`resti membro fino al ${periodEnd}`);
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('subscription-end')).toHaveText(periodEnd);
  // still a member
  await page.goto(`/product/${premium.id}`);
  await expect(page.getByRole('heading', { name: PREMIUM_PRODUCT })).toBeVisible();

  // the period ends (the fake Stripe's test clock): Stripe ends the subscription, the membership goes
  const mine = (await api<MySubscriptionDto>(page, 'GET', '/api/me/subscription')).body;
  expect(mine.subscription?.cancel_at_period_end).toBe(true);
  const ended = await page.request.post(
    `http://127.0.0.1:${process.env.STRIPE_PORT}/v1/test_helpers/subscriptions/${mine.subscription!.stripe_subscription_id}/end_period`,
    {
      headers: { Authorization: `Bearer ${LOCAL_STRIPE_KEYS.secret}` },
    },
  );
  expect(ended.status()).toBe(200);
  await page.goto('/profile?tab=abbonamenti');
  await expect(page.getByTestId('subscription-empty')).toContainText('Il tuo abbonamento è terminato il');
  await page.goto(`/product/${premium.id}`);
  await expect(page).toHaveURL(/\/premium$/);
  const after = (await api<MySubscriptionDto>(page, 'GET', '/api/me/subscription')).body;
  expect(after.membership.is_member).toBe(false);
});
