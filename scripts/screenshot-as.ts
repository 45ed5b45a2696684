/**
 * Screenshots of pages as a signed-in demo account (the shared screenshot tool cannot sign in).
 * Signs in through /login as a real user would (the admin's SMS step and the collaborator's
 * authenticator-app step, from its demo TOTP secret, included), then opens each
 * path and saves a PNG per path, theme and width. Used to look at the back office and the
 * customer pages while building them.
 *
 * Usage (with the shop running, e.g. `npm start`):
 *   npx tsx scripts/screenshot-as.ts --as admin [--base http://localhost:3000] [--out shots]
 *     [--code 123456 | --outbox <file>] [--light] [--dark] [--mobile] [--desktop]
 *     [--full] /admin/products /admin/users ...
 * --as: cliente | membro | collaboratore | admin | visitor. Without --light/--dark both themes are
 * taken; without --mobile/--desktop both widths. The SMS code is --code (a runtime started with
 * COGNITO_FIXED_CODE), or read from the outbox (AURUM_DATA_DIR's outbox.log, or --outbox).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { DEMO_ACCOUNTS } from '../infra/local/seed/demo-users';
import { THEME_STORAGE_KEY, ADMIN_THEME_STORAGE_KEY } from '../web/src/theme/color-mode';
import { outboxFile, outboxSize, waitForOutboxEntry } from '../infra/local/stand-ins/outbox';
import { localDataDir } from '../infra/local/paths';

const args = process.argv.slice(2);
const opt = (name: string, fallback?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);
const valued = new Set(['--as', '--base', '--out', '--code', '--outbox']);
const paths = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));

const base = (opt('base', 'http://localhost:3000') ?? '').replace(/\/$/, '');
const outDir = opt('out', 'shots')!;
const who = opt('as', 'admin')!;
const themes =
  flag('light') || flag('dark') ? (['dark', 'light'] as const).filter((t) => flag(t)) : (['dark', 'light'] as const);
const outbox = opt('outbox') ?? outboxFile(localDataDir());
const widths =
  flag('mobile') || flag('desktop')
    ? (['desktop', 'mobile'] as const).filter((w) => flag(w))
    : (['desktop', 'mobile'] as const);

/** The SMS code: fixed (--code), or the one the outbox received for `phone` after `mark`. */
async function smsCode(phone: string, mark: number): Promise<string> {
  const fixed = opt('code');
  if (fixed) return fixed;
  return (await waitForOutboxEntry(outbox, { destination: phone, after: mark, timeoutMs: 10_000 })).code;
}

async function signIn(page: Page): Promise<void> {
  if (who === 'visitor') return;
  const account = DEMO_ACCOUNTS.find((a) => a.email.startsWith(who) || a.label.toLowerCase() === who);
  if (!account) throw new Error(`unknown account ${who}`);
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const mark = outboxSize(outbox);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  const code = page.getByLabel('Codice di verifica');
  await Promise.race([
    code.waitFor({ timeout: 15_000 }),
    page.waitForURL(/\/(profile|admin)/, { timeout: 15_000 }),
  ]).catch(() => undefined);
  if (await code.isVisible()) {
    if (account.totpSecret && (await page.getByRole('heading', { name: 'Verifica a due fattori' }).isVisible())) {
      await code.fill(generateSync({ secret: account.totpSecret }));
      await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    } else {
      await code.fill(await smsCode(account.phone ?? '', mark));
      await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
    }
  }
  await page.waitForURL(/\/(profile|admin)/, { timeout: 15_000 });
}

async function shoot(browser: Browser, theme: 'dark' | 'light', width: 'desktop' | 'mobile'): Promise<void> {
  const ctx = await browser.newContext({
    viewport: width === 'mobile' ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: width === 'mobile',
    locale: 'it-IT',
    colorScheme: theme,
  });
  await ctx.addInitScript(
    ([k1, k2, mode]) => {
      localStorage.setItem(k1!, mode!);
      localStorage.setItem(k2!, mode!);
    },
    [THEME_STORAGE_KEY, ADMIN_THEME_STORAGE_KEY, theme],
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`  page error: ${String(e)}`));
  await signIn(page);
  for (const p of paths) {
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(700);
    const file = path.join(outDir, `${who}${p.replace(/[^a-zA-Z0-9]+/g, '_')}-${theme}-${width}.png`);
    await page.screenshot({ path: file, fullPage: flag('full') });
    console.log(file);
  }
  await ctx.close();
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const theme of themes) for (const width of widths) await shoot(browser, theme, width);
} finally {
  await browser.close();
}
