/**
 * Admin users over HTTP with real tokens: the list newest first with a cursor, the email search
 * (prefix, case-insensitive; 1 Query on GSI2), promote/demote, ban and unban (the banned user's API
 * calls get 403 at once, then work again), the principal admin refused with the titled 403, and
 * validation. Request counts through in-process invocations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import { claimsOf } from '../../test/support/staff';
import { listAuditOfTarget } from '../data/audit-repository';
import { getProfile, putProfile } from '../data/profile-repository';
import { env } from '../lib/env';
import type { PageResponse } from '../../shared/api/route';
import type { UserRowDto } from '../../shared/api/admin';
import type { ApiHandler } from '../lib/context-handler';

useLocalEnv();
let handler: ApiHandler;
let counter: RequestCounter;
let admin: string;
let collaborator: string;
let tag: string;
let user: { email: string; password: string; token: string; id: string };

beforeAll(async () => {
  ({ handler } = await import('./index'));
  counter = countDynamoRequests();
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  tag = `utente${Date.now()}`;
  const email = `${tag}.Rossi@Example.com`;
  await signUpConfirmed(email, 'Utente2026!');
  const token = await signIn(email, 'Utente2026!');
  const me = await api<{ id: string }>('GET', '/api/me', { token });
  user = { email, password: 'Utente2026!', token, id: me.body.id };
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with a cursor: 1 Query on GSI1 per page', async () => {
    counter.reset();
    const first = await invoke<PageResponse<UserRowDto>>(handler, 'GET /api/admin/users', {
      claims: claimsOf('supporto'),
      query: { limit: '2' },
    });
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }, { command: 'QueryCommand', index: 'GSI1' }]);
    // The newest sign-up first: this file's user, or one another test file signed up since (files run in parallel).
    const mine = await api<PageResponse<UserRowDto>>('GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`, {
      token: admin,
    });
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: user.id, email: user.email, role: 'user', banned_until: null }),
    ]);
    expect(first.body.items[0]!.created_at >= mine.body.items[0]!.created_at).toBe(true);
    const second = await api<PageResponse<UserRowDto>>(
      'GET',
      `/api/admin/users?limit=2&cursor=${first.body.next_cursor}`,
      { token: admin },
    );
    const both = [...first.body.items, ...second.body.items];
    expect(new Set(both.map((u) => u.id)).size).toBe(4);
    const times = both.map((u) => u.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('searches by email prefix, case-insensitively: 1 Query on GSI2', async () => {
    counter.reset();
    const res = await invoke<PageResponse<UserRowDto>>(handler, 'GET /api/admin/users', {
      claims: claimsOf('supporto'),
      query: { q: ` ${tag.toUpperCase()}.ROSSI@ ` },
    });
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }, { command: 'QueryCommand', index: 'GSI2' }]);
    expect(res.body.items.map((u) => u.email)).toEqual([user.email]);
    const seeded = await api<PageResponse<UserRowDto>>('GET', '/api/admin/users?q=giulia', { token: admin });
    expect(seeded.body.items.map((u) => u.email)).toEqual(['giulia.romano@example.com']);
    expect(
      (await api<PageResponse<UserRowDto>>('GET', '/api/admin/users?q=nessuno-con-questa-email', { token: admin })).body
        .items,
    ).toEqual([]);
    expect((await api('GET', '/api/admin/users', { token: collaborator })).status).toBe(403);
    const bad = await api<{ field: string }>('GET', `/api/admin/users?q=${'x'.repeat(300)}`, { token: admin });
    expect([bad.status, bad.body.field]).toEqual([400, 'q']);
  });
});

describe('role and ban', () => {
  it('promotes to and demotes from collaborator, audited', async () => {
    const up = await api<UserRowDto>('PUT', `/api/admin/users/${user.id}/role`, {
      token: admin,
      body: { role: 'collaborator' },
    });
    expect(up).toMatchObject({ status: 200, body: { role: 'collaborator' } });
    expect((await getProfile(user.id))?.role).toBe('collaborator');
    const down = await api<UserRowDto>('PUT', `/api/admin/users/${user.id}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(down.body.role).toBe('user');
    const history = await listAuditOfTarget('user', user.id);
    expect(history.map((h) => [h.action, h.changes.role])).toEqual([
      ['set-role', { before: 'user', after: 'collaborator' }],
      ['set-role', { before: 'collaborator', after: 'user' }],
    ]);
    const admin400 = await api<{ field: string; message: string }>('PUT', `/api/admin/users/${user.id}/role`, {
      token: admin,
      body: { role: 'admin' },
    });
    expect(admin400.body).toEqual({ message: "Il campo 'Ruolo' non è valido.", field: 'role' });
  });

  it('bans a user, whose API calls get 403 at once with the still-valid token, and unbans them', async () => {
    expect((await api('GET', '/api/me', { token: user.token })).status).toBe(200);
    const ban = await api<UserRowDto>('POST', `/api/admin/users/${user.id}/ban`, { token: admin, body: {} });
    expect(ban.status).toBe(200);
    expect(Date.parse(ban.body.banned_until!)).toBeGreaterThan(Date.now());
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/cart'],
      ['GET', '/api/me/orders'],
    ] as const) {
      const res = await api<{ message: string }>(method, path, { token: user.token });
      expect(res).toEqual({ status: 403, body: { message: 'Il tuo account è sospeso.' } });
    }
    const listed = await api<PageResponse<UserRowDto>>('GET', `/api/admin/users?q=${tag}`, { token: admin });
    expect(listed.body.items[0]!.banned_until).toBe(ban.body.banned_until);
    const unban = await api<UserRowDto>('POST', `/api/admin/users/${user.id}/unban`, { token: admin, body: {} });
    expect(unban.body.banned_until).toBeNull();
    expect((await api('GET', '/api/me', { token: user.token })).status).toBe(200);
    expect((await listAuditOfTarget('user', user.id)).map((h) => h.action).slice(-2)).toEqual(['ban', 'unban']);
    const past = await api<{ field: string }>('POST', `/api/admin/users/${user.id}/ban`, {
      token: admin,
      body: { until: '2020-01-01T00:00:00Z' },
    });
    expect([past.status, past.body.field]).toEqual([400, 'until']);
    const extra = await api<{ field: string }>('POST', `/api/admin/users/${user.id}/unban`, {
      token: admin,
      body: { motivo: 'x' },
    });
    expect([extra.status, extra.body.field]).toEqual([400, 'motivo']);
    expect((await getProfile(user.id))?.banned_until).toBeNull();
  });

  it('knows the principal admin by its account, never by email: a customer holding the support address is still banned', async () => {
    const email = `omonimo${Date.now()}@example.com`;
    await signUpConfirmed(email, 'Utente2026!');
    const token = await signIn(email, 'Utente2026!');
    const id = (await api<{ id: string }>('GET', '/api/me', { token })).body.id;
    // the customer's profile now carries the stage's support (principal admin's) address
    await putProfile({ ...(await getProfile(id))!, email: env.supportEmail.toUpperCase() });
    const ban = await api<UserRowDto>('POST', `/api/admin/users/${id}/ban`, { token: admin, body: {} });
    expect(ban.status).toBe(200);
    expect((await api('GET', '/api/me', { token })).status).toBe(403);
  });

  it("refuses to touch the principal admin with 'Azione non permessa' as the title, writing nothing", async () => {
    const principal = demo('supporto');
    const before = await getProfile(principal.sub);
    for (const [path, body] of [
      [`/api/admin/users/${principal.sub}/ban`, {}],
      [`/api/admin/users/${principal.sub}/unban`, {}],
      [`/api/admin/users/${principal.sub}/role`, { role: 'user' }],
    ] as const) {
      const res = await api(path.endsWith('role') ? 'PUT' : 'POST', path, { token: admin, body });
      expect(res).toEqual({
        status: 403,
        body: { title: 'Azione non permessa', message: "Non puoi modificare l'account admin principale." },
      });
    }
    expect(await getProfile(principal.sub)).toEqual(before);
    expect(await listAuditOfTarget('user', principal.sub)).toEqual([]);
  });
});
