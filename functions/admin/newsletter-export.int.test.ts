/**
 * The back office's CSV export of the newsletter (GET /api/admin/newsletter/subscribers.csv) over
 * HTTP with real tokens: only confirmed subscribers (one confirmed through the double opt-in's
 * emailed link, one pending, one unsubscribed), RFC 4180 quoting and CRLF records, the formula
 * guard on cells starting with = + - @, the export audited, and 403 for a collaborator.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demo, signIn } from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { MailDevInbox } from '../../test/support/local-runtime';
import { listAuditOfTarget } from '../data/audit-repository';
import { indexKeys, keys } from '../data/keys';
import type { ApiHandler } from '../lib/context-handler';
import { ddb, PutCommand } from '../lib/dynamo';
import { env } from '../lib/env';

useLocalEnv();
let account: ApiHandler;
let admin: string;
let collaborator: string;

beforeAll(async () => {
  ({ handler: account } = await import('../account/index'));
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
});

/** GET the export over HTTP as `token`: status, headers and the body as text. */
async function exportCsv(token: string) {
  const res = await fetch(`${inject('localUrl')}/api/admin/newsletter/subscribers.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Stores a subscriber as the double opt-in leaves it (the GSI1 entry only while confirmed). */
async function seed(email: string, status: 'confirmed' | 'unsubscribed', confirmedAt: string) {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...keys.newsletterSubscriber(email),
        entity: 'newsletter_subscriber',
        email,
        status,
        source: 'footer',
        requested_at: confirmedAt,
        confirm_hash: null,
        confirm_expires_at: null,
        confirmed_at: confirmedAt,
        unsubscribe_hash: 'f'.repeat(64),
        unsubscribed_at: status === 'unsubscribed' ? confirmedAt : null,
        ...(status === 'confirmed' ? indexKeys.newsletterSubscriber({ email, confirmed_at: confirmedAt }) : {}),
      },
    }),
  );
}

describe('GET /api/admin/newsletter/subscribers.csv', () => {
  it('[AP120] exports only confirmed subscribers, RFC 4180 quoted, formulas defused, and audits the export', async () => {
    const tag = randomUUID().slice(0, 8);
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // confirmed the way a reader does: the footer's box, then the emailed link
    const confirmed = `-Lettrice.${tag}@Example.com`;
    expect((await invoke(account, 'POST /api/newsletter', { body: { email: confirmed }, sourceIp: ip })).status).toBe(
      202,
    );
    const mail = await new MailDevInbox(inject('localMailInboxUrl')).waitFor(confirmed, {
      subject: "Conferma l'iscrizione",
      timeoutMs: 20_000,
    });
    const token = decodeURIComponent(/\/newsletter\/conferma\?token=([^"&]+)/.exec(mail.html)![1]!);
    expect((await invoke(account, 'POST /api/newsletter/confirm', { body: { token } })).status).toBe(200);
    // asked but never confirmed
    const pending = `pending.${tag}@example.com`;
    expect((await invoke(account, 'POST /api/newsletter', { body: { email: pending }, sourceIp: ip })).status).toBe(
      202,
    );
    // addresses the sign-up form would refuse but a mailbox may carry (RFC 5321 quoted local parts)
    await seed(`"Rossi, Mario".${tag}@example.com`, 'confirmed', '2026-03-01T10:00:00.000Z');
    await seed(`=HYPERLINK("x").${tag}@example.com`, 'confirmed', '2026-03-02T10:00:00.000Z');
    await seed(`@gone.${tag}@example.com`, 'unsubscribed', '2026-03-03T10:00:00.000Z');

    const res = await exportCsv(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aurum-newsletter-iscritti-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = res.text.split('\r\n');
    expect(records[0]).toBe('Email,Consenso (UTC),Fonte');
    expect(records.at(-1)).toBe(''); // every record ends with CRLF
    expect(res.text.replaceAll('\r\n', '')).not.toContain('\n');
    const mine = records.filter((r) => r.includes(tag));
    expect(mine).toHaveLength(3);
    expect(mine).toContain(`"""Rossi, Mario"".${tag}@example.com",2026-03-01T10:00:00.000Z,footer`);
    expect(mine).toContain(`"'=HYPERLINK(""x"").${tag}@example.com",2026-03-02T10:00:00.000Z,footer`);
    const reader = mine.find((r) => r.includes('Lettrice'))!;
    expect(reader).toMatch(new RegExp(`^'-Lettrice\\.${tag}@Example\\.com,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,footer$`));
    expect(Date.parse(reader.split(',')[1]!)).toBeGreaterThan(Date.now() - 120_000);
    expect(res.text).not.toContain(pending);
    expect(res.text).not.toContain(`@gone.${tag}`);

    const audit = await listAuditOfTarget('newsletter', 'subscribers');
    expect(audit.at(-1)).toMatchObject({
      action: 'export',
      route: 'GET /api/admin/newsletter/subscribers.csv',
      changes: { rows: { before: null, after: records.length - 2 } }, // minus the header and the empty end
    });
  });

  it('refuses a collaborator (403, in Italian) and a visitor (401)', async () => {
    const refused = await exportCsv(collaborator);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ message: expect.any(String) });
    const visitor = await fetch(`${inject('localUrl')}/api/admin/newsletter/subscribers.csv`);
    expect(visitor.status).toBe(401);
  });
});
