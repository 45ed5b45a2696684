/**
 * Test support: real Cognito sign-up, confirmation and sign-in against cognito-local (the
 * integration global setup fixes every emailed/SMS code to FIXED_CODE), and HTTP calls to the
 * local runtime with the resulting ID token.
 */
import { inject } from 'vitest';
import {
  CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, RespondToAuthChallengeCommand, SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export const FIXED_CODE = '123456';

function cognito(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint'), region: 'eu-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Signs in with USER_PASSWORD_AUTH, answering an SMS_MFA challenge with FIXED_CODE. @returns the ID token */
export async function signIn(email: string, password: string): Promise<string> {
  const client = cognito();
  const clientId = inject('localPool').userPoolClientId;
  const auth = await client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  if (auth.AuthenticationResult?.IdToken) return auth.AuthenticationResult.IdToken;
  if (auth.ChallengeName === 'SMS_MFA') {
    const answer = await client.send(new RespondToAuthChallengeCommand({
      ClientId: clientId, ChallengeName: 'SMS_MFA', Session: auth.Session,
      ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: FIXED_CODE },
    }));
    return answer.AuthenticationResult!.IdToken!;
  }
  throw new Error(`unexpected challenge ${auth.ChallengeName}`);
}

/** Signs up and confirms a new user (the post-confirmation trigger creates its profile). */
export async function signUpConfirmed(email: string, password: string): Promise<void> {
  const client = cognito();
  const clientId = inject('localPool').userPoolClientId;
  await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: FIXED_CODE }));
}

/** The password of a demo account by its email prefix ('cliente', 'membro', ...). */
export function demo(prefix: string): { email: string; password: string; sub: string } {
  const a = inject('localAccounts').find((x) => x.email.startsWith(prefix));
  if (!a) throw new Error(`no demo account ${prefix}`);
  return a;
}

/** Calls the local runtime's API over HTTP. */
export async function api<T = unknown>(method: string, path: string, opts: { token?: string | null; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${inject('localUrl')}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** ID tokens of the demo accounts the back-office tests act as, signed in once. */
export async function signInDemoAccounts(): Promise<{ admin: string; collaborator: string; customer: string; member: string }> {
  const token = (prefix: string) => signIn(demo(prefix).email, demo(prefix).password);
  // One after the other: cognito-local keeps its users in one file.
  return { admin: await token('supporto'), collaborator: await token('collaboratore'), customer: await token('cliente'), member: await token('membro') };
}
