/**
 * Accounts: registration with the email code, sign-in, two-factor
 * enrolment and sign-in with an authenticator code, the admin SMS step, route guards, session
 * across reloads and tabs, and the profile tabs (addresses, billing, password, membership,
 * suspended account). Emailed and SMS codes are random, as in the cloud, and read from the
 * runtime's outbox.log (outbox-codes.ts); authenticator codes are computed from the secret shown
 * on the page.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { codeSentTo, outboxMark, wrongCode } from './outbox-codes';
import { codeOf, emailTo, inboxMark } from './support/inbox';

const ADMIN = { email: 'supporto@aurumfitness.example', password: 'Admin2026!', phone: '+390800000000' };
const CUSTOMER = { email: 'cliente@aurumfitness.example', password: 'Cliente2026!' };
const MEMBER = { email: 'membro@aurumfitness.example', password: 'Membro2026!' };
const TOTP_PERIOD = 30;

interface Credentials {
  email: string;
  password: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@aurumfitness.example`;
}

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** The TOTP code of the current 30 s window, waiting for the next window when this one is about to end or gave `avoid`. */
async function freshTotp(secret: string, avoid?: string): Promise<string> {
  for (;;) {
    const now = Date.now() / 1000;
    const left = TOTP_PERIOD - (now % TOTP_PERIOD);
    const code = generateSync({ secret, epoch: Math.floor(now) });
    if (left > 4 && code !== avoid) return code;
    await new Promise((r) => setTimeout(r, (left + 0.5) * 1000));
  }
}

/** A 6-digit code that is none of the codes of the previous, current and next window. */
function wrongTotp(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-1, 0, 1].map((w) => generateSync({ secret, epoch: now + w * TOTP_PERIOD })));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(generateSync({ secret, epoch: now })) + 111_111 + n) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

async function fillCredentials(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** Signs in from /login and waits for the destination. */
async function signIn(page: Page, creds: Credentials, landing = /\/profile$/): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, creds);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * Registers a new user through the page and confirms it with the emailed code (with `resend`,
 * after asking for the code again); ends on the sign-in tab.
 */
async function signUpAndConfirm(page: Page, tag: string, opts: { resend?: boolean } = {}): Promise<Credentials> {
  const creds = { email: uniqueEmail(tag), password: 'Prova2026!' };
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  // the rule as the server applies it, not a looser hint
  await expect(page.getByText('Almeno 8 caratteri, con una maiuscola, una minuscola e un numero.')).toBeVisible();
  await fillCredentials(page, creds);
  await page.getByRole('checkbox', { name: 'Accetto i Termini e la Privacy Policy' }).check();
  const seen = await inboxMark(creds.email);
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  await expectToast(page, 'Registrazione completata!', "Controlla la tua email per confermare l'account.");
  const step = page.getByTestId('confirm-sign-up-step');
  await expect(step).toBeVisible();
  await expect(step).toContainText(creds.email);
  // the code as the new user reads it: the shop's email in the inbox
  const first = await emailTo(creds.email, 'Il tuo codice di verifica Aurum Fitness', seen);
  let code = codeOf(first);
  if (opts.resend) {
    await page.getByRole('button', { name: 'Invia di nuovo il codice' }).click();
    await expectToast(page, 'Codice inviato', 'Controlla la tua email: ti abbiamo inviato un nuovo codice.');
    code = codeOf(await emailTo(creds.email, 'Il tuo nuovo codice di verifica Aurum Fitness', [...seen, first.id]));
  }
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma account' }).click();
  await expectToast(page, 'Account confermato!');
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(creds.email);
  return creds;
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu').getByRole('menu')).toBeVisible();
}

async function logout(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logout effettuato con successo');
  await expect(page).toHaveURL(/\/$/);
}

/** The Cognito ID token Amplify keeps in localStorage. */
async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
    );
    return key ? localStorage.getItem(key) : null;
  });
  expect(token, 'an ID token in localStorage').toBeTruthy();
  return token!;
}

function subOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

