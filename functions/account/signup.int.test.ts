/**
 * Sign-up through the shop (POST /api/signup, /confirm, /resend) on the local runtime: a new
 * address, a pending one and one that already has an account get the same answer (status, body,
 * never sooner than the floor time); the new one receives the shop's code, the pending one a fresh
 * code, the known one the 'Qualcuno ha provato a registrarsi' email with the password-reset link
 * (read through MailDev's REST API). Cognito's own SignUp with the public client id is refused for
 * every address alike. The code expires, allows a bounded number of tries and sends, and confirming
 * a known address answers exactly as a wrong code. Bad input and the per-IP limit write nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { api, signIn, signupCodeFor, signUpConfirmed } from '../../test/support/auth';
import { MailDevInbox } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import { DeleteCommand, ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import {
  SIGNUP_CODE_MAX_ATTEMPTS,
  SIGNUP_CODE_MAX_SENDS,
  SIGNUP_CODE_MSG,
  SIGNUP_CODE_VALID_HOURS,
  SIGNUP_MIN_RESPONSE_MS,
  SIGNUP_PER_IP_PER_HOUR,
} from '../../shared/signup';
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

/** POST /api/signup (or its confirm / resend route), timed. */
async function post(body: unknown, ip: string, route = 'POST /api/signup') {
  const started = Date.now();
  const res = await invoke<Record<string, unknown>>(handler, route, { body, sourceIp: ip });
  return { ...res, ms: Date.now() - started };
}
const confirm = (body: unknown, ip = fresh().ip) => post(body, ip, 'POST /api/signup/confirm');
const resend = (email: string, ip = fresh().ip) => post({ email }, ip, 'POST /api/signup/resend');

