/**
 * Sign-up that reveals nothing, end to end: registering with an address that already has an
 * account looks exactly like registering a new one (the same toast and code step); the account's
 * owner gets 'Qualcuno ha provato a registrarsi con la tua email' (read through MailDev's API),
 * whose link opens the password reset. The Termini and Privacy Policy must be accepted (the
 * server refuses otherwise); a customer who has not accepted the version in force sees
 * 'Abbiamo aggiornato i Termini' once. Cognito's own SignUp, called with the public app client id,
 * refuses a known and a new address alike.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../shared/runtime-config';
import { codeOf, emailTo, inboxMark, mailInbox } from './support/inbox';
import { scrollToLiveSection } from './support/served-sections';

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
  // both boxes start unticked; the terms are required, the newsletter is not
  const terms = form.getByRole('checkbox', { name: 'Accetto i Termini e la Privacy Policy' });
  await expect(terms).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /newsletter/ })).not.toBeChecked();
  await terms.check();
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
  // a wrong code: the server's message, the step stays
  await page.getByLabel('Codice di verifica').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expect(page.getByTestId('toast')).toContainText(
    "Codice non valido o scaduto. Controlla l'email o chiedi un nuovo codice.",
  );
  await expect(page.getByTestId('confirm-sign-up-step')).toBeVisible();
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();

  // Cognito's own sign-up, called with the public client id of /config.json, tells nobody anything
  const direct = async (email: string) => {
    const config = (await (await page.request.get('/config.json')).json()) as RuntimeConfig;
    const res = await page.request.post(config.cognitoEndpoint!, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      data: JSON.stringify({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    });
    return { status: res.status(), body: (await res.json()) as unknown };
  };
  const forKnown = await direct(known);
  expect(forKnown.status).toBe(400);
  expect(forKnown.body).toMatchObject({ __type: 'NotAuthorizedException' });
  expect(await direct(uniqueEmail('diretto'))).toEqual(forKnown);

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

test('sign-up without accepting the Termini is refused; the links open the real legal pages', async ({ page }) => {
  const email = uniqueEmail('senza-termini');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  const form = page.getByTestId('signup-form');
  await expect(form.getByRole('link', { name: 'Termini' })).toHaveAttribute('href', '/legal/termini-e-condizioni');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy-policy');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Registrati', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Errore di registrazione');
  await expect(toast).toContainText('Per registrarti devi accettare i Termini e la Privacy Policy.');
  await expect(page.getByTestId('confirm-sign-up-step')).toHaveCount(0);
  expect(await inboxMark(email)).toEqual([]);
});

test("a customer who has not accepted the Termini in force sees 'Abbiamo aggiornato i Termini' once", async ({
  page,
}) => {
  // an account from before the consent existed: created through Cognito's admin API, as the seeds
  // create accounts (the shop's sign-up records the acceptance)
  const email = uniqueEmail('termini');
  const config = (await (await page.request.get('/config.json')).json()) as RuntimeConfig;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.cognitoEndpoint ?? undefined,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: `Tmp-${Date.now()}Aa1`,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      Password: PASSWORD,
      Permanent: true,
    }),
  );

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const dialog = page.getByRole('dialog', { name: 'Abbiamo aggiornato i Termini' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Termini' })).toHaveAttribute('href', '/legal/termini-e-condizioni');
  await dialog.getByRole('button', { name: 'Accetto' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Il Mio Profilo' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: 'Abbiamo aggiornato i Termini' })).toHaveCount(0);
});

test('newsletter: the footer box, the confirmation email, confirmed, and the unsubscribe link works', async ({
  page,
}) => {
  const email = uniqueEmail('newsletter');
  const seen = await inboxMark(email);
  await page.goto('/');
  // the footer's content loads as it nears the viewport (the served markup is replaced by the SPA's)
  await scrollToLiveSection(page, 'site-footer-content');
  const form = page.getByTestId('newsletter-form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Email per la newsletter').fill(email);
  await form.getByRole('button', { name: 'Iscriviti' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Controlla la tua email');

  const confirmEmail = await emailTo(email, "Conferma l'iscrizione alla newsletter", seen);
  const confirmLink = /href="([^"]*\/newsletter\/conferma\?token=[^"]+)"/.exec(confirmEmail.html)?.[1];
  expect(confirmLink, 'the confirmation link').toBeTruthy();
  const confirmUrl = new URL(confirmLink!.replace(/&amp;/g, '&'));
  await page.goto(confirmUrl.pathname + confirmUrl.search);
  const confirmPage = page.getByTestId('newsletter-confirm');
  await confirmPage.getByRole('button', { name: 'Conferma iscrizione' }).click();
  await expect(confirmPage).toContainText('Iscrizione confermata!');

  const welcome = await emailTo(email, 'Iscrizione alla newsletter confermata', [...seen, confirmEmail.id]);
  expect(await mailInbox().header(welcome.id, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const leaveLink = /href="([^"]*\/newsletter\/disiscrizione\?token=[^"]+)"/.exec(welcome.html)?.[1];
  expect(leaveLink, 'the unsubscribe link').toBeTruthy();
  const leaveUrl = new URL(leaveLink!.replace(/&amp;/g, '&'));
  await page.goto(leaveUrl.pathname + leaveUrl.search);
  const leavePage = page.getByTestId('newsletter-unsubscribe');
  await leavePage.getByRole('button', { name: 'Annulla iscrizione' }).click();
  await expect(leavePage).toContainText('Iscrizione annullata');
});
