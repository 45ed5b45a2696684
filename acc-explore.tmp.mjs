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
console.log('done', page.url());
await browser.close();
