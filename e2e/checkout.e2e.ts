/**
 * Shopping end to end (cart, wishlist, checkout): a Premium member fills the cart from a
 * card, the product page and the bundles page, sees the member discount, pays on the local fake
 * Stripe hosted page and finds the order in the profile with the stock lowered; a customer
 * cancels a payment and keeps the cart; the wishlist heart and the header badge; a sold-out
 * product cannot be added.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDetailDto } from '../shared/api/catalog';
import type { CartDto } from '../shared/api/cart';
import { formatEuro } from '../shared/money';
import { SEED_FIXTURES } from '../infra/local/seed/seed-catalog';
import { emailTo, mailInbox } from './support/inbox';
import { productByName } from './support/shop-api';

const MEMBER = { email: 'membro@aurumfitness.example', password: 'Membro2026!' };
const CUSTOMER = { email: 'cliente@aurumfitness.example', password: 'Cliente2026!' };

/** A physical product in stock, a digital product and a digital-only bundle of the seed. */
const PHYSICAL = 'Kettlebell in Ghisa Aurum 16 kg';
const DIGITAL = 'Planner Allenamento 12 Settimane';
const BUNDLE = 'Pacchetto Trasformazione Digitale';
const CANCEL_PRODUCT = 'Corda per Saltare Speed Aurum';
const WISHED = 'Shaker in Acciaio Aurum 750 ml';

const cards = (page: Page) => page.getByTestId('product-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page) => page.getByTestId('toast');
const badge = (page: Page, testId: 'cart-button' | 'wishlist-button') =>
  page.getByTestId(testId).getByTestId('count-badge');

/** Signs in through /login ('Email', 'Password', 'Accedi') and waits for the profile. */
async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.locator('form').getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
}

/** The signed-in user's Cognito ID token, as Amplify keeps it in localStorage. */
async function idToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      Object.entries(localStorage).find(
        ([k]) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
      )?.[1] ?? null,
  );
  expect(token, 'ID token in localStorage').toBeTruthy();
  return token!;
}

