/**
 * The back office's 'Messaggi' section over the real handlers and DynamoDB Local: a message sent
 * through the contact form is listed newest first (1 Query on GSI1) and marked answered once
 * (audited; 409 the second time, 404 for an unknown id); the suppression list is listed newest
 * first and an address lifted by the admin (audited; the worker may email it again), over HTTP
 * with the address URL-encoded in the path.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import { claimsOf } from '../../test/support/staff';
import { listAuditOfTarget } from '../data/audit-repository';
import { isSuppressed, suppress } from '../data/suppression-repository';
import type { ContactMessageDto, SuppressionDto } from '../../shared/api/admin-messages';
import type { PageResponse } from '../../shared/api/route';
import type { ApiHandler } from '../lib/context-handler';

useLocalEnv();
let admin: ApiHandler;
let account: ApiHandler;
let counter: RequestCounter;
const PROFILE = { command: 'GetItemCommand' };

beforeAll(async () => {
  ({ handler: admin } = await import('./index'));
  ({ handler: account } = await import('../account/index'));
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());

/** Sends a contact message the way the home page does, from its own address and IP. */
async function sendContact(text: string): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const email = `marco.${tag}@example.com`;
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const res = await invoke(account, 'POST /api/contact', {
    body: { first_name: 'Marco', last_name: 'Rossi', email, topic: 'prodotti', message: text, website: '' },
    sourceIp: ip,
  });
  expect(res.status).toBe(202);
  return email;
}

const listMessages = (prefix = 'collaboratore') =>
  invoke<PageResponse<ContactMessageDto>>(admin, 'GET /api/admin/contact-messages', {
    claims: claimsOf(prefix),
    query: { limit: '100' },
  });

describe('contact messages in the back office', () => {
  it('[AP128] lists the messages newest first with their state, for a collaborator: 1 Query on GSI1', async () => {
    const first = await sendContact('Il bilanciere arriva montato?');
    const second = await sendContact('Avete dischi da 25 kg?');
    counter.reset();
    const res = await listMessages();
    expect(res.status).toBe(200);
    expect(counter.requestsWithLimits).toEqual([PROFILE, { command: 'QueryCommand', index: 'GSI1', limit: 100 }]);
    const emails = res.body.items.map((m) => m.email);
    expect(emails).toContain(first);
    expect(emails.indexOf(second)).toBeLessThan(emails.indexOf(first));
    expect(res.body.items.find((m) => m.email === second)).toMatchObject({
      first_name: 'Marco',
      last_name: 'Rossi',
      topic: 'prodotti',
      message: 'Avete dischi da 25 kg?',
      state: 'nuovo',
      answered_at: null,
    });
  });

  it('[AP129] marks a message answered once (audited), 409 the second time, 404 for an unknown id', async () => {
    const email = await sendContact('Posso ritirare in negozio?');
    const id = (await listMessages()).body.items.find((m) => m.email === email)!.id;
    counter.reset();
    const res = await invoke<ContactMessageDto>(admin, 'POST /api/admin/contact-messages/{id}/answered', {
      claims: claimsOf('collaboratore'),
      pathParameters: { id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, state: 'risposto', answered_at: expect.any(String) });
    expect(res.body).not.toHaveProperty('answered_by');
    expect(counter.requests.filter((r) => r.command === 'UpdateItemCommand')).toHaveLength(1);
    expect((await listMessages()).body.items.find((m) => m.id === id)!.state).toBe('risposto');
    const audit = await listAuditOfTarget('contact_message', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'answered', actor_email: demo('collaboratore').email });

    const again = await invoke<{ message: string }>(admin, 'POST /api/admin/contact-messages/{id}/answered', {
      claims: claimsOf('supporto'),
      pathParameters: { id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Il messaggio è già segnato come risposto.');
    expect((await listMessages()).body.items.find((m) => m.id === id)!.answered_at).toBe(res.body.answered_at);
    expect(await listAuditOfTarget('contact_message', id)).toHaveLength(1);

    const unknown = await invoke(admin, 'POST /api/admin/contact-messages/{id}/answered', {
      claims: claimsOf('supporto'),
      pathParameters: { id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the suppression list in the back office', () => {
  it('[AP130] lists the suppressed addresses newest first with reason and time, for a collaborator: 1 Query on GSI1', async () => {
    const tag = randomUUID().slice(0, 8);
    await suppress(`rimbalzo.${tag}@example.com`, 'bounce', 'Permanent/General', new Date(Date.now() - 60_000));
    await suppress(`Spam.${tag}@Example.com`, 'complaint', 'abuse');
    counter.reset();
    const res = await invoke<PageResponse<SuppressionDto>>(admin, 'GET /api/admin/suppressions', {
      claims: claimsOf('collaboratore'),
      query: { limit: '100' },
    });
    expect(res.status).toBe(200);
    expect(counter.requestsWithLimits).toEqual([PROFILE, { command: 'QueryCommand', index: 'GSI1', limit: 100 }]);
    const ours = res.body.items.filter((s) => s.email.includes(tag));
    expect(ours).toEqual([
      { email: `spam.${tag}@example.com`, reason: 'complaint', detail: 'abuse', created_at: expect.any(String) },
      {
        email: `rimbalzo.${tag}@example.com`,
        reason: 'bounce',
        detail: 'Permanent/General',
        created_at: expect.any(String),
      },
    ]);
  });

  it('lets the admin lift an address over HTTP (URL-encoded, any case), audited; 404 when not listed, 400 naming email for a malformed address', async () => {
    const email = `luca+${randomUUID().slice(0, 8)}@example.com`;
    await suppress(email, 'manual', null);
    const token = await signIn(demo('supporto').email, demo('supporto').password);
    const path = `/api/admin/suppressions/${encodeURIComponent(email.toUpperCase())}`;
    const res = await api<{ deleted: boolean }>('DELETE', path, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(await isSuppressed(email)).toBe(false);
    const audit = await listAuditOfTarget('suppression', email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'delete', actor_email: demo('supporto').email });

    expect((await api('DELETE', path, { token })).status).toBe(404);
    const bad = await api<{ field?: string }>('DELETE', '/api/admin/suppressions/non-un-indirizzo', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
  });
});
