/**
 * The newsletter's double opt-in on the local runtime: POST /api/newsletter stores a pending
 * subscriber and queues the confirmation email (read through MailDev's REST API); its link's token
 * confirms it (consent time and source stored) and the welcome email carries RFC 8058 one-click
 * unsubscribe, which a mail client's POST ends. A known address gets the same answer; bad input,
 * a wrong or expired token and the per-IP limit store nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { MailDevInbox } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import { NEWSLETTER_CONFIRM_VALID_HOURS, NEWSLETTER_PER_IP_PER_HOUR } from '../../shared/newsletter';

useLocalEnv();
let handler: ApiHandler;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));

beforeAll(async () => {
  ({ handler } = await import('./index'));
});

function fresh() {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `Lettore.${tag}@Example.com`,
    ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
}

const call = (route: string, body: unknown, ip = '127.0.0.1', query?: Record<string, string>) =>
  invoke<Record<string, unknown>>(handler, route, { body, sourceIp: ip, ...(query ? { query } : {}) });

const stored = async (email: string) =>
  (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.newsletterSubscriber(email) }))).Item;

/** The token of the first link to `page` in an email's HTML. */
function tokenIn(html: string, page: string): string {
  const m = new RegExp(`${page}\\?token=([^"&]+)`).exec(html);
  if (!m) throw new Error(`no ${page} link`);
  return decodeURIComponent(m[1]!);
}

describe('newsletter double opt-in', () => {
  it('[AP119] asks, confirms with the emailed link, and leaves with the RFC 8058 one-click POST', async () => {
    const { email, ip } = fresh();
    const asked = await call('POST /api/newsletter', { email: ` ${email} ` }, ip);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ accepted: true });
    expect(await stored(email)).toMatchObject({ status: 'pending', source: 'footer', confirmed_at: null });

    const confirmEmail = await inbox().waitFor(email, { subject: "Conferma l'iscrizione", timeoutMs: 20_000 });
    expect(confirmEmail.text).toContain(`${NEWSLETTER_CONFIRM_VALID_HOURS} ore`);
    const token = tokenIn(confirmEmail.html, '/newsletter/conferma');
    // the table holds only the secret's hash
    expect(JSON.stringify(await stored(email))).not.toContain(token.split('.')[1]);

    const confirmed = await call('POST /api/newsletter/confirm', { token });
    expect(confirmed.status).toBe(200);
    const after = await stored(email);
    expect(after).toMatchObject({ status: 'confirmed', GSI1PK: 'NEWSLETTER_SUBSCRIBERS' });
    expect(Date.parse(String(after!.confirmed_at))).toBeGreaterThan(Date.now() - 60_000);
    // the same link again: still confirmed, no second welcome
    expect((await call('POST /api/newsletter/confirm', { token })).status).toBe(200);

    const welcome = await inbox().waitFor(email, {
      subject: 'Iscrizione alla newsletter confermata',
      timeoutMs: 20_000,
    });
    const unsubscribeToken = tokenIn(welcome.html, '/newsletter/disiscrizione');
    const header = await inbox().header(welcome.id, 'List-Unsubscribe');
    expect(header).toContain('/api/newsletter/unsubscribe?token=');
    expect(await inbox().header(welcome.id, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClickToken = decodeURIComponent(/token=([^>]+)>/.exec(header!)![1]!);
    expect(oneClickToken).toBe(unsubscribeToken);

    // what a mail client sends (RFC 8058 section 3.2): a form-encoded POST to the header's URI
    const left = await invoke<Record<string, unknown>>(handler, 'POST /api/newsletter/unsubscribe', {
      query: { token: oneClickToken },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    const gone = await stored(email);
    expect(gone).toMatchObject({ status: 'unsubscribed' });
    expect(gone!.GSI1PK).toBeUndefined();
    expect((await inbox().to(email, 'Iscrizione alla newsletter confermata')).length).toBe(1);
  });

  it('[AP119] answers a confirmed address exactly as a new one and sends it nothing', async () => {
    const { email, ip } = fresh();
    await call('POST /api/newsletter', { email }, ip);
    const mail = await inbox().waitFor(email, { subject: "Conferma l'iscrizione", timeoutMs: 20_000 });
    await call('POST /api/newsletter/confirm', { token: tokenIn(mail.html, '/newsletter/conferma') });
    const again = await call('POST /api/newsletter', { email }, ip);
    const other = await call('POST /api/newsletter', { email: fresh().email }, ip);
    expect(again.status).toBe(other.status);
    expect(again.body).toEqual(other.body);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await inbox().to(email, "Conferma l'iscrizione")).toHaveLength(1);
  });

  it('refuses bad input, a forged token and an expired link with 400 naming the field; stores nothing', async () => {
    const { email, ip } = fresh();
    const bad = await call('POST /api/newsletter', { email: 'non-una-email' }, ip);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    expect((await call('POST /api/newsletter', {}, ip)).body.field).toBe('email');
    const forged = `${Buffer.from(email.toLowerCase()).toString('base64url')}.inventato-da-qualcuno`;
    const wrong = await call('POST /api/newsletter/confirm', { token: forged });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('token');
    expect(await stored(email)).toBeUndefined();

    await call('POST /api/newsletter', { email }, ip);
    const mail = await inbox().waitFor(email, { subject: "Conferma l'iscrizione", timeoutMs: 20_000 });
    const { confirmSubscription } = await import('./newsletter');
    const later = new Date(Date.now() + (NEWSLETTER_CONFIRM_VALID_HOURS * 3_600 + 60) * 1000);
    await expect(confirmSubscription(tokenIn(mail.html, '/newsletter/conferma'), later)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await stored(email)).toMatchObject({ status: 'pending' });
  });

  it('[AP119] lets one IP ask NEWSLETTER_PER_IP_PER_HOUR times an hour, then answers 429', async () => {
    const { ip } = fresh();
    for (let i = 0; i < NEWSLETTER_PER_IP_PER_HOUR; i += 1)
      expect((await call('POST /api/newsletter', { email: fresh().email }, ip)).status).toBe(202);
    const { email } = fresh();
    const over = await call('POST /api/newsletter', { email }, ip);
    expect(over.status).toBe(429);
    expect(await stored(email)).toBeUndefined();
  });

  it('starts the double opt-in from the sign-up newsletter box, source signup; nothing without it', async () => {
    const withBox = fresh();
    const without = fresh();
    const body = (email: string, marketing: boolean) => ({
      email,
      password: 'Registro2026!',
      accept_terms: true,
      marketing_consent: marketing,
    });
    expect((await call('POST /api/signup', body(withBox.email, true), withBox.ip)).status).toBe(202);
    expect((await call('POST /api/signup', body(without.email, false), without.ip)).status).toBe(202);
    expect(await stored(withBox.email)).toMatchObject({ status: 'pending', source: 'signup' });
    expect(await stored(without.email)).toBeUndefined();
    await inbox().waitFor(withBox.email, { subject: "Conferma l'iscrizione", timeoutMs: 20_000 });
  });
});