/** Calls the API as the signed-in user. */
async function api<T>(
  request: APIRequestContext,
  page: Page,
  method: 'GET' | 'DELETE' | 'POST',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const headers = { Authorization: `Bearer ${await idToken(page)}` };
  const res = await request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  const res = await request.get(`/api/products/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ProductDetailDto).quantity;
}

/** Starts from an empty cart (earlier tests of the run may have left lines). */
async function emptyCart(page: Page): Promise<void> {
  const { status } = await api<CartDto>(page.request, page, 'DELETE', '/api/cart');
  expect(status).toBe(200);
}

async function searchProducts(page: Page, text: string): Promise<void> {
  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();
  await page.getByPlaceholder('Cerca un prodotto...').fill(text);
  await expect(card(page, text)).toHaveCount(1);
}

test('a Premium member buys two products and a bundle at the member price and sees the order and the stock', async ({
  page,
}) => {
  await signIn(page, MEMBER);
  await emptyCart(page);
  const physical = await productByName(page.request, PHYSICAL);
  const digital = await productByName(page.request, DIGITAL);
  const stockBefore = await stockOf(page.request, physical.id);
  expect(stockBefore).toBeGreaterThan(2);

  // A card: the member price with the list price struck through, then 'Aggiungi'.
  await searchProducts(page, PHYSICAL);
  const physicalCard = card(page, PHYSICAL);
  await expect(physicalCard.getByTestId('card-price-struck')).toHaveText(formatEuro(physical.price_cents));
  await physicalCard.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(toast(page)).toContainText('Aggiunto!');
  await expect(toast(page)).toContainText('Articolo aggiunto al carrello.');
  await expect(badge(page, 'cart-button')).toHaveText('1');

  // The product page: discounted price, 'Aggiungi al Carrello'.
  await page.goto(`/product/${digital.id}`);
  await expect(page.getByTestId('product-price-struck')).toHaveText(formatEuro(digital.price_cents));
  await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(toast(page)).toContainText('Articolo aggiunto al carrello.');
  await expect(badge(page, 'cart-button')).toHaveText('2');

  // The bundles page.
  await page.goto('/bundles');
  const bundleCard = page.getByTestId('bundle-card').filter({ hasText: BUNDLE });
  await bundleCard.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
  await expect(toast(page)).toContainText('Articolo aggiunto al carrello.');
  await expect(badge(page, 'cart-button')).toHaveText('3');

  // The cart: three lines, struck unit prices, 'Sconto Premium', totals as the server prices them.
  await page.getByTestId('cart-button').click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  const physicalLine = lines.filter({ hasText: PHYSICAL });
  await physicalLine.getByRole('button', { name: 'Aumenta quantità' }).click();
  await expect(toast(page)).toContainText('Aggiornato!');
  await expect(toast(page)).toContainText('Quantità aggiornata nel carrello.');
  await expect(physicalLine.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-line-struck')).toHaveCount(3);
  await expect(page.getByTestId('cart-summary')).toContainText('Subtotale (4 articoli)');
  await expect(page.getByTestId('cart-summary')).toContainText('Sconto Premium');
  await expect(page.getByTestId('cart-shipping')).toHaveText('GRATIS');

  const { body: server } = await api<CartDto>(page.request, page, 'GET', '/api/cart');
  expect(server.discount_cents).toBeGreaterThan(0);
  expect(server.total_cents).toBe(server.original_total_cents - server.discount_cents);
  const totalText = formatEuro(server.total_cents);
  await expect(page.getByTestId('cart-total')).toHaveText(totalText);
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${formatEuro(server.discount_cents)}`);
  await expect(physicalLine.getByTestId('cart-line-total')).toHaveText(
    formatEuro(server.lines.find((l) => l.product_id === physical.id)!.line_total_cents),
  );

  // Digital content (art. 59 c.1 lett. o): an unticked consent box; without it the button waits and
  // the checkout route refuses the cart (400 naming the field), nothing reserved.
  const consent = page.getByTestId('digital-consent');
  await expect(consent).toContainText("Acconsento all'inizio immediato della fornitura dei contenuti digitali");
  await expect(page.getByTestId('digital-consent-checkbox')).not.toBeChecked();
  await expect(page.getByTestId('checkout-button')).toBeDisabled();
  await expect(page.getByTestId('checkout-blocker')).toHaveText(
    'Per i contenuti digitali spunta la casella del consenso per continuare.',
  );
  const refused = await api<{ field: string; message: string }>(page.request, page, 'POST', '/api/checkout/session', {
    expected_total_cents: server.total_cents,
  });
  expect(refused.status).toBe(400);
  expect(refused.body.field).toBe('digital_consent');
  expect(refused.body.message).toContain('Consenso alla fornitura immediata dei contenuti digitali');
  // a look at the box: dark and light, desktop and mobile (attached to the test's output)
  for (const mode of ['dark', 'light'] as const) {
    await page.evaluate((m) => localStorage.setItem('aurum-theme', m), mode);
    for (const size of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'mobile', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.reload();
      await consent.scrollIntoViewIfNeeded();
      const path = test.info().outputPath(`digital-consent-${mode}-${size.label}.png`);
      await page.screenshot({ path });
      await test.info().attach(`digital-consent-${mode}-${size.label}`, { path, contentType: 'image/png' });
    }
  }
  await page.evaluate(() => localStorage.removeItem('aurum-theme'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await page.getByTestId('digital-consent-checkbox').check();

  // Checkout: the button turns busy, the fake hosted page charges the same total.
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId('stripe-total')).toHaveText(totalText);
  await page.getByRole('button', { name: 'Paga' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Grazie per il tuo ordine!' })).toBeVisible();
  const orderId = page.getByTestId('checkout-order-id');
  await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
  const shortId = (await orderId.innerText()).slice(1);
  await expect(badge(page, 'cart-button')).toHaveCount(0);

  // The profile's orders: the new order with the same total, status 'In elaborazione'.
  await page.getByRole('link', { name: 'Vai ai miei ordini' }).click();
  await expect(page).toHaveURL(/\/profile/);
  const ordersTab = page.getByRole('tab', { name: /Ordini/ });
  if (await ordersTab.count()) await ordersTab.first().click();
  await expect(page.getByRole('heading', { name: 'I Miei Ordini' })).toBeVisible();
  const order = page
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-total')).toHaveText(totalText);
  await expect(order.getByTestId('order-status')).toHaveText('In elaborazione');
  await expect(order.getByTestId('order-item')).toHaveCount(3);
  // The bundle delivers what it contains: its three digital products, each with its own download
  // (the planner bought on its own adds a fourth link to the order).
  const bundleLine = order.getByTestId('order-item').filter({ hasText: BUNDLE });
  await expect(bundleLine.getByTestId('order-bundle-item')).toHaveCount(3);
  const bundleDownloads = bundleLine.getByTestId('order-download');
  await expect(bundleDownloads).toHaveCount(3);
  for (const href of await bundleDownloads.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  }
  await expect(order.getByTestId('order-download')).toHaveCount(4);

  // Exactly one confirmation email, with the same total, reached the member's inbox (MailDev).
  const confirmation = await emailTo(MEMBER.email, `Conferma ordine #${shortId}`, []);
  expect(confirmation.text).toContain(totalText);
  expect(confirmation.text).toContain('IVA inclusa');
  // the consent and its time, on the durable medium
  expect(confirmation.text).toMatch(/Il \d{1,2} \S+ \d{4} alle ore \d{2}:\d{2} hai acconsentito/);
  await page.waitForTimeout(1_500);
  expect(await mailInbox().to(MEMBER.email, `Conferma ordine #${shortId}`)).toHaveLength(1);

  // The stock went down by the two kettlebells bought; the cart is empty.
  expect(await stockOf(page.request, physical.id)).toBe(stockBefore - 2);
  await page.goto('/cart');
  await expect(page.getByText('Il tuo carrello è vuoto')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inizia lo Shopping' })).toHaveAttribute('href', '/products');
});

test('cancelling on the payment page keeps the cart', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await emptyCart(page);
  await searchProducts(page, CANCEL_PRODUCT);
  await card(page, CANCEL_PRODUCT).getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(toast(page)).toContainText('Articolo aggiunto al carrello.');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // A customer without membership: no discount line, no struck price.
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  await expect(page.getByTestId('cart-line-struck')).toHaveCount(0);
  const total = await page.getByTestId('cart-total').innerText();

  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId('stripe-total')).toHaveText(total);
  const payUrl = page.url();
  await page.getByRole('button', { name: 'Annulla' }).click();

  await expect(page).toHaveURL(/\/checkout\/cancel\?checkout=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Pagamento Annullato' })).toBeVisible();
  await expect(page.getByTestId('checkout-cancel')).toContainText('ancora nel carrello');
  await expect(badge(page, 'cart-button')).toHaveText('1');
  // The abandoned session can no longer be paid (its reserved stock went back).
  const abandoned = await page.request.get(payUrl);
  await expect.poll(async () => (await (await page.request.get(payUrl)).text()).includes('scaduta')).toBe(true);
  expect(abandoned.ok()).toBe(true);
  await page.getByRole('link', { name: 'Torna al Carrello' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText(total);

  // Minus at quantity 1 removes the line.
  await page.getByRole('button', { name: 'Diminuisci quantità' }).click();
  await expect(toast(page)).toContainText('Articolo rimosso dal carrello.');
  await expect(page.getByText('Il tuo carrello è vuoto')).toBeVisible();
});

test('the wishlist heart toggles, the header badge follows and the wishlist page adds to the cart', async ({
  page,
}) => {
  await signIn(page, CUSTOMER);
  await emptyCart(page);
  await searchProducts(page, WISHED);
  const heart = card(page, WISHED).getByTestId('wishlist-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(toast(page)).toContainText('Prodotto aggiunto alla tua lista dei desideri.');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(badge(page, 'wishlist-button')).toHaveText('1');

  await page.getByTestId('wishlist-button').click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const item = page.getByTestId('wishlist-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(WISHED);
  await expect(item).toContainText('Accessori');
  await item.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(toast(page)).toContainText('Articolo aggiunto al carrello.');
  await expect(badge(page, 'cart-button')).toHaveText('1');

  await item.getByRole('button', { name: 'Rimuovi dalla lista dei desideri' }).click();
  await expect(toast(page)).toContainText('Prodotto rimosso dalla tua lista dei desideri.');
  await expect(page.getByText('La tua lista dei desideri è vuota.')).toBeVisible();
  await expect(badge(page, 'wishlist-button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Scopri i prodotti' })).toHaveAttribute('href', '/products');

  // The heart on the card is empty again after a reload.
  await searchProducts(page, WISHED);
  await expect(card(page, WISHED).getByTestId('wishlist-toggle')).toHaveAttribute('aria-pressed', 'false');
  await emptyCart(page);
});

test('a sold-out product cannot be added, neither from the shop nor through the API', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await emptyCart(page);
  const soldOut = await productByName(page.request, SEED_FIXTURES.soldOutProductName);
  await searchProducts(page, SEED_FIXTURES.soldOutProductName);
  await expect(card(page, SEED_FIXTURES.soldOutProductName).getByRole('button', { name: 'Esaurito' })).toBeDisabled();
  await page.goto(`/product/${soldOut.id}`);
  // the product's own button (related products below may be sold out too)
  await expect(page.getByRole('button', { name: 'Esaurito' }).first()).toBeDisabled();

  const refused = await api<{ title?: string; message: string }>(page.request, page, 'POST', '/api/cart/items', {
    product_id: soldOut.id,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.title).toBe('Prodotto Esaurito');
  expect(refused.body.message).toBe('Questo prodotto non è al momento disponibile.');
  const { body: cart } = await api<CartDto>(page.request, page, 'GET', '/api/cart');
  expect(cart.lines).toHaveLength(0);
});

test('visitors are sent to /login by the cart and wishlist buttons', async ({ page }) => {
  await searchProducts(page, WISHED);
  await card(page, WISHED).getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(toast(page)).toContainText('Devi effettuare il login per aggiungere prodotti al carrello.');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
});
