/**
 * Codes reach the outbox the moment cognito-local sends them. This file
 * starts its own local runtime WITHOUT a fixed code (the shared one fixes every code to 123456),
 * on free ports in a throwaway folder, and follows a new user's and the admin's real path:
 * every code is read from outbox.log, within 2 s of the request that sent it (normal latency is
 * milliseconds; a code that waits for cognito-local's next output line fails here). Sign-up codes
 * are the shop's own (POST /api/signup emails them; Cognito's sign-up is closed), read from MailDev.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalStack } from '../stack';
import { freePort } from '../ports';
import { outboxFile, outboxSize, waitForOutboxEntry, type OutboxEntry } from './outbox';
import { MailDevInbox } from './maildev';

const ADMIN = { email: 'supporto@aurumfitness.example', password: 'Admin2026!', phone: '+390800000000' };
const DELIVERY_BOUND_MS = 2000;

let stack: LocalStack;
let dataDir = '';
let cognito: CognitoIdentityProviderClient;
let clientId = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-outbox-it-'));
  const ports = {
    web: await freePort(),
    dynamodb: await freePort(),
    s3: await freePort(),
    cognito: await freePort(),
    stripe: await freePort(),
  };
  // A registry of its own: the integration files share one (vitest.config.ts), whose modules are
  // bound to the shared runtime's environment; this runtime's functions must use its own.
  vi.resetModules();
  const { startLocalStack } = await import('../stack');
  stack = await startLocalStack({ dataDir, ports });
  cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  clientId = stack.pool.userPoolClientId;
});

afterAll(async () => {
  cognito?.destroy();
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  // the next file gets modules bound to the shared runtime again (its environment: integration-setup.ts)
  vi.resetModules();
});

/**
 * Runs `send` (the request that sends a code to `destination`) and returns the outbox entry it
 * produced, asserting it was recorded within DELIVERY_BOUND_MS of the request.
 */
async function codeSentBy<T>(destination: string, send: () => Promise<T>): Promise<{ entry: OutboxEntry; result: T }> {
  const file = outboxFile(dataDir);
  const after = outboxSize(file);
  const sentAt = Date.now();
  const result = await send();
  const entry = await waitForOutboxEntry(file, { destination, after, timeoutMs: DELIVERY_BOUND_MS });
  expect(entry.code).toMatch(/^\d{6}$/);
  expect(Date.parse(entry.at) - sentAt).toBeLessThan(DELIVERY_BOUND_MS);
  return { entry, result };
}

/** POSTs JSON to this file's local runtime. */
async function shopPost(route: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Signs up through the shop (POST /api/signup) and confirms with the code it emails (MailDev). */
async function shopSignUp(email: string, password: string): Promise<void> {
  expect((await shopPost('/api/signup', { email, password, accept_terms: true })).status).toBe(202);
  const mail = await new MailDevInbox(stack.mailInboxUrl).waitFor(email, {
    subject: 'codice di verifica',
    timeoutMs: 20_000,
  });
  const code = /data-code="true"[^>]*>(\d{6})</.exec(mail.html)?.[1];
  expect((await shopPost('/api/signup/confirm', { email, code, password })).status).toBe(200);
}

function uniqueEmail(tag: string): string {
  return `outbox-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@aurumfitness.example`;
}

async function signInAdmin(): Promise<string> {
  const { entry, result: challenge } = await codeSentBy(ADMIN.phone, () =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password },
      }),
    ),
  );
  expect(challenge.ChallengeName).toBe('SMS_MFA');
  expect(entry).toMatchObject({ medium: 'SMS', operation: 'InitiateAuth' });
  const answer = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SMS_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: ADMIN.email, SMS_MFA_CODE: entry.code },
    }),
  );
  return answer.AuthenticationResult!.IdToken!;
}

describe('codes in the outbox, without a fixed code', () => {
  it("a new user signs up through the shop: Cognito sends no code of its own (the pool's sign-up is closed), the shop's code confirms it", async () => {
    const email = uniqueEmail('signup');
    const password = 'Prova2026!';
    const file = outboxFile(dataDir);
    const after = outboxSize(file);
    await expect(
      cognito.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    await shopSignUp(email, password);
    expect(outboxSize(file)).toBe(after);
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('the admin passes the SMS step with the code read from the outbox, every time, and reaches the back office API', async () => {
    // Several in a row: before the fix, a code after the first few waited for cognito-local's next output.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const token = await signInAdmin();
      const res = await fetch(`${stack.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
  });

  it('a forgotten password is reset with the emailed code', async () => {
    const email = uniqueEmail('forgot');
    await shopSignUp(email, 'Prova2026!');
    const forgot = await codeSentBy(email, () =>
      cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email })),
    );
    expect(forgot.entry).toMatchObject({ medium: 'email', operation: 'ForgotPassword' });
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: forgot.entry.code,
        Password: 'Nuova2026!',
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Nuova2026!' },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('account emails in MailDev, in the shop template', () => {
  /** The code of the newest email to `to` with `subject`, read from its HTML as a customer reads it. */
  async function emailedCode(to: string, subject: string, seen: string[]): Promise<string> {
    const inbox = new MailDevInbox(stack.mailInboxUrl);
    const email = await inbox.waitFor(to, { subject, seen, timeoutMs: DELIVERY_BOUND_MS * 2 });
    seen.push(email.id);
    expect(email.from[0]).toEqual({ address: 'ordini@aurumfitness.example', name: 'Aurum Fitness' });
    expect(email.html).toContain('Aurum Fitness S.r.l. (dati dimostrativi)');
    expect(email.html).not.toContain('{####}');
    const code = /data-code="true"[^>]*>(\d{6})</.exec(email.html)?.[1];
    expect(code, 'a 6-digit code in the email').toMatch(/^\d{6}$/);
    return code!;
  }

  it("sign-up (the shop's code), the code sent again and a forgotten password (Cognito's): each code arrives by email in the shop template and works", async () => {
    const email = uniqueEmail('maildev');
    const seen: string[] = [];
    const signup = await shopPost('/api/signup', { email, password: 'Prova2026!', accept_terms: true });
    expect(signup.status).toBe(202);
    await emailedCode(email, 'Il tuo codice di verifica Aurum Fitness', seen);
    expect((await shopPost('/api/signup/resend', { email })).status).toBe(202);
    const resent = await emailedCode(email, 'Il tuo nuovo codice di verifica Aurum Fitness', seen);
    expect((await shopPost('/api/signup/confirm', { email, code: resent, password: 'Prova2026!' })).status).toBe(200);

    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const reset = await emailedCode(email, 'Reimposta la password di Aurum Fitness', seen);
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: reset,
        Password: 'Nuova2026!',
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Nuova2026!' },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
