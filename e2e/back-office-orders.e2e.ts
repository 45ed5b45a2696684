/**
 * Orders and users in the back office, in Chromium: the admin sets an order to 'Spedito'
 * with a tracking URL and the customer sees it on the Ordini tab; the admin bans the customer,
 * whose API calls then get 403, and unbans them; the principal admin cannot be touched
 * ('Azione non permessa'). Also: the collaborator opens Ordini without the sales summary.
 * Admin and customer each have their own browser context, signed in through /login.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAs } from './support/sign-in';

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** Opens the customer's Ordini tab. */
async function openOrders(page: Page): Promise<void> {
  await page.goto('/profile');
  const tab = page.getByRole('tab', { name: /Ordini/ });
  if (await tab.count()) await tab.first().click();
  await expect(page.getByRole('heading', { name: 'I Miei Ordini' })).toBeVisible();
}

/** Reloads /profile and answers the status of the customer's GET /api/me. */
async function meStatus(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.request().method() === 'GET');
  await page.goto('/profile');
  return (await answer).status();
}

test('the admin ships an order with tracking, bans and unbans the customer, and cannot touch the principal admin', async ({
  browser,
}) => {
  // two actors, two sign-ins (one with the SMS step) and a dozen round trips: more than the default 60 s on a busy machine
  test.setTimeout(180_000);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAs(customer, 'customer');
  await openOrders(customer);
  const firstCard = customer.getByTestId('order-card').first();
  const shortId = (await firstCard.getByTestId('order-id').innerText()).replace('#', '');
  expect(shortId).toMatch(/^[0-9a-f]{8}$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');

  // Ordini: the sales summary, then the search by the short id the customer sees
  await admin.goto('/admin/orders');
  await expect(admin.getByTestId('sales-summary')).toBeVisible();
  await expect(admin.getByTestId('sales-revenue')).toHaveText(/€/);
  await admin.getByTestId('orders-search').fill(`#${shortId.toUpperCase()}`);
  const row = admin
    .getByRole('row')
    .filter({ has: admin.getByTestId('admin-order-id').getByText(`#${shortId}`, { exact: true }) });
  await expect(admin.getByTestId('admin-order-id')).toHaveCount(1);
  await expect(row).toContainText(DEMO_USERS.customer.email);
  await row.getByTestId('admin-order-open').click();

  const tracking = `BRT${Date.now()}`;
  const trackingUrl = `https://tracking.aurumfitness.example/${tracking}`;
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByTestId('order-detail')).toContainText(DEMO_USERS.customer.email);
  await expect(dialog.getByTestId('order-detail-line').first()).toBeVisible();
  await dialog.getByLabel('Stato').click();
  await admin.getByRole('option', { name: 'Spedito' }).click();
  await dialog.getByLabel('Numero di tracking').fill(tracking);
  await dialog.getByLabel('URL di tracking').fill(trackingUrl);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expectToast(admin, 'Successo', 'Ordine aggiornato.');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('admin-order-status')).toHaveText('Spedito');
  await expect(row).toContainText(tracking);

  // the customer sees it
  await openOrders(customer);
  const card = customer
    .getByTestId('order-card')
    .filter({ has: customer.getByTestId('order-id').getByText(`#${shortId}`, { exact: true }) });
  await expect(card.getByTestId('order-status')).toHaveText('Spedito');
  await expect(card.getByRole('link', { name: /Traccia il mio ordine/ })).toHaveAttribute('href', trackingUrl);

  // Utenti: ban the customer behind the confirmation; their API calls get 403
  await admin.goto('/admin/users');
  await admin.getByTestId('users-search').fill('CLIENTE@');
  const userRow = admin.getByRole('row').filter({ hasText: DEMO_USERS.customer.email });
  await expect(admin.getByTestId('admin-user-email')).toHaveText([DEMO_USERS.customer.email]);
  await userRow.getByRole('button', { name: `Banna ${DEMO_USERS.customer.email}` }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText('Sei assolutamente sicuro?');
  await expect(confirm).toContainText(
    `Stai per bannare l'utente ${DEMO_USERS.customer.email}. Questa azione è reversibile.`,
  );
  await expect(confirm.getByRole('button', { name: 'Annulla' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expectToast(admin, 'Successo!', 'Utente bannato.');
  await expect(userRow.getByTestId('admin-user-state')).toHaveText('Bannato');

  expect(await meStatus(customer)).toBe(403);
  await expect(customer.getByText('Account sospeso')).toBeVisible();

  // unban: the same token works again
  await userRow.getByRole('button', { name: `Sblocca ${DEMO_USERS.customer.email}` }).click();
  await expect(admin.getByRole('dialog')).toContainText(
    `Stai per sbloccare l'utente ${DEMO_USERS.customer.email}. Questa azione è reversibile.`,
  );
  await admin.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expectToast(admin, 'Successo!', 'Utente sbloccato.');
  await expect(userRow.getByTestId('admin-user-state')).toHaveText('Attivo');
  expect(await meStatus(customer)).toBe(200);
  await openOrders(customer);

  // the principal admin cannot be banned nor re-roled: the server's titled refusal
  await admin.getByTestId('users-search').fill(DEMO_USERS.admin.email);
  const principalRow = admin.getByRole('row').filter({ hasText: DEMO_USERS.admin.email });
  await expect(admin.getByTestId('admin-user-email')).toHaveText([DEMO_USERS.admin.email]);
  await principalRow.getByRole('button', { name: `Banna ${DEMO_USERS.admin.email}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expectToast(admin, 'Azione non permessa', "Non puoi modificare l'account admin principale.");
  await expect(principalRow.getByTestId('admin-user-state')).toHaveText('Attivo');
  await principalRow.getByRole('button', { name: `Rimuovi collaboratore ${DEMO_USERS.admin.email}` }).click();
  await expect(admin.getByRole('dialog')).toContainText(`Stai per cambiare il ruolo di ${DEMO_USERS.admin.email}`);
  await admin.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expectToast(admin, 'Azione non permessa', "Non puoi modificare l'account admin principale.");
  await expect(principalRow).toContainText('Admin');

  await customerContext.close();
  await adminContext.close();
});

test('the collaborator runs Ordini without the sales summary', async ({ page }) => {
  await signInAs(page, 'collaborator');
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Ordini', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-order-id').first()).toBeVisible();
  await expect(page.getByTestId('sales-summary')).toHaveCount(0);
  await page.getByTestId('orders-status-filter').locator('..').click();
  await page.getByRole('option', { name: 'Completato' }).click();
  await expect(page.getByTestId('admin-order-status').first()).toHaveText('Completato');
  const statuses = await page.getByTestId('admin-order-status').allInnerTexts();
  expect(new Set(statuses)).toEqual(new Set(['Completato']));
});
