/**
 * Staff MFA is a property of the session, not of the account: a refresh token taken before a
 * promotion, or before the user enrolled a second factor, never yields a staff session. The
 * promotion and the first token after a change of factor sign the user out everywhere (Cognito
 * then refuses the old refresh tokens; the local Cognito's proxy does as Cognito does), and the
 * API refuses staff routes to any token whose session authenticated before the change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  claimsOf,
  demo,
  enrolTotp,
  refreshSession,
  signIn,
  signInTokens,
  signUpConfirmed,
} from '../../test/support/auth';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import { getProfile } from '../data/profile-repository';
import type { ApiHandler } from '../lib/context-handler';

useLocalEnv();
const PASSWORD = 'Sessione2026!';
let admin: string;
let adminCatalog: ApiHandler;

beforeAll(async () => {
  ({ handler: adminCatalog } = await import('../admin-catalog/index'));
  admin = await signIn(demo('supporto').email, demo('supporto').password);
});

async function newUser(tag: string): Promise<{ email: string; sub: string }> {
  const email = `${tag}${Date.now()}@example.com`;
  await signUpConfirmed(email, PASSWORD);
  const token = await signIn(email, PASSWORD);
  return { email, sub: String(claimsOf(token).sub) };
}

const promote = (sub: string) =>
  api('PUT', `/api/admin/users/${sub}/role`, { token: admin, body: { role: 'collaborator' } });

/** A staff route the collaborator may use. */
const staffCall = (token: string) => api('GET', '/api/admin/products', { token });

describe('a promotion revokes the sessions from before it', () => {
  it('replaying a pre-promotion refresh token gives no staff session; a new sign-in does', async () => {
    const user = await newUser('promosso');
    const { accessToken } = await signInTokens(user.email, PASSWORD);
    const secret = await enrolTotp(accessToken);
    const before = await signInTokens(user.email, PASSWORD, { totpSecret: secret });
    expect((await staffCall(before.idToken)).status).toBe(403);

    expect((await promote(user.sub)).status).toBe(200);
    expect((await getProfile(user.sub))!.role_changed_at).toBeDefined();

    // The stolen refresh token from before the promotion: refused, as Cognito refuses it after a
    // global sign-out; the ID token from before the promotion stays refused too.
    await expect(refreshSession(before.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await staffCall(before.idToken)).status).toBe(403);

    const after = await signIn(user.email, PASSWORD, { totpSecret: secret });
    expect((await staffCall(after)).status).toBe(200);
  });

  it('refuses staff routes to a token authenticated before the role changed, even if it carries the new group', async () => {
    const user = await newUser('promosso.token');
    expect((await promote(user.sub)).status).toBe(200);
    const changedAt = Math.floor(Date.parse((await getProfile(user.sub))!.role_changed_at!) / 1000);
    const claims = (authTime: number) => ({
      sub: user.sub,
      email: user.email,
      'cognito:groups': ['collaborator'],
      aurum_mfa: 'totp',
      auth_time: String(authTime),
    });
    const stale = await invoke<{ message: string }>(adminCatalog, 'GET /api/admin/products', {
      claims: claims(changedAt - 60),
    });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/accedi di nuovo/);
    expect((await invoke(adminCatalog, 'GET /api/admin/products', { claims: claims(changedAt) })).status).toBe(200);
  });
});

describe('enrolling a second factor revokes the sessions from before it', () => {
  it('a session begun without a factor cannot refresh into an MFA-marked staff session', async () => {
    const user = await newUser('senza.fattore');
    expect((await promote(user.sub)).status).toBe(200);
    // signed in after the promotion, without a factor: staff routes ask for MFA
    const noFactor = await signInTokens(user.email, PASSWORD);
    expect((await staffCall(noFactor.idToken)).status).toBe(403);
    expect((await getProfile(user.sub))!.mfa_state).toBe('none');

    await enrolTotp(noFactor.accessToken);
    // the first token after the enrolment comes from the old session: the change is recorded
    // and the user signed out everywhere
    await refreshSession(noFactor.refreshToken).catch(() => null);
    expect((await getProfile(user.sub))!.mfa_state).toBe('totp');
    await expect(refreshSession(noFactor.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
