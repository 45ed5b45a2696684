/**
 * Sign-up that reveals nothing, end to end: registering with an address that already has an
 * account looks exactly like registering a new one (the same toast and code step); the account's
 * owner gets 'Qualcuno ha provato a registrarsi con la tua email' (read through MailDev's API),
 * whose link opens the password reset.
 */
import { expect, test, type Page } from '@playwright/test';
import { codeOf, emailTo, inboxMark } from './support/inbox';

const PASSWORD = 'Prova2026!';

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@aurumfitness.example`;
}

/** Fills the 'Registrati' tab and submits it; returns the toast's and the code step's texts. */
async function register(page: Page, email: string): Promise<{ toast: string; step: string }> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  const form = page.getByTestId('signup-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Registrati', exact: true }).click();
  const step = page.getByTestId('confirm-sign-up-step');
  await expect(step).toBeVisible();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Registrazione completata!');
  return {
    toast: (await toast.innerText()).replace(email, '<email>'),
    step: (await step.innerText()).replace(email, '<email>'),
  };
}

test('a sign-up with an existing email looks the same as a new one; the owner is told by email', async ({
  page,
  browser,
  baseURL,
}) => {
  const known = uniqueEmail('esistente');
  const seenKnown = await inboxMark(known);
  const first = await register(page, known);
  const code = codeOf(await emailTo(known, 'Il tuo codice di verifica Aurum Fitness', seenKnown));
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();

  const other = await (await browser.newContext({ baseURL, locale: 'it-IT' })).newPage();
  const seen = await inboxMark(known);
  const again = await register(other, known);
  expect(again).toEqual(first);
  const fresh = await register(other, uniqueEmail('nuovo'));
  expect(fresh).toEqual(first);

  const warning = await emailTo(known, 'Qualcuno ha provato a registrarsi con la tua email', seen);
  const link = /href="([^"]*\/login\?reset=1)"/.exec(warning.html)?.[1];
  expect(link, 'the password-reset link').toBeTruthy();
  await other.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(other.getByTestId('password-reset')).toContainText('Reimposta la password');
});
