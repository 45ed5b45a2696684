/**
/**
 * Signing in as a demo account through /login, as a user does: the admin's SMS step (the random
 * code read from the runtime's outbox) and the collaborator's authenticator-app step included.
 * One place for every end-to-end spec: when the sign-in path changes (codes, MFA), only this
 * file changes.
 */
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_COLLABORATOR_TOTP_SECRET } from '../../infra/local/seed/demo-users';
import { codeSentTo, outboxMark } from '../outbox-codes';

export const DEMO_USERS = {
  /** The admin's SMS codes go to this phone (read from the runtime's outbox). */
  admin: { email: 'supporto@aurumfitness.example', password: 'Admin2026!', phone: '+390800000000' },
  /** Staff must pass MFA: the demo collaborator has an authenticator app with this secret. */
  collaborator: {
    email: 'collaboratore@aurumfitness.example',
    password: 'Collab2026!',
    totpSecret: DEMO_COLLABORATOR_TOTP_SECRET,
  },
  customer: { email: 'cliente@aurumfitness.example', password: 'Cliente2026!' },
  member: { email: 'membro@aurumfitness.example', password: 'Membro2026!' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/**
 * Signs `page` in as a demo account and waits for the landing page (/admin/... for the admin,
 * /profile for the others). The collaborator answers 'Verifica a due fattori' with the current
 * code of its authenticator app.
 */
export async function signInAs(page: Page, who: DemoUser): Promise<void> {
  const { email, password } = DEMO_USERS[who];
  const user: { email: string; password: string; totpSecret?: string } = DEMO_USERS[who];
  const { totpSecret } = user;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const mark = outboxMark();
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  if (who === 'admin') {
    await expect(page.getByRole('heading', { name: 'Verifica Admin' })).toBeVisible();
    // The SMS code, read where a developer reads it: the runtime's outbox (random codes).
    await page.getByLabel('Codice di verifica').fill(await codeSentTo(DEMO_USERS.admin.phone, mark));
    await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
    await expect(page).toHaveURL(/\/admin\//);
    return;
  }
  if (totpSecret) {
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori' })).toBeVisible();
    await page.getByLabel('Codice di verifica').fill(generateSync({ secret: totpSecret }));
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/profile$/);
}

/** The ID token of the signed-in page (for API calls made beside the UI). */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken'))
        return localStorage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('no ID token in localStorage');
  return token;
}
