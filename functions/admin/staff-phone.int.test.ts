/**
 * SMS codes go only to staff numbers an administrator set: PUT /api/admin/users/{id}/phone (admin
 * only, audited with the number masked) sets a collaborator's number in Cognito and refuses a
 * customer's account; a demotion removes the number. (A customer cannot write its own number: the
 * app client writes only the email, infra/local/stand-ins/cognito-rules.int.test.ts.)
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { listAuditOfTarget } from '../data/audit-repository';
import type { UserRowDto } from '../../shared/api/admin';

const PASSWORD = 'Telefono2026!';
let admin: string;
let collaborator: string;
let user: { email: string; id: string };

/** The user's phone attributes in the local Cognito (by sub). */
async function phoneOf(sub: string): Promise<Record<string, string>> {
  const client = new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const out = await client.send(new AdminGetUserCommand({ UserPoolId: inject('localPool').userPoolId, Username: sub }));
  return Object.fromEntries(
    (out.UserAttributes ?? []).filter((a) => a.Name!.startsWith('phone_number')).map((a) => [a.Name!, a.Value!]),
  );
}

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  const email = `sms${Date.now()}@example.com`;
  await signUpConfirmed(email, PASSWORD);
  const token = await signIn(email, PASSWORD);
  user = { email, id: (await api<{ id: string }>('GET', '/api/me', { token })).body.id };
});

describe('PUT /api/admin/users/{id}/phone', () => {
  it("refuses a customer's account (409): SMS never goes to a customer's number", async () => {
    const res = await api<{ message: string }>('PUT', `/api/admin/users/${user.id}/phone`, {
      token: admin,
      body: { phone: '+393331234567' },
    });
    expect(res).toEqual({ status: 409, body: { message: 'Solo lo staff può avere un numero per i codici SMS.' } });
    expect(await phoneOf(user.id)).toEqual({});
  });

  it("sets a collaborator's verified number, audited with the number masked; only the admin may; a demotion removes it", async () => {
    expect(
      (await api('PUT', `/api/admin/users/${user.id}/role`, { token: admin, body: { role: 'collaborator' } })).status,
    ).toBe(200);
    const bad = await api<{ field: string }>('PUT', `/api/admin/users/${user.id}/phone`, {
      token: admin,
      body: { phone: '3331234567' },
    });
    expect([bad.status, bad.body.field]).toEqual([400, 'phone']);
    expect(
      (await api('PUT', `/api/admin/users/${user.id}/phone`, { token: collaborator, body: { phone: '+393331234567' } }))
        .status,
    ).toBe(403);
    expect(await phoneOf(user.id)).toEqual({});

    const set = await api<UserRowDto>('PUT', `/api/admin/users/${user.id}/phone`, {
      token: admin,
      body: { phone: '+393331234567' },
    });
    expect(set).toMatchObject({ status: 200, body: { id: user.id, role: 'collaborator' } });
    expect(await phoneOf(user.id)).toEqual({ phone_number: '+393331234567', phone_number_verified: 'true' });
    const audit = (await listAuditOfTarget('user', user.id)).filter((h) => h.action === 'set-phone');
    expect(audit.map((h) => h.changes)).toEqual([{ phone: { before: null, after: '***567' } }]);
    expect(JSON.stringify(audit)).not.toContain('3331234567');

    expect(
      (await api('PUT', `/api/admin/users/${user.id}/role`, { token: admin, body: { role: 'user' } })).status,
    ).toBe(200);
    expect(await phoneOf(user.id)).toEqual({});
  });
});
