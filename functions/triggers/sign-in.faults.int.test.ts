/**
 * Sign-in while Cognito fails (a fault switched on in the local Cognito's proxy,
 * test/support/faults.ts): InitiateAuth answers Cognito's `InternalErrorException` (HTTP 500)
 * through every attempt of the SDK. The customer's attempts fail with that error, which the sign-in
 * page shows as 'Servizio di accesso momentaneamente non disponibile. Riprova tra poco.'
 * (web/src/auth/auth-errors.ts), and count as no wrong password: right after, the same password
 * signs in, the pre-token-generation trigger runs, and the shop's API takes the token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { clearFaults, fault } from '../../test/support/faults';
import { useLocalEnv } from '../../test/support/invoke';

useLocalEnv();
afterEach(() => clearFaults());

describe('sign-in while Cognito fails', () => {
  it('fails with Cognito’s own error while it lasts, then the same password signs in at once: no lockout', async () => {
    const customer = demo('cliente');
    fault({ service: 'cognito', operation: 'InitiateAuth', error: 'InternalErrorException', forMs: 60_000 });
    // more failed sign-ins than Cognito's lockout threshold (5 wrong passwords)
    for (let i = 0; i < 6; i++)
      await expect(signIn(customer.email, customer.password)).rejects.toMatchObject({
        name: 'InternalErrorException',
      });

    clearFaults();
    const token = await signIn(customer.email, customer.password);
    const addresses = await api('GET', '/api/me/addresses', { token });
    expect(addresses.status).toBe(200);
  });
});
