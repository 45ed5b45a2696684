import { chromium } from 'playwright-core';
const base = 'http://localhost:3200';
const [,, scenario = 'basic', mode = 'dark', device = 'desktop'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: device === 'mobile' ? { width: 390, height: 844 } : { width: 1366, height: 900 }, isMobile: device === 'mobile', locale: 'it-IT' });
await ctx.addInitScript((m) => localStorage.setItem('aurum-theme', m), mode);
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
const shot = (n) => page.screenshot({ path: `/tmp/acc-shots/${n}-${mode}-${device}.png`, fullPage: true });
async function signIn(email, pw) {
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(pw);
  await page.getByRole('button', { name: 'Accedi', exact: true }).last().click();
}
if (scenario === 'basic') {
  await page.goto(base + '/login'); await page.waitForTimeout(800); await shot('login-signin');
  await page.getByRole('tab', { name: 'Registrati' }).click(); await page.waitForTimeout(300); await shot('login-signup');
  await signIn('cliente@aurumfitness.example', 'Cliente2026!');
  await page.waitForURL('**/profile', { timeout: 10000 });
  await page.waitForTimeout(1200); await shot('profile-orders');
  for (const t of ['indirizzi', 'fatturazione', 'account', 'sicurezza', 'abbonamenti']) {
    await page.goto(base + '/profile?tab=' + t); await page.waitForTimeout(1200); await shot('profile-' + t);
  }
} else if (scenario === 'member') {
  await signIn('membro@aurumfitness.example', 'Membro2026!');
  await page.waitForURL('**/profile', { timeout: 10000 });
  await page.goto(base + '/profile?tab=abbonamenti'); await page.waitForTimeout(1200); await shot('member-abbonamenti');
} else if (scenario === 'admin') {
  await signIn('supporto@aurumfitness.example', 'Admin2026!');
  await page.getByText('Verifica Admin').waitFor(); await page.waitForTimeout(300); await shot('login-admin-sms');
  await page.getByLabel('Codice di verifica').fill('123456');
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await page.waitForURL('**/admin', { timeout: 10000 }); await page.waitForTimeout(800); const t0=Date.now(); await page.getByTestId('admin-page').waitFor(); console.log('admin visible after', Date.now()-t0); await shot('admin'); console.log(await page.locator('body').innerText().then(t=>t.slice(0,300)));
}
if (scenario === 'views') {
  const email = `shot-${Date.now()}@aurumfitness.example`;
  await page.goto(base + '/login');
  await page.getByRole('tab', { name: 'Registrati' }).click();
  await page.getByLabel('Email').fill(email); await page.getByLabel('Password').fill('Prova2026!');
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  await page.getByTestId('confirm-sign-up-step').waitFor(); await page.waitForTimeout(400); await shot('login-confirm');
  await page.getByLabel('Codice di verifica').fill('123456'); await page.getByRole('button', { name: 'Conferma account' }).click();
  await page.getByTestId('signin-form').waitFor();
  await page.getByLabel('Password').fill('Prova2026!'); await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL('**/profile');
  await page.goto(base + '/profile?tab=sicurezza'); await page.getByTestId('mfa-enable').click();
  await page.getByTestId('totp-qr').waitFor(); await page.waitForTimeout(400); await shot('profile-totp-setup');
  const { generateSync } = await import('otplib');
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByTestId('totp-setup').getByLabel('Codice di verifica').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Verifica e attiva' }).click();
  await page.locator('[data-testid="mfa-status"][data-enabled="true"]').waitFor(); await page.waitForTimeout(300); await shot('profile-totp-enabled');
  await page.goto(base + '/profile?tab=indirizzi');
  await page.getByRole('button', { name: 'Aggiungi indirizzo' }).click();
  await page.getByTestId('address-form').getByRole('button', { name: 'Salva' }).click(); await page.waitForTimeout(300); await shot('profile-address-dialog-errors');
  const f = page.getByTestId('address-form');
  await f.getByLabel('Nome e cognome').fill('Mario Rossi'); await f.getByLabel('Indirizzo').first().fill('Via Sparano da Bari 12'); await f.getByLabel('Indirizzo (riga 2)').fill('Scala B, interno 4');
  await f.getByLabel('CAP').fill('70121'); await f.getByLabel('Città').fill('Bari'); await f.getByLabel('Provincia').fill('BA'); await f.getByLabel('Telefono').fill('+39 080 1234567');
  await f.getByRole('button', { name: 'Salva' }).click(); await f.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Aggiungi indirizzo' }).click();
  await f.getByLabel('Nome e cognome').fill('Giulia Bianchi'); await f.getByLabel('Indirizzo').first().fill('Corso Vittorio Emanuele II 5');
  await f.getByLabel('CAP').fill('20122'); await f.getByLabel('Città').fill('Milano'); await f.getByLabel('Provincia').fill('MI');
  await f.getByRole('button', { name: 'Salva' }).click(); await f.waitFor({ state: 'hidden' });
  await page.waitForTimeout(6000); await shot('profile-addresses-list');
  await page.goto(base + '/profile?tab=account'); await page.getByRole('button', { name: 'Aggiorna password' }).click(); await page.waitForTimeout(300); await shot('profile-account-error');
  await page.getByTestId('user-menu-button').click().catch(() => undefined); await page.waitForTimeout(300); await shot('user-menu');
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu-button').click().catch(() => undefined);
  await page.getByRole('menuitem', { name: 'Logout' }).click().catch(() => undefined);
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email); await page.getByLabel('Password').fill('Prova2026!');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.getByText('Verifica a due fattori').waitFor(); await page.waitForTimeout(300); await shot('login-totp');
}
console.log('done', page.url());
await browser.close();
