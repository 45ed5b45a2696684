/**
 * Stable user identity: the back office's Cognito actions (ban, unban, role)
 * address the user by its immutable id (sub), so they keep working after the user's email changed
 * in Cognito and the profile's stored copy went stale. Real tokens, real cognito-local.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { api, demo, signIn, signUpConfirmed } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';

useLocalEnv();
let admin: string;

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const pool = () => inject('localPool').userPoolId;
const enabled = async (sub: string) =>
  (await cognito().send(new AdminGetUserCommand({ UserPoolId: pool(), Username: sub }))).Enabled;
const groups = async (sub: string) =>
  ((await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: pool(), Username: sub }))).Groups ?? []).map(
    (g) => g.GroupName,
  );

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
});

describe('stable user identity: Cognito admin actions address users by sub', () => {
  it('bans, unbans and re-roles a user whose email changed after the profile was written', async () => {
    const first = `identita-${randomUUID().slice(0, 8)}@example.com`;
    await signUpConfirmed(first, 'Identita2026!');
    const token = await signIn(first, 'Identita2026!');
    const me = await api<{ id: string; email: string }>('GET', '/api/me', { token });
    expect(me.body.email).toBe(first);
    const sub = me.body.id;
    // The user's email changes in Cognito; the profile keeps the old one.
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pool(),
        Username: sub,
        UserAttributes: [{ Name: 'email', Value: `nuova-${first}` }],
      }),
    );

    const ban = await api<{ banned_until: string }>('POST', `/api/admin/users/${sub}/ban`, { token: admin, body: {} });
    expect(ban.status).toBe(200);
    expect(await enabled(sub)).toBe(false);
    expect((await api('POST', `/api/admin/users/${sub}/unban`, { token: admin, body: {} })).status).toBe(200);
    expect(await enabled(sub)).toBe(true);

    expect(
      (await api('PUT', `/api/admin/users/${sub}/role`, { token: admin, body: { role: 'collaborator' } })).status,
    ).toBe(200);
    expect(await groups(sub)).toContain('collaborator');
    expect((await api('PUT', `/api/admin/users/${sub}/role`, { token: admin, body: { role: 'user' } })).status).toBe(
      200,
    );
    expect(await groups(sub)).not.toContain('collaborator');
  });
});
