/**
 * Accounts against the local stand-ins: sign-up creates the profile through the post-confirmation
 * trigger, profile/billing/addresses are per user (object-level checks), bans and the principal
 * admin rule are enforced by the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';

interface Me {
  id: string;
  email: string;
  role: string;
  membership: { tier: string; discount_percentage: number; is_member: boolean };
  subscription: { plan_name: string } | null;
  billing: Record<string, string | null>;
}
interface Address {
  id: string;
  full_name: string;
  city: string;
  is_default: boolean;
}
const validAddress = {
  full_name: 'Giulia Bianchi',
  line1: 'Via Sparano da Bari 12',
  postal_code: '70121',
  city: 'Bari',
  province: 'BA',
  country: 'IT',
  phone: '+39 080 1234567',
};

let alice: string;
let bob: string;
let admin: string;
let aliceId: string;

beforeAll(async () => {
  const stamp = Date.now();
  await signUpConfirmed(`alice-${stamp}@example.com`, 'Alice2026!x');
  await signUpConfirmed(`bob-${stamp}@example.com`, 'Bob2026!xy');
  alice = await signIn(`alice-${stamp}@example.com`, 'Alice2026!x');
  bob = await signIn(`bob-${stamp}@example.com`, 'Bob2026!xy');
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  aliceId = (await api<Me>('GET', '/api/me', { token: alice })).body.id;
});

describe('sign-up and profile', () => {
  it('creates the profile with role user on confirmation (post-confirmation trigger)', async () => {
    const me = await api<Me>('GET', '/api/me', { token: alice });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('user');
    expect(me.body.email).toMatch(/^alice-/);
    expect(me.body.membership).toEqual({ tier: 'none', level: 0, discount_percentage: 0, is_member: false });
    const users = await api<{ items: { id: string; role: string }[] }>('GET', '/api/admin/users', { token: admin });
    expect(users.body.items.find((u) => u.id === aliceId)?.role).toBe('user');
  });

  it('gives the Premium member its plan, tier and discount', async () => {
    const token = await signIn(demo('membro').email, demo('membro').password);
    const me = await api<Me>('GET', '/api/me', { token });
    expect(me.body.membership).toMatchObject({ tier: 'Premium', level: 2, is_member: true });
    expect(me.body.membership.discount_percentage).toBeGreaterThan(0);
    expect(me.body.subscription?.plan_name).toBeTruthy();
  });

  it('saves billing data and refuses an unknown field with 400 naming it, changing nothing', async () => {
    // 00743110157 and RSSMRA85T10A562S: a partita IVA and a codice fiscale whose check digits are right
    const ok = await api('PUT', '/api/me/billing', {
      token: alice,
      body: {
        company_name: 'Palestra Rossi S.r.l.',
        billing_address: 'Via Roma 1, Bari',
        vat_number: 'IT00743110157',
        tax_id: 'rssmra85t10a562s',
        sdi_code: 'm5uxcr1',
        pec: 'palestrarossi@pec.example',
      },
    });
    expect(ok.status).toBe(200);
    const bad = await api<{ message: string; field: string }>('PUT', '/api/me/billing', {
      token: alice,
      body: { vat_number: '00743110157', iban: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('iban');
    const saved = {
      company_name: 'Palestra Rossi S.r.l.',
      billing_address: 'Via Roma 1, Bari',
      vat_number: '00743110157',
      tax_id: 'RSSMRA85T10A562S',
      sdi_code: 'M5UXCR1',
      pec: 'palestrarossi@pec.example',
    };
    expect((await api<Me>('GET', '/api/me', { token: alice })).body.billing).toEqual(saved);
    // a wrong check digit (last digit or character changed) is refused naming the field, and nothing changes
    for (const [body, field, label] of [
      [{ vat_number: '00743110158' }, 'vat_number', 'Partita IVA'],
      [{ tax_id: 'RSSMRA85T10A562T' }, 'tax_id', 'Codice fiscale'],
      [{ sdi_code: 'M5UX' }, 'sdi_code', 'Codice destinatario SDI'],
      [{ company_name: 'Solo ragione sociale' }, 'vat_number', 'Partita IVA'],
    ] as const) {
      const refused = await api<{ message: string; field: string }>('PUT', '/api/me/billing', { token: alice, body });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe(field);
      expect(refused.body.message).toContain(`'${label}'`);
    }
    expect((await api<Me>('GET', '/api/me', { token: alice })).body.billing).toEqual(saved);
  });
});

describe('addresses and object-level authorization', () => {
  it('adds, edits and deletes own addresses with validated fields', async () => {
    const created = await api<Address>('POST', '/api/me/addresses', { token: alice, body: validAddress });
    expect(created.status).toBe(201);
    expect(created.body.is_default).toBe(true);
    const edited = await api<Address>('PUT', `/api/me/addresses/${created.body.id}`, {
      token: alice,
      body: { ...validAddress, city: 'Lecce', province: 'LE', postal_code: '73100' },
    });
    expect(edited.body.city).toBe('Lecce');
    const bad = await api<{ message: string; field: string }>('POST', '/api/me/addresses', {
      token: alice,
      body: { ...validAddress, postal_code: '7012' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('postal_code');
    expect(bad.body.message).toBe("Il campo 'CAP' non è valido.");
    const missing = await api<{ message: string; field: string }>('POST', '/api/me/addresses', {
      token: alice,
      body: { ...validAddress, city: undefined },
    });
    expect(missing.body.message).toBe("Il campo 'Città' è obbligatorio.");
    const list = await api<{ items: Address[] }>('GET', '/api/me/addresses', { token: alice });
    expect(list.body.items).toHaveLength(1);
    expect((await api('DELETE', `/api/me/addresses/${created.body.id}`, { token: alice })).status).toBe(200);
    expect((await api<{ items: Address[] }>('GET', '/api/me/addresses', { token: alice })).body.items).toHaveLength(0);
  });

  it("does not let user B read or change user A's addresses, profile or orders", async () => {
    const a = await api<Address>('POST', '/api/me/addresses', { token: alice, body: validAddress });
    const edit = await api('PUT', `/api/me/addresses/${a.body.id}`, {
      token: bob,
      body: { ...validAddress, full_name: 'Hacker' },
    });
    expect(edit.status).toBe(404);
    expect((await api('DELETE', `/api/me/addresses/${a.body.id}`, { token: bob })).status).toBe(404);
    expect((await api<{ items: Address[] }>('GET', '/api/me/addresses', { token: bob })).body.items).toHaveLength(0);
    const aliceList = await api<{ items: Address[] }>('GET', '/api/me/addresses', { token: alice });
    expect(aliceList.body.items.find((x) => x.id === a.body.id)?.full_name).toBe('Giulia Bianchi');
    const bobMe = await api<Me>('GET', '/api/me', { token: bob });
    expect(bobMe.body.id).not.toBe(aliceId);
    expect(bobMe.body.billing.vat_number).toBeNull();
    expect((await api<{ items: unknown[] }>('GET', '/api/me/orders', { token: bob })).body.items).toEqual([]);
  });
});

describe('roles and bans on the server', () => {
  it('refuses to ban or re-role the principal admin with Azione non permessa', async () => {
    const me = await api<Me>('GET', '/api/me', { token: admin });
    const ban = await api<{ message: string }>('POST', `/api/admin/users/${me.body.id}/ban`, {
      token: admin,
      body: {},
    });
    expect(ban.status).toBe(403);
    expect(ban.body.message).toBe("Non puoi modificare l'account admin principale.");
    const role = await api<{ message: string }>('PUT', `/api/admin/users/${me.body.id}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(role.status).toBe(403);
    const invalid = await api<{ field: string }>('PUT', `/api/admin/users/${aliceId}/role`, {
      token: admin,
      body: { role: 'admin' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('role');
  });

  it('promotes and demotes a collaborator in Cognito and the profile', async () => {
    const up = await api<{ role: string }>('PUT', `/api/admin/users/${aliceId}/role`, {
      token: admin,
      body: { role: 'collaborator' },
    });
    expect(up.body.role).toBe('collaborator');
    const fresh = await signIn((await api<Me>('GET', '/api/me', { token: alice })).body.email, 'Alice2026!x');
    const claims = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as {
      'cognito:groups'?: string[];
    };
    expect(claims['cognito:groups']).toContain('collaborator');
    expect((await api<Me>('GET', '/api/me', { token: fresh })).body.role).toBe('collaborator');
    const down = await api<{ role: string }>('PUT', `/api/admin/users/${aliceId}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(down.body.role).toBe('user');
    // the old token still says collaborator; the server takes the lower role at once
    expect((await api<Me>('GET', '/api/me', { token: fresh })).body.role).toBe('user');
  });

  it('bans with 403 on every authenticated route even with a valid token, and unbans', async () => {
    const ban = await api<{ banned_until: string }>('POST', `/api/admin/users/${aliceId}/ban`, {
      token: admin,
      body: {},
    });
    expect(Date.parse(ban.body.banned_until)).toBeGreaterThan(Date.now());
    const refused = await api<{ message: string }>('GET', '/api/me', { token: alice });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Il tuo account è sospeso.');
    expect((await api('GET', '/api/me/addresses', { token: alice })).status).toBe(403);
    const past = await api<{ field: string }>('POST', `/api/admin/users/${aliceId}/ban`, {
      token: admin,
      body: { until: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect((await api('POST', `/api/admin/users/${aliceId}/unban`, { token: admin, body: {} })).status).toBe(200);
    expect((await api('GET', '/api/me', { token: alice })).status).toBe(200);
  });
});

describe('membership on public catalogue routes over HTTP (no authorizer there)', () => {
  it('verifies a bearer token in the function: a member sees its tiers, a bad token is a visitor', async () => {
    type Item = { premium_tier: string };
    const visitor = (await api<{ items: Item[] }>('GET', '/api/products?limit=100')).body.items;
    const token = await signIn(demo('membro').email, demo('membro').password);
    const asMember = (await api<{ items: Item[] }>('GET', '/api/products?limit=100', { token })).body.items;
    expect(visitor.every((p) => p.premium_tier === 'none')).toBe(true);
    expect(asMember.some((p) => p.premium_tier === 'Premium')).toBe(true);
    expect(asMember.some((p) => p.premium_tier === 'Expert' || p.premium_tier === 'Legends')).toBe(false);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = await api<{ items: Item[] }>('GET', '/api/products', { token: forged });
    expect(bad.status).toBe(200);
    expect(bad.body.items.every((p) => p.premium_tier === 'none')).toBe(true);
    const bundles = await api<{ items: { is_premium: boolean }[] }>('GET', '/api/bundles', { token });
    expect(bundles.body.items.some((b) => b.is_premium)).toBe(true);
  });
});
