/**
 * The contact form on the local runtime: POST /api/contact stores the message and queues its two
 * emails in one transaction; the relay's email worker delivers them to MailDev: one to the support
 * inbox with Reply-To the sender, the automatic reply to the sender (read through MailDev's REST
 * API). The honeypot, the hourly limits per address and per IP, and bad input write nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import { MailDevInbox } from '../../test/support/local-runtime';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';

useLocalEnv();
let handler: ApiHandler;
let counter: RequestCounter;
const inbox = () => new MailDevInbox(inject('localMailInboxUrl'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ handler } = await import('./index'));
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());

/** A fresh sender and IP, so each test has its own hourly counters. */
function sender() {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `Giulia.${tag}@Example.com`,
    ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    tag,
  };
}

const post = (body: unknown, ip: string) =>
  invoke<{ accepted?: boolean; message?: string; field?: string; title?: string }>(handler, 'POST /api/contact', {
    body,
    sourceIp: ip,
  });

const message = (email: string, text: string) => ({
  first_name: 'Giulia',
  last_name: 'Bianchi',
  email,
  topic: 'ordini',
  message: text,
  website: '',
});

describe('POST /api/contact', () => {
  it('[AP103] stores the message and delivers it to the support inbox with Reply-To the sender, and the auto-reply: 1 TransactWriteItems', async () => {
    const { email, ip, tag } = sender();
    const text = `Quando arriva il mio ordine? (${tag})`;
    const res = await post(message(`  ${email} `, text), ip);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    expect(counter.requests).toEqual([{ command: 'TransactWriteItemsCommand' }]);

    const ofThisMessage = async () =>
      (await inbox().to(DEFAULT_SUPPORT_EMAIL, 'Giulia Bianchi')).filter((e) => e.text.includes(tag));
    await expect.poll(async () => (await ofThisMessage()).length, { timeout: 20_000 }).toBe(1);
    const [toSupport] = await ofThisMessage();
    expect(toSupport!.subject).toContain('Supporto ordini');
    expect(toSupport!.text).toContain(text);
    // (the mail library writes the domain in lower case)
    expect((await inbox().header(toSupport!.id, 'Reply-To'))?.toLowerCase()).toContain(email.toLowerCase());

    const reply = await inbox().waitFor(email, { subject: 'Abbiamo ricevuto il tuo messaggio' });
    expect(reply.text).toContain('24 ore lavorative');
    expect(await inbox().header(reply.id, 'Reply-To')).toContain(DEFAULT_SUPPORT_EMAIL);
  });

  it('answers a filled honeypot like a person and stores or sends nothing', async () => {
    const { email, ip } = sender();
    const res = await post({ ...message(email, 'Offerta imperdibile'), website: 'https://spam.example' }, ip);
    expect(res.status).toBe(202);
    expect(counter.commands.filter((c) => c.startsWith('Transact') || c.startsWith('Put'))).toEqual([]);
    await sleep(1_500);
    expect(await inbox().to(email)).toHaveLength(0);
  });

  it('refuses a fourth message from one address in the hour, and an eleventh from one IP, with 429 and nothing written', async () => {
    const { email, ip } = sender();
    for (let i = 0; i < 3; i++) expect((await post(message(email, `Messaggio ${i}`), ip)).status).toBe(202);
    const fourth = await post(message(email.toUpperCase(), 'Messaggio 4'), sender().ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      "Hai inviato troppi messaggi nell'ultima ora. Riprova più tardi o scrivici via email.",
    );
    // the IP: 10 messages from 10 addresses, the eleventh refused
    const office = sender().ip;
    for (let i = 0; i < 10; i++)
      expect((await post(message(sender().email, `Dall'ufficio ${i}`), office)).status).toBe(202);
    expect((await post(message(sender().email, 'Undicesimo'), office)).status).toBe(429);
    // the address counter did not move on the refused message: still 3
    const window = new Date().toISOString().slice(0, 13);
    const stored = await ddb.send(
      new GetCommand({ TableName: env.tableName, Key: keys.contactRateLimit('email', email, window) }),
    );
    expect(stored.Item?.count).toBe(3);
  });

  it.each([
    [{ first_name: 'Giulia', email: 'g@example.com', message: 'Ciao' }, 'last_name', 'Cognome'],
    [{ first_name: 'Giulia', last_name: 'B', email: 'non-una-email', message: 'Ciao' }, 'email', 'Email'],
    [{ first_name: 'Giulia', last_name: 'B', email: 'g@example.com', message: '   ' }, 'message', 'Messaggio'],
    [
      { first_name: 'Giulia', last_name: 'B', email: 'g@example.com', message: 'Ciao', topic: 'x' },
      'topic',
      'Argomento',
    ],
  ])('refuses bad input with 400 naming the field, writing nothing (%#)', async (body, field, label) => {
    const res = await post(body, sender().ip);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(label);
    expect(counter.commands).toEqual([]);
  });
});
