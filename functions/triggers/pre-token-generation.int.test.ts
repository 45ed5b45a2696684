/**
 * The pre-token-generation trigger against cognito-local (staff pass MFA): the MFA claim comes
 * from the user's own MFA settings in Cognito; customers (groups known, none staff) get 'none'
 * without a Cognito call; an unreadable user means 'none', never a failed sign-in.
 */
import { describe, expect, inject, it } from 'vitest';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { localLambdaContext, runAsFunction } from '../../test/support/local-runtime';

Object.assign(process.env, inject('localEnv'));
const { handler } = await import('./pre-token-generation');
const cognitoClient = await (await import('../lib/cognito')).getCognitoClient();

const eventFor = (userName: string, groups?: string[]) =>
  ({
    version: '1',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'local',
    userPoolId: inject('localPool').userPoolId,
    userName,
    callerContext: { awsSdkVersion: 'x', clientId: inject('localPool').userPoolClientId },
    request: {
      userAttributes: {},
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: { claimsToSuppress: ['x'] } },
  }) as unknown as PreTokenGenerationTriggerEvent;

async function claimFor(userName: string, groups?: string[]): Promise<unknown> {
  const out = await runAsFunction('pre-token-generation', () =>
    handler(eventFor(userName, groups), localLambdaContext('pre-token-generation')),
  );
  expect(out.response.claimsOverrideDetails?.claimsToSuppress).toEqual(['x']);
  return out.response.claimsOverrideDetails?.claimsToAddOrOverride?.aurum_mfa;
}

/** Counts the trigger's Cognito calls. */
function countCognitoCalls(): { readonly n: number } {
  const counter = { n: 0 };
  cognitoClient.middlewareStack.add(
    (next) => async (args) => {
      counter.n += 1;
      return next(args);
    },
    { step: 'initialize', name: `count-${Math.random()}` },
  );
  return counter;
}

describe('pre-token-generation trigger', () => {
  const account = (role: string) => inject('localAccounts').find((a) => a.role === role)!;

  it("puts the staff member's own factor in the token: authenticator app or SMS", async () => {
    expect(await claimFor(account('collaborator').email, ['collaborator'])).toBe('totp');
    expect(await claimFor(account('admin').email, ['admin'])).toBe('sms');
    // Groups unknown (cognito-local does not send them): the settings decide.
    expect(await claimFor(account('collaborator').email)).toBe('totp');
  });

  it('gives customers none without asking Cognito', async () => {
    const calls = countCognitoCalls();
    expect(await claimFor(account('user').email, [])).toBe('none');
    expect(calls.n).toBe(0);
  });

  it('gives none, never an error, when the user cannot be read', async () => {
    expect(await claimFor('no-such-user@example.com', ['collaborator'])).toBe('none');
  });
});
