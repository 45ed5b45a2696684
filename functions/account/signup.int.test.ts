/**
 * Sign-up through the shop (POST /api/signup) on the local runtime: a new address and one that
 * already has an account get the same answer (status, body, never sooner than the floor time);
 * the new one receives its code, the known one the 'Qualcuno ha provato a registrarsi' email with
 * the password-reset link (read through MailDev's REST API). Cognito's own SignUp, which the SPA
 * called before, tells the two apart. Bad input and the per-IP limit write nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { api, FIXED_CODE, signIn, signUpConfirmed } from '../../test/support/auth';
import { MailDevInbox } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import { SIGNUP_MIN_RESPONSE_MS, SIGNUP_PER_IP_PER_HOUR } from '../../shared/signup';
import { LEGAL_DOCUMENTS_VERSION } from '../../shared/legal-documents';
import type { TermsStatusDto } from '../../shared/api/account';

useLocalEnv();
let handler: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));
const PASSWORD = 'Registro2026!';
const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

beforeAll(async () => {
  ({ handler } = await import('./index'));
});

function fresh() {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `iscritto.${tag}@example.com`,
    ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
}

/** POST /api/signup, timed. */
async function post(body: unknown, ip: string) {
  const started = Date.now();
  const res = await invoke<Record<string, unknown>>(handler, 'POST /api/signup', { body, sourceIp: ip });
  return { ...res, ms: Date.now() - started };
}

const counterOf = async (ip: string) =>
  (
    await ddb.send(
      new GetCommand({
        TableName: env.tableName,
        Key: keys.signupRateLimit(ip, new Date().toISOString().slice(0, 13)),
      }),
    )
  ).Item;

