/**
 * The local Cognito refuses what Cognito refuses and cognito-local alone lets through: a user's
 * own write of an attribute outside the app client's write list (no SMS pumping: a customer cannot
 * set the phone number SMS codes go to), any self sign-up in a pool that allows only
 * administrators to create users, a disabled user's sign-in, a wrong password (also for an account
 * the shop created and has not confirmed), and a refresh token revoked by a global sign-out.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { claimsOf, refreshSession, signIn, signInTokens, signUpConfirmed } from '../../../test/support/auth';

const client = () =>
  new CognitoIdentityProviderClient({
    endpoint: inject('cognitoEndpoint'),
    region: 'eu-south-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const PASSWORD = 'Regole2026!';
const poolId = () => inject('localPool').userPoolId;

describe('local Cognito, as strict as Cognito', () => {
  it('refuses a customer writing its own phone number (the client writes only the email)', async () => {
    const email = `telefono${Date.now()}@example.com`;
    await signUpConfirmed(email, PASSWORD);
    const { accessToken } = await signInTokens(email, PASSWORD);
    await expect(
      client().send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: 'phone_number', Value: '+882351234567' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      client().send(
        new SignUpCommand({
          ClientId: inject('localPool').userPoolClientId,
          Username: `telefono2${Date.now()}@example.com`,
          Password: PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: `telefono2${Date.now()}@example.com` },
            { Name: 'phone_number', Value: '+882351234567' },
          ],
        }),
      ),
      // the pool allows no self sign-up at all (AllowAdminCreateUserOnly): refused before any attribute is read
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
  });

  it("refuses a pending account's sign-in with any password: no new-password challenge before its code confirms it", async () => {
    const email = `inattesa${Date.now()}@example.com`;
    const res = await fetch(`${inject('localUrl')}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, accept_terms: true }),
    });
    expect(res.status).toBe(202);
    for (const password of [PASSWORD, '123456', 'Qualsiasi2026'])
      await expect(signIn(email, password)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
  });

  it("refuses a disabled user's sign-in and a refresh token revoked by a global sign-out", async () => {
    const email = `disattivato${Date.now()}@example.com`;
    await signUpConfirmed(email, PASSWORD);
    const first = await signInTokens(email, PASSWORD);
    const sub = String(claimsOf(first.idToken).sub);
    expect(claimsOf(await refreshSession(first.refreshToken)).sub).toBe(sub);
    await client().send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: sub }));
    await expect(signIn(email, PASSWORD)).rejects.toThrow('User is disabled.');
    await expect(refreshSession(first.refreshToken)).rejects.toThrow('User is disabled.');
    await client().send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: sub }));
    const second = await signInTokens(email, PASSWORD);
    await client().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: sub }));
    for (const token of [first.refreshToken, second.refreshToken])
      await expect(refreshSession(token)).rejects.toThrow('Refresh Token has been revoked');
    const third = await signInTokens(email, PASSWORD);
    expect(claimsOf(await refreshSession(third.refreshToken)).sub).toBe(sub);
  });
});
