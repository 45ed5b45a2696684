/**
 * Personal data and receipts end to end in Chromium: a new customer enters business billing data
 * (Fatturazione), buys a digital planner, downloads the order's receipt PDF ('Scarica ricevuta') and
 * the data export ('Scarica i miei dati'), then deletes the account ('Elimina account', password
 * and confirmation: GDPR art. 17) and can no longer sign in, while the admin still finds the order's
 * tax record with the billing data taken at checkout (art. 2220 c.c.), no longer its email.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { codeOf, emailTo, inboxMark } from './support/inbox';
import { idTokenOf, signInAs } from './support/sign-in';

const DIGITAL = 'Planner Allenamento 12 Settimane';

async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.getByTestId('toast')).toContainText(title);
}

/** Registers through the page, confirms with the emailed code and signs in; ends on /profile. */
async function newCustomer(page: Page): Promise<{ email: string; password: string }> {
  const creds = {
    email: `e2e-gdpr-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@aurumfitness.example`,
    password: 'Prova2026!',
  };
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('checkbox', { name: 'Accetto i Termini e la Privacy Policy' }).check();
  const seen = await inboxMark(creds.email);
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  const code = codeOf(await emailTo(creds.email, 'Il tuo codice di verifica Aurum Fitness', seen));
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return creds;
}

test('a customer downloads the receipt and the data export, deletes the account and can no longer sign in; the admin still sees the order', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const creds = await newCustomer(page);

  await test.step('Fatturazione: business billing data, check digits verified', async () => {
    await page.getByRole('tab', { name: 'Fatturazione' }).click();
    await page.getByLabel('Ragione sociale').fill('Palestra Rossi S.r.l.');
    await page.getByLabel('Partita IVA').fill('00743110158');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('billing-form')).toContainText("Il campo 'Partita IVA' non è valido.");
    await page.getByLabel('Partita IVA').fill('00743110157');
    await page.getByLabel('Codice destinatario SDI').fill('M5UXCR1');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Dati di fatturazione aggiornati.');
  });

  let shortId = '';
  await test.step('buys the digital planner', async () => {
    const found = await page.request.get(`/api/products?q=${encodeURIComponent(DIGITAL)}`);
    const product = ((await found.json()) as { items: { id: string; name: string }[] }).items.find(
      (p) => p.name === DIGITAL,
    )!;
    const added = await page.request.post('/api/cart/items', {
      headers: { Authorization: `Bearer ${await idTokenOf(page)}` },
      data: { product_id: product.id, quantity: 1 },
    });
    expect(added.ok()).toBe(true);
    await page.goto('/cart');
    // art. 59 c.1 lett. o Codice del Consumo: digital content needs the consent to its immediate supply
    await page.getByTestId('digital-consent-checkbox').check();
    await page.getByTestId('checkout-button').click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Paga' }).click();
    const orderId = page.getByTestId('checkout-order-id');
    await expect(orderId).toHaveText(/^#[0-9a-f]{8}$/, { timeout: 15_000 });
    shortId = (await orderId.innerText()).slice(1);
  });

  await test.step("'Scarica ricevuta' downloads the order's PDF", async () => {
    await page.goto('/profile');
    const card = page
      .getByTestId('order-card')
      .filter({ has: page.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Scarica ricevuta' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ricevuta-${shortId}.pdf`);
    const file = testInfo.outputPath(`ricevuta-${shortId}.pdf`);
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step("'Scarica i miei dati' downloads everything held, as JSON", async () => {
    await page.getByRole('tab', { name: 'Account' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aurum-fitness-dati-\d{4}-\d{2}-\d{2}\.json$/);
    const file = testInfo.outputPath('dati.json');
    await download.saveAs(file);
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      profile: { email: string };
      billing: { company_name: string; vat_number: string };
      orders: { id: string; items: { name: string }[] }[];
    };
    expect(data.profile.email).toBe(creds.email);
    expect(data.billing).toMatchObject({ company_name: 'Palestra Rossi S.r.l.', vat_number: '00743110157' });
    expect(data.orders.map((o) => o.id.slice(0, 8))).toEqual([shortId]);
    expect(data.orders[0]!.items[0]!.name).toBe(DIGITAL);
  });

  await test.step('the Account tab, dark and light, desktop and mobile (looked at)', async () => {
    for (const scheme of ['dark', 'light'] as const)
      for (const viewport of [
        { name: 'desktop', width: 1366, height: 900 },
        { name: 'mobile', width: 390, height: 844 },
      ]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('account-data')).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`account-${scheme}-${viewport.name}.png`), fullPage: true });
      }
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step("'Elimina account': the password again, the confirmation, then no sign-in", async () => {
    await page.getByRole('button', { name: 'Elimina account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    const confirm = dialog.getByRole('button', { name: 'Elimina definitivamente' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Password').fill('Sbagliata2026!');
    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await expect(dialog).toContainText('La password non è corretta.');
    await dialog.getByLabel('Password').fill(creds.password);
    await confirm.click();
    await expectToast(page, 'Il tuo account è stato eliminato.');
    // signed out: the home page, or the sign-in page when a request of the old session answered 401 first
    await expect(page).toHaveURL(/\/(login)?$/);
    await page.goto('/login');
    await page.getByLabel('Email').fill(creds.email);
    await page.getByLabel('Password').fill(creds.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('the admin still sees the order: its tax record with the billing data, no longer the email', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/admin/orders');
    await admin.getByTestId('orders-search').fill(`#${shortId}`);
    const row = admin
      .getByRole('row')
      .filter({ has: admin.getByTestId('admin-order-id').getByText(`#${shortId}`, { exact: true }) });
    await expect(row).toContainText('Account eliminato');
    await expect(row).not.toContainText(creds.email);
    await row.getByTestId('admin-order-open').click();
    await expect(admin.getByRole('dialog').getByTestId('order-customer')).toHaveText('Account eliminato');
    const billing = admin.getByRole('dialog').getByTestId('order-billing');
    await expect(billing).toContainText('Palestra Rossi S.r.l.');
    await expect(billing).toContainText('00743110157');
    await expect(billing).toContainText('M5UXCR1');
    await context.close();
  });
});
