/**
 * The Aurum Club's right of withdrawal, the customer's path in Chromium against the local runtime
 * and its fake Stripe: a new customer cannot start a plan's payment without ticking the express
 * request to start at once (art. 50 c.3 Codice del Consumo); with it, pays on the local page and is
 * a member; in Abbonamenti, 'Recedi dal contratto' (beside 'Annulla abbonamento') opens the dialog
 * with the plan, the start, the amount paid, the part kept and the refund; confirming ends the
 * membership at once (Premium products hidden again) and the acknowledgement reaches the inbox with
 * the date and time of the request.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatEuro } from '../shared/money';
import { codeOf, emailTo, inboxMark } from './support/inbox';

/** A seeded product of tier Premium (hidden from non-members). */
const PREMIUM_PRODUCT = 'Set Kettlebell da Competizione 8-24 kg';
const PREMIUM_PRICE = 4990;

/** Registers through the page, confirms with the emailed code and signs in; ends on /profile. */
async function newCustomer(page: Page): Promise<string> {
  const email = `e2e-club-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@aurumfitness.example`;
  const password = 'Prova2026!';
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: 'Accetto i Termini e la Privacy Policy' }).check();
  const seen = await inboxMark(email);
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  const code = codeOf(await emailTo(email, 'Il tuo codice di verifica Aurum Fitness', seen));
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return email;
}

test('a new member ticks the express request, pays, withdraws within 14 days and the membership ends at once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await newCustomer(page);
  const showcase = (await (await page.request.get('/api/premium-products')).json()) as {
    items: { id: string; name: string }[];
  };
  const premium = showcase.items.find((p) => p.name === PREMIUM_PRODUCT)!;

  await test.step('the plan cannot be paid without the express request; with it, the payment page', async () => {
    await page.goto('/premium');
    const box = page.getByTestId('service-start-checkbox');
    await expect(box).not.toBeChecked();
    await expect(page.getByTestId('service-start-request')).toContainText(
      "Chiedo espressamente che l'abbonamento inizi subito, durante i 14 giorni per il recesso",
    );
    const card = page.getByTestId('plan-card').filter({ hasText: 'Aurum Club Premium' });
    await card.getByRole('button', { name: 'Abbonati Ora' }).click();
    await expect(page.getByTestId('service-start-missing')).toHaveText(
      "Spunta la casella per chiedere che l'abbonamento inizi subito.",
    );
    await expect(page).toHaveURL(/\/premium$/);
    await box.check();
    await card.getByRole('button', { name: 'Abbonati Ora' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Paga' }).click();
    await expect(page.getByTestId('club-active')).toContainText("Benvenuto nell'Aurum Club!", { timeout: 30_000 });
  });

  await test.step("'Recedi dal contratto': the dialog shows what is kept and refunded; confirming ends the membership", async () => {
    await page.goto('/profile?tab=abbonamenti');
    await expect(page.getByTestId('subscription-plan')).toHaveText('Aurum Club Premium');
    // both: stop the renewal, or withdraw from the contract
    await expect(page.getByTestId('subscription-cancel')).toHaveText('Annulla abbonamento');
    const start = await page.getByTestId('subscription-start').innerText();
    const seen = await inboxMark(email);
    await page.getByTestId('club-withdraw').click();
    const dialog = page.getByTestId('club-withdrawal-dialog');
    await expect(dialog).toContainText("Recedere dal contratto dell'Aurum Club?");
    await expect(dialog.getByTestId('club-withdrawal-plan')).toHaveText('Aurum Club Premium');
    await expect(dialog.getByTestId('club-withdrawal-start')).toHaveText(start);
    await expect(dialog.getByTestId('club-withdrawal-paid')).toHaveText(formatEuro(PREMIUM_PRICE));
    // bought today: no day enjoyed yet, everything back
    await expect(dialog.getByTestId('club-withdrawal-kept')).toHaveText(formatEuro(0));
    await expect(dialog.getByTestId('club-withdrawal-refund')).toHaveText(formatEuro(PREMIUM_PRICE));
    await dialog.getByRole('button', { name: 'Conferma il recesso' }).click();
    await expect(page.getByTestId('toast')).toContainText('Recesso registrato');
    await expect(page.getByTestId('subscription-empty')).toContainText('Hai receduto dal contratto il');

    // the acknowledgement, on a durable medium, with the date and time of the request
    const ack = await emailTo(email, 'Abbiamo ricevuto il tuo recesso da Aurum Club', seen);
    expect(ack.text).toMatch(/\d{1,2} [a-z]+ \d{4} alle ore \d{2}:\d{2}/);
    expect(ack.text).toContain(formatEuro(PREMIUM_PRICE));

    // the tier is gone: the Premium product's page sends to /premium again
    await page.goto(`/product/${premium.id}`);
    await expect(page).toHaveURL(/\/premium$/);
  });
});