/** Cognito's own SignUp with the SPA's public app client id, as anyone could call it. */
const directSignUp = (email: string) =>
  cognito().send(
    new SignUpCommand({
      ClientId: inject('localPool').userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );

/** The Cognito user of `email`, or null. */
async function cognitoUser(email: string) {
  try {
    return await cognito().send(
      new AdminGetUserCommand({ UserPoolId: inject('localPool').userPoolId, Username: email }),
    );
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return null;
    throw e;
  }
}

/** A password sign-in's error name (or 'ok'). */
async function signInAnswer(email: string, password: string): Promise<string> {
  try {
    const out = await cognito().send(
      new InitiateAuthCommand({
        ClientId: inject('localPool').userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return out.AuthenticationResult ? 'ok' : `challenge ${out.ChallengeName}`;
  } catch (e) {
    return (e as Error).name;
  }
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

  it("refuses Cognito's own SignUp with the public client id for a known and a new address alike", async () => {
    const known = fresh();
    await signUpConfirmed(known.email, PASSWORD);
    const unknown = fresh();
    const refusal = { name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' };
    await expect(directSignUp(known.email)).rejects.toMatchObject(refusal);
    await expect(directSignUp(unknown.email)).rejects.toMatchObject(refusal);
    // nothing was created for the new address
    expect(await cognitoUser(unknown.email)).toBeNull();
  });

  it('sends a pending sign-up a fresh code with the same answer; the password given with the code wins', async () => {
    const { email, ip } = fresh();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const first = await signupCodeFor(email);
    const again = await post({ email, password: 'Seconda2026pass', accept_terms: true }, ip);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: true });
    expect(again.ms).toBeGreaterThanOrEqual(SIGNUP_MIN_RESPONSE_MS - 5);
    await inbox().waitFor(email, { subject: 'nuovo codice', seen: [first.id], timeoutMs: 20_000 });
    const second = await signupCodeFor(email, [first.id]);
    if (second.code !== first.code)
      expect((await confirm({ email, code: first.code, password: PASSWORD })).status).toBe(400);
    expect((await confirm({ email, code: second.code, password: 'Terza2026pass' })).status).toBe(200);
    expect(await signInAnswer(email, 'Terza2026pass')).toBe('ok');
    expect(await signInAnswer(email, 'Seconda2026pass')).toBe('NotAuthorizedException');
  });

  it('[AP135] [AP136] [AP137] creates a user that cannot sign in until its code confirms it; the confirmation creates the profile with the password given there', async () => {
    const { email, ip } = fresh();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const user = await cognitoUser(email);
    expect(user?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(user?.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('false');
    // the sign-up's password is not the account's yet: sign-in answers as for a wrong password
    expect(await signInAnswer(email, PASSWORD)).toBe('NotAuthorizedException');
    const { code } = await signupCodeFor(email);
    const ok = await confirm({ email, code, password: 'Scelta2026pass' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ confirmed: true });
    const confirmed = await cognitoUser(email);
    expect(confirmed?.UserStatus).toBe('CONFIRMED');
    expect(confirmed?.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    expect(await signInAnswer(email, PASSWORD)).toBe('NotAuthorizedException');
    const token = await signIn(email, 'Scelta2026pass');
    const me = await api<{ email: string; role: string }>('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: 'user' });
    // the code is used up
    expect((await confirm({ email, code, password: 'Scelta2026pass' })).status).toBe(400);
  });

  it('answers a code for a confirmed or unknown address exactly as a wrong code for a pending one', async () => {
    const known = fresh();
    await signUpConfirmed(known.email, PASSWORD);
    const pending = fresh();
    expect((await post({ email: pending.email, password: PASSWORD, accept_terms: true }, pending.ip)).status).toBe(202);
    const { code } = await signupCodeFor(pending.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const forKnown = await confirm({ email: known.email, code, password: 'Presa2026pass' });
    const forPending = await confirm({ email: pending.email, code: wrong, password: 'Presa2026pass' });
    const forUnknown = await confirm({ email: fresh().email, code, password: 'Presa2026pass' });
    expect(forKnown.status).toBe(400);
    expect(forUnknown.status).toBe(400);
    expect(forKnown.body).toEqual(forPending.body);
    expect(forUnknown.body).toEqual(forPending.body);
    expect(forPending.body).toMatchObject({ field: 'code', message: SIGNUP_CODE_MSG.invalid });
    // the known account keeps its password
    expect(await signInAnswer(known.email, PASSWORD)).toBe('ok');
    expect(await signInAnswer(known.email, 'Presa2026pass')).toBe('NotAuthorizedException');
  });

  it('[AP136] kills a code after SIGNUP_CODE_MAX_ATTEMPTS tries, even the right one; a new code works', async () => {
    const { email, ip } = fresh();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const first = await signupCodeFor(email);
    const wrong = first.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < SIGNUP_CODE_MAX_ATTEMPTS; i++)
      expect((await confirm({ email, code: wrong, password: PASSWORD })).status).toBe(400);
    const late = await confirm({ email, code: first.code, password: PASSWORD });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ field: 'code', message: SIGNUP_CODE_MSG.invalid });
    expect(await signInAnswer(email, PASSWORD)).toBe('NotAuthorizedException');
    expect((await resend(email)).status).toBe(202);
    const second = await signupCodeFor(email, [first.id]);
    expect((await confirm({ email, code: second.code, password: PASSWORD })).status).toBe(200);
    expect(await signInAnswer(email, PASSWORD)).toBe('ok');
  });

  it('[AP136] a code works until SIGNUP_CODE_VALID_HOURS after it was sent, not after', async () => {
    const { confirmSignup } = await import('./signup');
    const { email, ip } = fresh();
    const sentAt = new Date();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const { code } = await signupCodeFor(email);
    const after = new Date(sentAt.getTime() + SIGNUP_CODE_VALID_HOURS * 3_600_000 + 60_000);
    await expect(confirmSignup({ email, code, password: PASSWORD }, after)).rejects.toMatchObject({
      statusCode: 400,
      message: SIGNUP_CODE_MSG.invalid,
    });
    const before = new Date(sentAt.getTime() + SIGNUP_CODE_VALID_HOURS * 3_600_000 - 60_000);
    await confirmSignup({ email, code, password: PASSWORD }, before);
    expect(await signInAnswer(email, PASSWORD)).toBe('ok');
  });

  it('[AP135] resends a pending sign-up a fresh code, nothing to other addresses, with one answer; at most SIGNUP_CODE_MAX_SENDS codes', async () => {
    const known = fresh();
    await signUpConfirmed(known.email, PASSWORD);
    const { email, ip } = fresh();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const seen = [(await signupCodeFor(email)).id];
    const unknown = fresh().email;
    const answers = [await resend(email), await resend(known.email), await resend(unknown)];
    for (const r of answers) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual({ accepted: true });
      expect(r.ms).toBeGreaterThanOrEqual(SIGNUP_MIN_RESPONSE_MS - 5);
    }
    seen.push((await signupCodeFor(email, seen)).id);
    for (let n = seen.length + 1; n <= SIGNUP_CODE_MAX_SENDS; n++) {
      expect((await resend(email)).status).toBe(202);
      seen.push((await signupCodeFor(email, seen)).id);
    }
    const over = await resend(email);
    expect(over.status).toBe(202);
    expect(over.body).toEqual({ accepted: true });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await inbox().to(email, 'codice di verifica')).toHaveLength(SIGNUP_CODE_MAX_SENDS);
    expect(await inbox().to(known.email, 'codice di verifica')).toHaveLength(1);
    expect(await inbox().to(unknown)).toHaveLength(0);
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
    // no account was created
    expect(await cognitoUser(email)).toBeNull();
  });

  it('[AP117] [AP118] stores the accepted version and its time with the new account', async () => {
    const { email, ip } = fresh();
    const before = new Date().toISOString();
    expect((await post({ email, password: PASSWORD, accept_terms: true }, ip)).status).toBe(202);
    const { code } = await signupCodeFor(email);
    expect((await confirm({ email, code, password: PASSWORD })).status).toBe(200);
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
    // an account from before the acceptance was recorded (the sign-up now records it)
    const sub = String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    await ddb.send(
      new DeleteCommand({ TableName: env.tableName, Key: keys.termsAcceptance(sub, LEGAL_DOCUMENTS_VERSION) }),
    );
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
