/**
 * Test support: the shop's sign-up (its API and its emailed code) and real Cognito sign-in against
 * cognito-local (the integration global setup fixes every Cognito emailed/SMS code to FIXED_CODE; the demo collaborator's
 * authenticator-app codes come from its TOTP secret), and HTTP calls to the local runtime with the
 * resulting ID token.
 */
import http from 'node:http';
import { inject } from 'vitest';
import { MailDevInbox } from '../../infra/local/stand-ins/maildev';
import { generateSync } from 'otplib';
import { demoTotpSecret } from '../../infra/local/seed/demo-users';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  DeleteUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export const FIXED_CODE = '123456';

function cognito(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Signs in with USER_PASSWORD_AUTH as a user does: an SMS_MFA challenge is answered with
 * FIXED_CODE, a SOFTWARE_TOKEN_MFA challenge with the current code of the account's TOTP secret
 * (`totpSecret`, default: the demo account's).
 * @returns the ID token
 */
export async function signIn(email: string, password: string, opts: { totpSecret?: string } = {}): Promise<string> {
  return (await signInTokens(email, password, opts)).idToken;
}

/** signIn, returning the access and refresh tokens too (self-service calls such as TOTP enrolment need them). */
export async function signInTokens(
  email: string,
  password: string,
  opts: { totpSecret?: string } = {},
): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const client = cognito();
  const clientId = inject('localPool').userPoolClientId;
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  let result = auth.AuthenticationResult;
  if (!result && auth.ChallengeName === 'SMS_MFA') {
    result = (
      await client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SMS_MFA',
          Session: auth.Session,
          ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: FIXED_CODE },
        }),
      )
    ).AuthenticationResult;
  } else if (!result && auth.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const secret = opts.totpSecret ?? demoTotpSecret(email);
    if (!secret) throw new Error(`${email} has an authenticator app but no TOTP secret was given`);
    result = (
      await client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: auth.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret }) },
        }),
      )
    ).AuthenticationResult;
  }
  if (!result?.IdToken || !result.AccessToken) throw new Error(`unexpected challenge ${auth.ChallengeName}`);
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken ?? '' };
}

/**
 * Refreshes a session as Amplify does (REFRESH_TOKEN_AUTH).
 * @returns the new ID token
 * @throws the Cognito error (e.g. NotAuthorizedException for a revoked refresh token)
 */
export async function refreshSession(refreshToken: string): Promise<string> {
  const out = await cognito().send(
    new InitiateAuthCommand({
      ClientId: inject('localPool').userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  if (!out.AuthenticationResult?.IdToken) throw new Error('refresh gave no ID token');
  return out.AuthenticationResult.IdToken;
}

/**
 * Enrols an authenticator app for a signed-in user as the profile's Sicurezza tab does
 * (AssociateSoftwareToken, VerifySoftwareToken with the app's code, TOTP preferred).
 * @returns the app's secret
 */
export async function enrolTotp(accessToken: string): Promise<string> {
  const client = cognito();
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  await client.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: generateSync({ secret: SecretCode! }) }),
  );
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode!;
}

/** The payload of a JWT (not verified: for reading claims in tests). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * POSTs JSON to the local runtime from the loopback address `sourceIp` (127.x.y.z: the shop sees it as
 * the caller's IP, so the sign-up's per-IP limit counts each test's sign-ups apart, as it counts
 * separate shoppers).
 * @returns the status and the parsed body
 */
export async function postFrom<T = unknown>(
  sourceIp: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const url = new URL(path, inject('localUrl'));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress: sourceIp,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address of its own for one simulated shopper. */
export function randomLoopbackIp(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

/** The 6-digit code of the newest sign-up code email to `email` (MailDev), waiting for it. */
export async function signupCodeFor(email: string, seen: string[] = []): Promise<{ id: string; code: string }> {
  const mail = await new MailDevInbox(inject('localMailInboxUrl')).waitFor(email, {
    subject: 'codice di verifica',
    seen,
    // the code travels through the table's stream and the email worker: slow when npm test's steps share the cores
    timeoutMs: 45_000,
  });
  // the code's own element (the footer carries other digits: the company's registration numbers)
  const code = /data-code="true"[^>]*>\s*(\d{6})\s*</.exec(mail.html)?.[1];
  if (!code) throw new Error(`no code in the sign-up email to ${email}`);
  return { id: mail.id, code };
}

/**
 * Signs up and confirms a new user as a visitor does: POST /api/signup (Termini accepted), the code
 * read from its email, POST /api/signup/confirm (which creates the profile and records the terms).
 * @throws Error when an answer is not the expected 202 / 200
 */
export async function signUpConfirmed(email: string, password: string): Promise<void> {
  const ip = randomLoopbackIp();
  const signup = await postFrom(ip, '/api/signup', { email, password, accept_terms: true });
  if (signup.status !== 202) throw new Error(`sign-up of ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  const { code } = await signupCodeFor(email);
  const confirm = await postFrom(ip, '/api/signup/confirm', { email, code, password });
  if (confirm.status !== 200)
    throw new Error(`confirmation of ${email}: ${confirm.status} ${JSON.stringify(confirm.body)}`);
}

/** The password of a demo account by its email prefix ('cliente', 'membro', ...). */
export function demo(prefix: string): { email: string; password: string; sub: string } {
  const a = inject('localAccounts').find((x) => x.email.startsWith(prefix));
  if (!a) throw new Error(`no demo account ${prefix}`);
  return a;
}

/** Deletes the signed-in user through Cognito's own DeleteUser (its access token), as a user may do without the shop. */
export async function deleteOwnCognitoUser(accessToken: string): Promise<void> {
  await cognito().send(new DeleteUserCommand({ AccessToken: accessToken }));
}

/** Calls the local runtime's API over HTTP. */
export async function api<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${inject('localUrl')}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  // a file answer (a CSV export) comes back as its text; every other answer is JSON
  const isJson = !/^text\/csv/.test(res.headers.get('content-type') ?? '');
  return { status: res.status, body: (text ? (isJson ? JSON.parse(text) : text) : null) as T };
}

/** ID tokens of the demo accounts the back-office tests act as, signed in once. */
export async function signInDemoAccounts(): Promise<{
  admin: string;
  collaborator: string;
  customer: string;
  member: string;
}> {
  const token = (prefix: string) => signIn(demo(prefix).email, demo(prefix).password);
  // One after the other: cognito-local keeps its users in one file.
  return {
    admin: await token('supporto'),
    collaborator: await token('collaboratore'),
    customer: await token('cliente'),
    member: await token('membro'),
  };
}