async function signInAdmin(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, locale: 'it-IT' })).newPage();
  await page.goto('/login');
  await fillCredentials(page, ADMIN);
  const mark = outboxMark();
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verifica Admin' })).toBeVisible();
  await page.getByLabel('Codice di verifica').fill(await codeSentTo(ADMIN.phone, mark));
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  return page;
}

test('register, ask for the code again, confirm, sign in, enable 2FA, sign out, sign in with the authenticator code', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const creds = await signUpAndConfirm(page, 'totp', { resend: true });

  await test.step('sign in lands on /profile with email and role', async () => {
    await page.getByLabel('Password').fill(creds.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expectToast(page, 'Accesso effettuato con successo!');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-email')).toHaveText(creds.email);
    await expect(page.getByTestId('profile-role')).toHaveText('Cliente');
    await expect(page.getByRole('heading', { name: 'I Miei Ordini' })).toBeVisible();
  });

  let secret = '';
  let setupCode = '';
  await test.step('enrol TOTP in Sicurezza', async () => {
    await page.getByRole('tab', { name: 'Sicurezza' }).click();
    await expect(page).toHaveURL(/\?tab=sicurezza$/);
    await expect(page.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'false');
    await page.getByTestId('mfa-enable').click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    setupCode = await freshTotp(secret);
    await page.getByTestId('totp-setup').getByLabel('Codice di verifica').fill(setupCode);
    await page.getByRole('button', { name: 'Verifica e attiva' }).click();
    await expectToast(page, '2FA attivata con successo!');
    await expect(page.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
    await expect(page.getByTestId('mfa-chip')).toHaveText('Attiva');
    await page.reload();
    await expect(page.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
  });

  await test.step('sign out', async () => {
    await logout(page);
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Accedi' }).first()).toBeAttached();
  });

  await test.step('sign in asks for the authenticator code; a wrong one is refused', async () => {
    await page.goto('/login');
    await fillCredentials(page, creds);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori' })).toBeVisible();
    const input = page.getByLabel('Codice di verifica');
    await expect(input).toHaveAttribute('placeholder', '123456');
    await expect(input).toHaveAttribute('maxlength', '6');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await input.fill('12ab34');
    await expect(input).toHaveValue('1234');
    await input.fill(wrongTotp(secret));
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    await expectToast(page, 'Codice non valido');
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the right code signs in', async () => {
    await page.getByLabel('Codice di verifica').fill(await freshTotp(secret, setupCode));
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    await expectToast(page, 'Accesso verificato con successo!');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-email')).toHaveText(creds.email);
  });

  await test.step("'Torna al login' leaves the 2FA view", async () => {
    await logout(page);
    await page.goto('/login');
    await fillCredentials(page, creds);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori' })).toBeVisible();
    await page.getByRole('button', { name: 'Torna al login' }).click();
    await expect(page.getByTestId('signin-form')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Area Riservata' })).toBeVisible();
  });
});

test('a wrong password shows Errore di accesso and keeps the visitor on /login', async ({ page }) => {
  await page.goto('/login');
  await fillCredentials(page, { email: CUSTOMER.email, password: 'Sbagliata123!' });
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expectToast(page, 'Errore di accesso');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(CUSTOMER.email);
  const tokens = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')),
  );
  expect(tokens.filter((k) => k.endsWith('.idToken'))).toEqual([]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('login page: tabs clear the fields, busy label, footer and logo links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Accedi' })).toHaveAttribute('aria-selected', 'true');
  await fillCredentials(page, { email: 'qualcuno@example.com', password: 'segreta' });
  await page.getByRole('tab', { name: 'Registrati' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await page.getByRole('tab', { name: 'Accedi' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();
  for (const [name, href] of [
    ['Termini', '/legal/termini-e-condizioni'],
    ['Privacy Policy', '/legal/privacy-policy'],
  ] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(page.getByTestId('login-page').getByRole('link', { name: /Aurum Fitness/ })).toHaveAttribute(
    'href',
    '/',
  );

  // Hold Cognito's answer to see the busy state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/*', async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['x-amz-target']?.endsWith('InitiateAuth'))
      await held;
    await route.fallback();
  });
  await fillCredentials(page, CUSTOMER);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  const busy = page.getByRole('button', { name: 'Accesso in corso...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/profile$/);
});

test('admin sign-in goes through Verifica Admin with the SMS code and lands on /admin', async ({ page }) => {
  await page.goto('/login');
  await fillCredentials(page, ADMIN);
  const mark = outboxMark();
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verifica Admin' })).toBeVisible();
  await expect(page.getByTestId('sms-step')).toContainText('numero di telefono');
  await expect(page.getByTestId('sms-destination')).toHaveText(/\*+\d{4}$/);
  const input = page.getByLabel('Codice di verifica');
  await expect(input).toHaveAttribute('placeholder', '123456');
  const code = await codeSentTo(ADMIN.phone, mark);
  await input.fill(wrongCode(code));
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expectToast(page, 'Codice non valido');
  await expect(page.getByRole('heading', { name: 'Verifica Admin' })).toBeVisible();
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expectToast(page, 'Accesso Admin Verificato!');
  // The back office opens on its default section, Prodotti, with all 15 sections for the admin.
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('heading', { name: 'Prodotti', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-sections').getByRole('link')).toHaveCount(15);
  await expect(page.getByTestId('admin-page')).toContainText(ADMIN.email);
  await page.getByRole('link', { name: 'Torna al sito' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.email);
  await page.keyboard.press('Escape');
});

test("'Torna al login' leaves the admin SMS step", async ({ page }) => {
  await page.goto('/login');
  await fillCredentials(page, ADMIN);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verifica Admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Torna al login' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();
});

test('visitors are sent to /login from /cart, /wishlist and /profile; customers away from /admin', async ({ page }) => {
  for (const path of ['/cart', '/wishlist', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await signIn(page, CUSTOMER);
  await openUserMenu(page);
  await expect(page.getByTestId('user-menu')).toContainText(CUSTOMER.email);
  await expect(page.getByRole('menuitem', { name: 'Profilo' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('the session survives a reload, is shared by tabs and a logout in one tab signs out the other', async ({
  page,
  context,
}) => {
  await signIn(page, CUSTOMER);
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(CUSTOMER.email);

  const other = await context.newPage();
  await other.goto('/profile?tab=account');
  await expect(other.getByTestId('profile-email')).toHaveText(CUSTOMER.email);

  await logout(page);
  await expect(other).toHaveURL(/\/login$/);
});

test('addresses: validation, add, edit, make default, delete', async ({ page }) => {
  test.setTimeout(90_000);
  const creds = await signUpAndConfirm(page, 'addr');
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile?tab=indirizzi');
  await expect(page.getByTestId('addresses-empty')).toContainText('Non hai ancora salvato indirizzi');

  await test.step('client-side validation names the fields', async () => {
    await page.getByRole('button', { name: 'Aggiungi indirizzo' }).click();
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form).toContainText("Il campo 'Nome e cognome' è obbligatorio.");
    await expect(form).toContainText("Il campo 'CAP' è obbligatorio.");
    await form.getByLabel('Nome e cognome').fill('Mario Rossi');
    await form.getByLabel('Indirizzo', { exact: false }).first().fill('Via Sparano 12');
    await form.getByLabel('CAP').fill('7012');
    await form.getByLabel('Città').fill('Bari');
    await form.getByLabel('Provincia').fill('ba');
    await expect(form.getByLabel('Provincia')).toHaveValue('BA');
    await form.getByLabel('Telefono').fill('+39 080 1234567');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form).toContainText("Il campo 'CAP' non è valido.");
  });

  await test.step('a server 400 is shown on the field it names', async () => {
    const form = page.getByTestId('address-form');
    await form.getByLabel('CAP').fill('70121');
    await page.route('**/api/me/addresses', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: "Il campo 'Città' non è valido.", field: 'city' }),
          })
        : route.fallback(),
    );
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form).toContainText("Il campo 'Città' non è valido.");
    await page.unroute('**/api/me/addresses');
  });

  await test.step('add', async () => {
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Successo!', 'Indirizzo salvato.');
    await expect(form).toBeHidden();
    const card = page.getByTestId('address-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Mario Rossi');
    await expect(card).toContainText('70121 Bari (BA)');
    await expect(card.getByTestId('address-default')).toHaveText('Predefinito');
  });

  await test.step('edit', async () => {
    await page.getByTestId('address-card').getByRole('button', { name: 'Modifica indirizzo' }).click();
    const form = page.getByTestId('address-form');
    await expect(form.getByLabel('Nome e cognome')).toHaveValue('Mario Rossi');
    await form.getByLabel('Città').fill('Bari Palese');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Successo!');
    await expect(page.getByTestId('address-card')).toContainText('70121 Bari Palese (BA)');
    await page.reload();
    await expect(page.getByTestId('address-card')).toContainText('70121 Bari Palese (BA)');
  });

  await test.step('a second address, then make it the default', async () => {
    await page.getByRole('button', { name: 'Aggiungi indirizzo' }).click();
    const form = page.getByTestId('address-form');
    await form.getByLabel('Nome e cognome').fill('Giulia Bianchi');
    await form.getByLabel('Indirizzo', { exact: false }).first().fill('Corso Vittorio Emanuele 5');
    await form.getByLabel('CAP').fill('20122');
    await form.getByLabel('Città').fill('Milano');
    await form.getByLabel('Provincia').fill('MI');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('address-card')).toHaveCount(2);
    const giulia = page.getByTestId('address-card').filter({ hasText: 'Giulia Bianchi' });
    await expect(giulia).toHaveAttribute('data-default', 'false');
    await giulia.getByRole('button', { name: 'Usa come indirizzo predefinito' }).click();
    await expect(giulia).toHaveAttribute('data-default', 'true');
    await expect(page.getByTestId('address-card').filter({ hasText: 'Mario Rossi' })).toHaveAttribute(
      'data-default',
      'false',
    );
  });

  await test.step('delete asks first', async () => {
    const mario = page.getByTestId('address-card').filter({ hasText: 'Mario Rossi' });
    await mario.getByRole('button', { name: 'Elimina indirizzo' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Eliminare questo indirizzo?');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(page.getByTestId('address-card')).toHaveCount(2);
    await mario.getByRole('button', { name: 'Elimina indirizzo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expectToast(page, 'Successo!', 'Indirizzo eliminato.');
    await expect(page.getByTestId('address-card')).toHaveCount(1);
    await expect(page.getByTestId('address-card')).toContainText('Giulia Bianchi');
  });
});

test('billing data and password change', async ({ page }) => {
  test.setTimeout(90_000);
  const creds = await signUpAndConfirm(page, 'bill');
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await test.step('Fatturazione saves and reloads', async () => {
    await page.getByRole('tab', { name: 'Fatturazione' }).click();
    await page.getByLabel('Indirizzo di fatturazione').fill('Aurum Srl, Via Sparano 1, 70121 Bari');
    await page.getByLabel('Partita IVA').fill('IT00743110157');
    await page.getByLabel('Codice fiscale').fill('RSSMRA85T10A562S');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Successo!', 'Dati di fatturazione aggiornati.');
    await page.reload();
    await expect(page.getByLabel('Partita IVA')).toHaveValue('00743110157');
    await expect(page.getByLabel('Indirizzo di fatturazione')).toHaveValue('Aurum Srl, Via Sparano 1, 70121 Bari');
  });

  const newPassword = 'Nuova2026!';
  await test.step('Account: empty new password, then a real change', async () => {
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByLabel('Password attuale').fill(creds.password);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await expect(page.getByTestId('password-form')).toContainText('La nuova password non può essere vuota.');
    await page.getByLabel('Password attuale').fill('Sbagliata1!');
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    await page.getByLabel('Password attuale').fill(creds.password);
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await expectToast(page, 'Password aggiornata con successo.');
  });

  await test.step('the new password signs in', async () => {
    await logout(page);
    await signIn(page, { email: creds.email, password: newPassword });
  });
});

test('Abbonamenti shows the membership of a member and an empty state otherwise', async ({ page }) => {
  await signIn(page, MEMBER);
  await page.goto('/profile?tab=abbonamenti');
  const card = page.getByTestId('subscription-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('subscription-tier')).toContainText('Premium');
  await expect(page.getByTestId('tier-stars')).toHaveAttribute('data-stars', '2');
  await expect(page.getByTestId('subscription-discount')).toContainText('%');
  await expect(page.getByTestId('subscription-start')).toHaveText(/^\d{1,2} [a-z]+ \d{4}$/);
  await logout(page);
  await signIn(page, CUSTOMER);
  await page.goto('/profile?tab=abbonamenti');
  await expect(page.getByTestId('subscription-empty')).toContainText('Non hai un abbonamento attivo.');
  await expect(page.getByTestId('subscription-empty').getByRole('link', { name: 'Scopri Premium' })).toHaveAttribute(
    'href',
    '/premium',
  );
});

test('a suspended account sees Il tuo account è sospeso. on the profile', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const creds = await signUpAndConfirm(page, 'ban');
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const sub = subOf(await idTokenOf(page));

  const admin = await signInAdmin(browser, baseURL);
  const adminToken = await idTokenOf(admin);
  const res = await admin.request.post(`/api/admin/users/${sub}/ban`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {},
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await admin.context().close();

  await page.reload();
  await expect(page.getByTestId('account-suspended')).toContainText('Il tuo account è sospeso.');
  await expect(page.getByRole('tab', { name: 'Indirizzi' })).toHaveCount(0);
});

test('sign-up refuses a password the user pool would refuse, and creates nothing', async ({ page }) => {
  const email = uniqueEmail('debole');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  await fillCredentials(page, { email, password: 'corta1' });
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  await expectToast(page, 'Errore di registrazione', 'La password deve avere almeno 8 caratteri');
  await expect(page.getByTestId('confirm-sign-up-step')).toHaveCount(0);
  // nothing was created: signing in with that email fails
  await page.getByRole('tab', { name: 'Accedi' }).click();
  await fillCredentials(page, { email, password: 'corta1' });
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expectToast(page, 'Errore di accesso');
});

test("'Password dimenticata?': the code from the email and a new password that follows the rule", async ({ page }) => {
  const creds = await signUpAndConfirm(page, 'reset');
  await page.getByRole('button', { name: 'Password dimenticata?' }).click();
  const reset = page.getByTestId('password-reset');
  await expect(reset).toContainText('Reimposta la password');
  await expect(reset.getByLabel('Email')).toHaveValue(creds.email);
  const seen = await inboxMark(creds.email);
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expectToast(page, 'Controlla la tua email', 'Ti abbiamo inviato il codice per reimpostare la password.');
  const email = await emailTo(creds.email, 'Reimposta la password di Aurum Fitness', seen);
  expect(email.from[0]).toEqual({ address: 'ordini@aurumfitness.example', name: 'Aurum Fitness' });
  const code = codeOf(email);
  await page.getByLabel('Codice di verifica').fill(code);
  // the rule is stated under the field and applied before Cognito is asked
  await expect(reset).toContainText('Almeno 8 caratteri, con una maiuscola, una minuscola e un numero.');
  await page.getByLabel('Nuova password').fill('corta');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expectToast(page, 'Errore', 'La password deve avere almeno 8 caratteri');
  await page.getByLabel('Nuova password').fill('Ritrovata2026!');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expectToast(page, 'Password aggiornata!', 'Ora puoi accedere con la nuova password.');
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(creds.email);
  await page.getByLabel('Password').fill('Ritrovata2026!');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("'Password dimenticata?' answers an unknown address as a known one and sends nothing", async ({ page }) => {
  const nobody = uniqueEmail('nobody');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Password dimenticata?' }).click();
  await page.getByTestId('password-reset').getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expectToast(page, 'Controlla la tua email', 'Ti abbiamo inviato il codice per reimpostare la password.');
  await expect(page.getByLabel('Codice di verifica')).toBeVisible();
  expect(await inboxMark(nobody)).toEqual([]);
  await page.getByRole('button', { name: 'Torna al login' }).click();
  await expect(page.getByTestId('signin-form')).toBeVisible();
});