describe('POST /api/signup', () => {
  it('[AP116] answers a known address exactly as a new one; the new one gets its code, the known one the password-reset email', async () => {
    const known = fresh();
    await signUpConfirmed(known.email, PASSWORD);
    const unknown = fresh();

    const forNew = await post({ email: unknown.email, password: PASSWORD, accept_terms: true }, unknown.ip);
    const forKnown = await post({ email: known.email, password: 'Altra2026pass', accept_terms: true }, known.ip);

    expect(forNew.status).toBe(202);
    expect(forKnown.status).toBe(forNew.status);
    expect(forKnown.body).toEqual(forNew.body);
    expect(forNew.body).toEqual({ accepted: true });
    expect(forKnown.headers).toEqual(forNew.headers);
    // both wait for the floor time, so the quick refusal of a known address does not show
    expect(forNew.ms).toBeGreaterThanOrEqual(SIGNUP_MIN_RESPONSE_MS - 5);
    expect(forKnown.ms).toBeGreaterThanOrEqual(SIGNUP_MIN_RESPONSE_MS - 5);
    expect((await counterOf(unknown.ip))?.count).toBe(1);

    const code = await inbox().waitFor(unknown.email, { subject: 'codice di verifica', timeoutMs: 20_000 });
    expect(code.text).toMatch(/\d{6}/);
    const warning = await inbox().waitFor(known.email, {
      subject: 'Qualcuno ha provato a registrarsi con la tua email',
      timeoutMs: 20_000,
    });
    expect(warning.html).toContain('/login?reset=1');
    expect(warning.text).toContain('Reimposta la password');
    // the known account keeps its password
    expect(await inbox().to(known.email, 'codice di verifica')).toHaveLength(1);
  });

  it("shows how Cognito's own SignUp (the SPA's old path) tells a known address apart", async () => {
    const known = fresh();
    await signUpConfirmed(known.email, PASSWORD);
    const direct = (email: string) =>
      cognito().send(
        new SignUpCommand({
          ClientId: inject('localPool').userPoolClientId,
          Username: email,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
    await expect(direct(known.email)).rejects.toMatchObject({ name: 'UsernameExistsException' });
    await expect(direct(fresh().email)).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('sends a still-unconfirmed account its code again, with the same answer', async () => {
    const { email, ip } = fresh();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const first = await inbox().waitFor(email, { subject: 'codice di verifica', timeoutMs: 20_000 });
    const again = await post({ email, password: PASSWORD, accept_terms: true }, ip);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: true });
    await inbox().waitFor(email, { subject: 'nuovo codice', seen: [first.id], timeoutMs: 20_000 });
  });

  it('refuses a weak password or a bad email with 400 naming the field, and counts nothing', async () => {
    const { email, ip } = fresh();
    const weak = await post({ email, password: 'corta', accept_terms: true }, ip);
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');
    expect(weak.body.message).toContain('almeno 8 caratteri');
    const bad = await post({ email: 'non-una-email', password: PASSWORD, accept_terms: true }, ip);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    const extra = await post({ email, password: PASSWORD, accept_terms: true, role: 'admin' }, ip);
    expect(extra.status).toBe(400);
    expect(await counterOf(ip)).toBeUndefined();
    expect(await inbox().to(email)).toHaveLength(0);
  });

  it('[AP116] lets one IP sign up SIGNUP_PER_IP_PER_HOUR times an hour, then answers 429 in Italian', async () => {
    const { ip } = fresh();
    const answers = await Promise.all(
      Array.from({ length: SIGNUP_PER_IP_PER_HOUR }, () =>
        post({ email: fresh().email, password: PASSWORD, accept_terms: true }, ip),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(SIGNUP_PER_IP_PER_HOUR).fill(202));
    const { email } = fresh();
    const over = await post({ email, password: PASSWORD, accept_terms: true }, ip);
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('Troppe registrazioni');
    expect(await inbox().to(email)).toHaveLength(0);
  });
});

describe('consent at sign-up (GDPR art. 7)', () => {
  it('refuses a sign-up without the Termini and Privacy Policy accepted: 400 naming accept_terms, nothing created', async () => {
    const { email, ip } = fresh();
    for (const accept of [undefined, false]) {
      const res = await post(
        { email, password: PASSWORD, ...(accept === undefined ? {} : { accept_terms: accept }) },
        ip,
      );
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('accept_terms');
      expect(res.body.message).toBe('Per registrarti devi accettare i Termini e la Privacy Policy.');
    }
    expect(await counterOf(ip)).toBeUndefined();
    // no account: Cognito still takes the address as new
    await expect(
      cognito().send(
        new SignUpCommand({
          ClientId: inject('localPool').userPoolClientId,
          Username: email,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    ).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('[AP117] [AP118] stores the accepted version and its time with the new account', async () => {
    const { email, ip } = fresh();
    const before = new Date().toISOString();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    await cognito().send(
      new ConfirmSignUpCommand({
        ClientId: inject('localPool').userPoolClientId,
        Username: email,
        ConfirmationCode: FIXED_CODE,
      }),
    );
    const token = await signIn(email, PASSWORD);
    const status = await api<TermsStatusDto>('GET', '/api/me/terms', { token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      current_version: LEGAL_DOCUMENTS_VERSION,
      accepted_version: LEGAL_DOCUMENTS_VERSION,
      must_accept: false,
    });
    expect(status.body.accepted_at! >= before).toBe(true);
  });

  it('[AP117] [AP118] asks a customer who never accepted the version in force, once: an older version is 409, the current one is kept with its first time', async () => {
    const { email } = fresh();
    await signUpConfirmed(email, PASSWORD);
    const token = await signIn(email, PASSWORD);
    const first = await api<TermsStatusDto>('GET', '/api/me/terms', { token });
    expect(first.body).toEqual({
      current_version: LEGAL_DOCUMENTS_VERSION,
      accepted_version: null,
      accepted_at: null,
      must_accept: true,
    });
    expect((await api('POST', '/api/me/terms', { token, body: { version: '2020-01-01' } })).status).toBe(409);
    expect((await api('POST', '/api/me/terms', { token, body: {} })).status).toBe(400);
    const accepted = await api<TermsStatusDto>('POST', '/api/me/terms', {
      token,
      body: { version: LEGAL_DOCUMENTS_VERSION },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted_version: LEGAL_DOCUMENTS_VERSION, must_accept: false });
    const again = await api<TermsStatusDto>('POST', '/api/me/terms', {
      token,
      body: { version: LEGAL_DOCUMENTS_VERSION },
    });
    expect(again.body.accepted_at).toBe(accepted.body.accepted_at);
  });
});
