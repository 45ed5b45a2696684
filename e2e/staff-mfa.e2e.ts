/**
 * Staff must pass MFA, as a collaborator meets it in the browser: the demo
 * collaborator answers its authenticator-app step and opens the back office; a collaborator
 * without MFA is refused by the API and asked to enrol an authenticator app before the back
 * office opens, then signs in again with the app's code. Codes: the runtime's outbox for email/SMS,
 * otplib for authenticator apps.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import type { RuntimeConfig } from '../shared/runtime-config';
import { DEMO_USERS, idTokenOf, signInAs } from './support/sign-in';
import { codeSentTo, outboxMark } from './outbox-codes';
import { codeOf, emailTo } from './support/inbox';

const PASSWORD = 'Prova2026!';

/**
 * Calls the local Cognito API as Amplify does (the setup below takes this shortcut; the sign-in
 * and enrolment under test go through the pages).
 */
async function cognito<T>(request: APIRequestContext, config: RuntimeConfig, action: string, body: object): Promise<T> {
  const res = await request.post(config.cognitoEndpoint!, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    data: JSON.stringify(body),
  });
  expect(res.ok(), `${action}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

test('the demo collaborator passes its authenticator step and opens the back office', async ({ page }) => {
  await signInAs(page, 'collaborator');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByTestId('admin-sections').first()).toBeVisible();
  await expect(page.getByTestId('staff-mfa-gate')).toHaveCount(0);
});

test('a collaborator without MFA enrols an authenticator app before the back office opens', async ({ page }) => {
  const email = `e2e-staff-${Date.now().toString(36)}@aurumfitness.example`;

  await test.step('a registered user promoted to collaborator by the admin', async () => {
    const { request } = page;
    const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
    const ClientId = config.userPoolClientId;
    // the shop's sign-up (the pool allows no self sign-up), confirmed with the emailed code
    expect(
      (await request.post('/api/signup', { data: { email, password: PASSWORD, accept_terms: true } })).status(),
    ).toBe(202);
    // the code as the user reads it: the shop's email in the inbox
    const code = codeOf(await emailTo(email, 'Il tuo codice di verifica Aurum Fitness', []));
    expect((await request.post('/api/signup/confirm', { data: { email, code, password: PASSWORD } })).status()).toBe(
      200,
    );
    const admin = DEMO_USERS.admin;
    const smsMark = outboxMark();
    const challenge = await cognito<{ Session: string }>(request, config, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    });
    const signedIn = await cognito<{ AuthenticationResult: { IdToken: string } }>(
      request,
      config,
      'RespondToAuthChallenge',
      {
        ClientId,
        ChallengeName: 'SMS_MFA',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: admin.email, SMS_MFA_CODE: await codeSentTo(admin.phone, smsMark) },
      },
    );
    const auth = { authorization: `Bearer ${signedIn.AuthenticationResult.IdToken}` };
    const users = (await (await request.get('/api/admin/users', { headers: auth })).json()) as {
      items: { id: string; email: string }[];
    };
    const id = users.items.find((u) => u.email === email)!.id;
    expect(
      (await request.put(`/api/admin/users/${id}/role`, { headers: auth, data: { role: 'collaborator' } })).status(),
    ).toBe(200);
  });

  await test.step('signed in with the password only: the API refuses staff routes, the back office asks for MFA', async () => {
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/profile$/);
    const refused = await page.request.get('/api/admin/orders', {
      headers: { authorization: `Bearer ${await idTokenOf(page)}` },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('verifica a due fattori');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori obbligatoria' })).toBeVisible();
    await expect(page.getByTestId('admin-sections')).toHaveCount(0);
  });

  let secret = '';
  await test.step('enrol an authenticator app (QR code, secret, 6-digit code)', async () => {
    await page.getByTestId('staff-mfa-enrol').click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByTestId('totp-setup').getByLabel('Codice di verifica').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Verifica e attiva' }).click();
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori attiva' })).toBeVisible();
  });

  await test.step('sign in again with the app code: the back office opens', async () => {
    await page.getByTestId('staff-mfa-sign-in-again').click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithPassword(page, email);
    await expect(page.getByRole('heading', { name: 'Verifica a due fattori' })).toBeVisible();
    await page.getByLabel('Codice di verifica').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId('admin-sections').first()).toBeVisible();
    const allowed = await page.request.get('/api/admin/orders', {
      headers: { authorization: `Bearer ${await idTokenOf(page)}` },
    });
    expect(allowed.status()).toBe(200);
  });
});
