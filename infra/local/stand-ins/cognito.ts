/**
 * cognito-local: the Cognito stand-in, run as a child process with its data folder as cwd. Works:
 * AdminCreateUser and codes (printed to its console; env CODE fixes them), USER_PASSWORD_AUTH, groups in
 * tokens, TOTP, refresh tokens. Does not: SRP (docs/architecture.md, Local runtime). The proxy in
 * front of it (cognito-proxy.ts) adds what the shop relies on and cognito-local lacks, as Cognito
 * does it: ResendConfirmationCode, AdminUserGlobalSignOut and GlobalSignOut (refresh tokens
 * revoked), refusing a disabled user's sign-in and refresh, and refusing SignUp in a pool that
 * allows only administrators to create users.
 *
 * Codes reach us on its stdout (a box per message, read by outbox.ts). Its logger (pino 7 and
 * pino-pretty 7) writes through sonic-boom; sonic-boom 2.x adds a string's length in characters
 * to its buffer count but subtracts the bytes written, so after the box's multi-byte border
 * characters the count goes negative and later lines wait in its buffer until enough other output
 * arrives (pinojs/sonic-boom#139, fixed in 3.8). package.json `overrides` gives cognito-local
 * sonic-boom 3.8+, so every box is written when it is logged (cognito-logger.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { track, stopChild } from '../children';
import { freePort, STAND_IN_START_TIMEOUT_MS, waitFor } from '../ports';
import { CognitoApiError, startCognitoProxy, type CognitoOperation } from './cognito-proxy';
import type { ClientRateLimiter } from '../origin/rate-limiter';
import { createDeliveryReader, type OutboxMessage } from './outbox';
import type { MfaSeed } from '../seed/demo-users';

export interface RunningCognito {
  /** The public endpoint (the proxy in front of cognito-local). */
  endpoint: string;
  stop(): Promise<void>;
  /** Every code sent (cognito-local's delivery boxes and the proxy's resends), the moment it is sent. */
  onMessage(listener: (message: OutboxMessage) => void): void;
}

const require = createRequire(import.meta.url);

/**
 * Starts cognito-local with its data in `dir`, behind the proxy on the public `port`
 * (cognito-proxy.ts; cognito-local itself listens on a free internal port).
 * @param fixedCode when set, every confirmation/MFA code it sends is this value (tests)
 * @param lambdaEndpoint where cognito-local invokes trigger Lambdas (the local runtime's stand-in)
 * @param rateLimiter the user pool web ACL's per-IP limits, enforced by the proxy (none when absent)
 */
export async function startCognitoLocal(
  port: number,
  dir: string,
  fixedCode?: string,
  lambdaEndpoint?: string,
  rateLimiter?: ClientRateLimiter,
  faultsFile?: string,
): Promise<RunningCognito> {
  fs.mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  const endpoint = `http://localhost:${port}`;
  // Triggers: cognito-local invokes them through the Lambda API at lambdaEndpoint (our stand-in).
  const config = {
    LambdaClient: {
      endpoint: lambdaEndpoint ?? 'http://127.0.0.1:1',
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    TriggerFunctions: lambdaEndpoint
      ? { PostConfirmation: 'post-confirmation', PreTokenGeneration: 'pre-token-generation' }
      : {},
    TokenConfig: { IssuerDomain: endpoint },
  };
  fs.writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  const entry = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const internalPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(internalPort),
    HOST: 'localhost',
    // boxen wraps its message box at the terminal width (80 without a terminal); a long email
    // address would break the box's field lines, so give it room.
    COLUMNS: '4096',
  };
  // cognito-local fixes every code (and temporary password) to env CODE when it is set.
  if (fixedCode) env.CODE = fixedCode;
  else delete env.CODE;
  const child = track(
    spawn(process.execPath, [entry], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env }),
  );
  const listeners: ((message: OutboxMessage) => void)[] = [];
  const deliver = (message: OutboxMessage) => {
    for (const l of listeners) l(message);
  };
  // One line reader per stream: chunks of stdout and stderr must not be spliced into one line.
  for (const stream of [child.stdout, child.stderr]) {
    if (stream)
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', createDeliveryReader(deliver));
  }
  // An exit before it answers fails the start at once (waitFor takes a probe's throw for 'not yet').
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`cognito-local exited with code ${code}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    waitFor(
      async () => (await fetch(`http://localhost:${internalPort}/health`).catch(() => null)) !== null,
      'cognito-local',
      STAND_IN_START_TIMEOUT_MS,
    ),
    exited,
  ]);
  const proxy = await startCognitoProxy({
    port,
    upstreamPort: internalPort,
    operations: {
      ResendConfirmationCode: resendConfirmationCode(dir, deliver),
      AdminUserGlobalSignOut: adminUserGlobalSignOut(dir),
      GlobalSignOut: globalSignOut(dir),
    },
    guards: {
      InitiateAuth: refuseDisabledOrRevoked(dir),
      AdminInitiateAuth: refuseFlowNotEnabled(dir),
      SignUp: refuseSignUpWhenAdminOnly(dir),
      UpdateUserAttributes: refuseUnwritableAttributes(dir),
    },
    ...(rateLimiter ? { rateLimiter } : {}),
    ...(faultsFile ? { faultsFile } : {}),
  }).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  return {
    endpoint,
    stop: async () => {
      await proxy.stop();
      await stopChild(child);
    },
    onMessage: (l) => listeners.push(l),
  };
}

interface StoredUser {
  Username: string;
  /** cognito-local keeps the password as given. */
  Password?: string;
  Enabled?: boolean;
  RefreshTokens?: string[];
  UserStatus?: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value: string }[];
  MFAOptions?: unknown[];
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  SoftwareTokenMfaConfiguration?: { Secret: string; Verified: boolean; FriendlyDeviceName?: string };
}

interface StoredPool {
  Users?: Record<string, StoredUser>;
  Options?: { AdminCreateUserConfig?: { AllowAdminCreateUserOnly?: boolean } };
}

function poolFile(dir: string, userPoolId: string): string {
  return path.join(dir, '.cognito', 'db', `${userPoolId}.json`);
}

/** cognito-local's stored pool (it saves every change before answering), or null. */
function readPool(dir: string, userPoolId: string): StoredPool | null {
  const file = poolFile(dir, userPoolId);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredPool) : null;
}

function emailOf(user: StoredUser): string | undefined {
  return user.Attributes?.find((a) => a.Name === 'email')?.Value;
}

/**
 * ResendConfirmationCode, which cognito-local lacks: sends the unconfirmed user's pending
 * confirmation code again to their email, through the same delivery as cognito-local's own
 * messages (cognito-local keeps one code per user and has no API to replace it, so the resent
 * code is the pending one; it stays valid as the cloud's does).
 * Input: `{ ClientId, Username }` (Username: the email or the Cognito username).
 * Output: `{ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination } }`.
 * Errors: InvalidParameterException (missing field, user already confirmed),
 * ResourceNotFoundException (unknown client), UserNotFoundException.
 */
export function resendConfirmationCode(dir: string, deliver: (message: OutboxMessage) => void): CognitoOperation {
  return async (body) => {
    const clientId = typeof body.ClientId === 'string' ? body.ClientId : '';
    const username = typeof body.Username === 'string' ? body.Username.trim() : '';
    if (!clientId || !username)
      throw new CognitoApiError('InvalidParameterException', 'ClientId and Username are required.');
    const clients = JSON.parse(fs.readFileSync(path.join(dir, '.cognito', 'db', 'clients.json'), 'utf8')) as {
      Clients?: Record<string, { UserPoolId?: string }>;
    };
    const userPoolId = clients.Clients?.[clientId]?.UserPoolId;
    if (!userPoolId) throw new CognitoApiError('ResourceNotFoundException', 'User pool client does not exist.');
    const wanted = username.toLowerCase();
    const user = Object.values(readPool(dir, userPoolId)?.Users ?? {}).find(
      (u) => u.Username === username || emailOf(u)?.toLowerCase() === wanted,
    );
    const email = user && emailOf(user);
    if (!user || !email) throw new CognitoApiError('UserNotFoundException', 'User does not exist.');
    if (user.UserStatus !== 'UNCONFIRMED' || !user.ConfirmationCode)
      throw new CognitoApiError('InvalidParameterException', 'User is already confirmed.');
    deliver({
      operation: 'ResendConfirmationCode',
      username: user.Username,
      destination: email,
      code: user.ConfirmationCode,
    });
    return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } };
  };
}

/** The revoked refresh tokens of the local pool (global sign-outs), kept beside cognito-local's data. */
function revocationsFile(dir: string): string {
  return path.join(dir, '.cognito', 'revoked-refresh-tokens.json');
}

function readRevoked(dir: string): Set<string> {
  const file = revocationsFile(dir);
  return new Set(fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : []);
}

/** Revokes every refresh token cognito-local has issued to `user` (it records each one on the user). */
function revokeAll(dir: string, user: StoredUser): void {
  const revoked = readRevoked(dir);
  for (const token of user.RefreshTokens ?? []) revoked.add(token);
  fs.writeFileSync(revocationsFile(dir), JSON.stringify([...revoked]));
}

function subOf(user: StoredUser): string | undefined {
  return user.Attributes?.find((a) => a.Name === 'sub')?.Value;
}

/** The user named `username` (Cognito username, sub or email) in any local pool, with its pool id. */
function findUser(dir: string, username: string, userPoolId?: string): StoredUser | null {
  const dbDir = path.join(dir, '.cognito', 'db');
  const pools = userPoolId
    ? [userPoolId]
    : fs
        .readdirSync(dbDir)
        .filter((f) => f.endsWith('.json') && f !== 'clients.json')
        .map((f) => f.slice(0, -5));
  const wanted = username.toLowerCase();
  for (const id of pools) {
    const user = Object.values(readPool(dir, id)?.Users ?? {}).find(
      (u) => u.Username === username || subOf(u) === username || emailOf(u)?.toLowerCase() === wanted,
    );
    if (user) return user;
  }
  return null;
}

/** The unverified payload of a JWT cognito-local issued, or null. */
function jwtPayload(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * AdminUserGlobalSignOut, which cognito-local lacks. Cognito: "Invalidates the identity, access,
 * and refresh tokens that Amazon Cognito issued to a user. [...] Amazon Cognito no longer accepts
 * a signed-out user's refresh tokens in refresh requests." Every refresh token issued to the user
 * so far is recorded as revoked (refresh requests are then refused by refuseDisabledOrRevoked);
 * tokens issued later work. Input `{ UserPoolId, Username }`; output `{}`.
 * Errors: InvalidParameterException (missing field), UserNotFoundException.
 */
export function adminUserGlobalSignOut(dir: string): CognitoOperation {
  return async (body) => {
    const poolId = typeof body.UserPoolId === 'string' ? body.UserPoolId : '';
    const username = typeof body.Username === 'string' ? body.Username : '';
    if (!poolId || !username)
      throw new CognitoApiError('InvalidParameterException', 'UserPoolId and Username are required.');
    const user = findUser(dir, username, poolId);
    if (!user) throw new CognitoApiError('UserNotFoundException', 'User does not exist.');
    revokeAll(dir, user);
    return {};
  };
}

/** GlobalSignOut (the user's own access token), as AdminUserGlobalSignOut. Input `{ AccessToken }`; output `{}`. */
export function globalSignOut(dir: string): CognitoOperation {
  return async (body) => {
    const claims = typeof body.AccessToken === 'string' ? jwtPayload(body.AccessToken) : null;
    const username = typeof claims?.username === 'string' ? claims.username : String(claims?.sub ?? '');
    const user = username ? findUser(dir, username) : null;
    if (!user) throw new CognitoApiError('NotAuthorizedException', 'Invalid Access Token');
    revokeAll(dir, user);
    return {};
  };
}

/**
 * Guard of InitiateAuth: refuses what Cognito refuses and cognito-local lets through.
 *  - A disabled user (AdminDisableUser: "Deactivates a user and revokes all access tokens for the
 *    user. A deactivated user can't sign in") gets NotAuthorizedException 'User is disabled.', on
 *    a password sign-in and on a refresh.
 *  - A refresh token revoked by a global sign-out gets NotAuthorizedException 'Refresh Token has
 *    been revoked' ("Amazon Cognito no longer accepts a signed-out user's refresh tokens in
 *    refresh requests").
 *  - A wrong password gets NotAuthorizedException 'Incorrect username or password.', also for a
 *    user still FORCE_CHANGE_PASSWORD (an account the shop created and its code has not confirmed):
 *    Cognito asks for a new password (NEW_PASSWORD_REQUIRED) only after the temporary one was
 *    given, where cognito-local asks without checking it (anyone could then set the password) and
 *    answers a wrong password with InvalidPasswordException.
 */
export function refuseDisabledOrRevoked(dir: string): CognitoOperation {
  return async (body) => {
    const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
    const flow = String(body.AuthFlow ?? '');
    let user: StoredUser | null = null;
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      const token = typeof params.REFRESH_TOKEN === 'string' ? params.REFRESH_TOKEN : '';
      if (readRevoked(dir).has(token))
        throw new CognitoApiError('NotAuthorizedException', 'Refresh Token has been revoked');
      const username = jwtPayload(token)?.['cognito:username'];
      user = typeof username === 'string' ? findUser(dir, username) : null;
    } else if (typeof params.USERNAME === 'string') {
      user = findUser(dir, params.USERNAME);
    }
    if (user?.Enabled === false) throw new CognitoApiError('NotAuthorizedException', 'User is disabled.');
    if (user && typeof params.PASSWORD === 'string' && user.Password !== params.PASSWORD)
      throw new CognitoApiError('NotAuthorizedException', 'Incorrect username or password.');
    return {};
  };
}

/**
 * Guard of AdminInitiateAuth: Cognito refuses a flow the app client does not enable
 * ("InvalidParameterException: Auth flow not enabled for this client"; the client's
 * ExplicitAuthFlows) and a disabled user ("NotAuthorizedException: User is disabled."), which
 * cognito-local does not check; and it answers a wrong password with "NotAuthorizedException:
 * Incorrect username or password." where cognito-local answers InvalidPasswordException.
 */
export function refuseFlowNotEnabled(dir: string): CognitoOperation {
  const disabled = refuseDisabledOrRevoked(dir);
  return async (body) => {
    const clients = JSON.parse(fs.readFileSync(path.join(dir, '.cognito', 'db', 'clients.json'), 'utf8')) as {
      Clients?: Record<string, { ExplicitAuthFlows?: string[] }>;
    };
    const flows = clients.Clients?.[String(body.ClientId ?? '')]?.ExplicitAuthFlows ?? [];
    if (!flows.includes(`ALLOW_${String(body.AuthFlow ?? '')}`))
      throw new CognitoApiError('InvalidParameterException', 'Auth flow not enabled for this client');
    await disabled(body);
    const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
    const user = typeof params.USERNAME === 'string' ? findUser(dir, params.USERNAME) : null;
    if (user && user.Password !== params.PASSWORD)
      throw new CognitoApiError('NotAuthorizedException', 'Incorrect username or password.');
    return {};
  };
}

/**
 * Guard of SignUp and UpdateUserAttributes: an attribute outside the app client's WriteAttributes
 * is refused, as Cognito refuses it ("NotAuthorizedException: A client attempted to write
 * unauthorized attribute"); cognito-local stores any attribute. The client is the request's
 * ClientId, or the access token's `client_id`.
 */
export function refuseUnwritableAttributes(dir: string): CognitoOperation {
  return async (body) => {
    const clientId =
      typeof body.ClientId === 'string'
        ? body.ClientId
        : typeof body.AccessToken === 'string'
          ? String(jwtPayload(body.AccessToken)?.client_id ?? '')
          : '';
    const clients = JSON.parse(fs.readFileSync(path.join(dir, '.cognito', 'db', 'clients.json'), 'utf8')) as {
      Clients?: Record<string, { WriteAttributes?: string[] }>;
    };
    const writable = clients.Clients?.[clientId]?.WriteAttributes;
    if (!writable) return {};
    const attributes = (Array.isArray(body.UserAttributes) ? body.UserAttributes : []) as { Name?: unknown }[];
    if (attributes.some((a) => typeof a.Name !== 'string' || !writable.includes(a.Name)))
      throw new CognitoApiError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    return {};
  };
}

/**
 * Guard of SignUp: a pool that allows only administrators to create users refuses every sign-up,
 * whatever the address, before looking at the user ("AllowAdminCreateUserOnly: Set to True if only
 * the administrator is allowed to create user profiles. Set to False if users can sign themselves
 * up via an app.", Amazon Cognito API reference, AdminCreateUserConfigType), with Cognito's answer
 * `NotAuthorizedException: SignUp is not permitted for this user pool`; cognito-local stores the
 * setting and signs the user up anyway. A pool that allows sign-up gets the attribute check
 * (refuseUnwritableAttributes).
 */
export function refuseSignUpWhenAdminOnly(dir: string): CognitoOperation {
  const attributes = refuseUnwritableAttributes(dir);
  return async (body) => {
    const clients = JSON.parse(fs.readFileSync(path.join(dir, '.cognito', 'db', 'clients.json'), 'utf8')) as {
      Clients?: Record<string, { UserPoolId?: string }>;
    };
    const userPoolId = clients.Clients?.[String(body.ClientId ?? '')]?.UserPoolId;
    const pool = userPoolId ? readPool(dir, userPoolId) : null;
    if (pool?.Options?.AdminCreateUserConfig?.AllowAdminCreateUserOnly === true)
      throw new CognitoApiError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
    return attributes(body);
  };
}

/** True when `user` already has the MFA `seed` asks for. */
function hasSeed(user: StoredUser, seed: MfaSeed): boolean {
  if ('sms' in seed) return (user.MFAOptions?.length ?? 0) > 0 && (user.UserMFASettingList ?? []).includes('SMS_MFA');
  return (
    user.SoftwareTokenMfaConfiguration?.Secret === seed.totpSecret &&
    user.SoftwareTokenMfaConfiguration.Verified &&
    (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')
  );
}

/**
 * Switches on MFA for the given users in cognito-local's data file: SMS (MFAOptions, as Cognito
 * records a phone factor) or an authenticator app with a known secret (a verified software token,
 * as after AssociateSoftwareToken + VerifySoftwareToken). cognito-local has no admin API for
 * either, so the record is patched while cognito-local is stopped (the caller restarts it).
 * @returns true when a record changed
 */
export function seedMfa(dir: string, userPoolId: string, seeds: readonly MfaSeed[]): boolean {
  const db = readPool(dir, userPoolId);
  if (!db) return false;
  let changed = false;
  for (const user of Object.values(db.Users ?? {})) {
    const seed = seeds.find((s) => s.email === emailOf(user));
    if (!seed || hasSeed(user, seed)) continue;
    if ('sms' in seed) {
      user.MFAOptions = [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }];
      user.UserMFASettingList = ['SMS_MFA'];
      user.PreferredMfaSetting = 'SMS_MFA';
    } else {
      user.SoftwareTokenMfaConfiguration = { Secret: seed.totpSecret, Verified: true, FriendlyDeviceName: 'Demo' };
      user.UserMFASettingList = ['SOFTWARE_TOKEN_MFA'];
      user.PreferredMfaSetting = 'SOFTWARE_TOKEN_MFA';
    }
    changed = true;
  }
  if (changed) fs.writeFileSync(poolFile(dir, userPoolId), JSON.stringify(db));
  return changed;
}

/** True when every seed is already in place. */
export function hasSeededMfa(dir: string, userPoolId: string, seeds: readonly MfaSeed[]): boolean {
  const users = Object.values(readPool(dir, userPoolId)?.Users ?? {});
  if (users.length === 0) return false;
  return seeds.every((seed) => users.some((u) => emailOf(u) === seed.email && hasSeed(u, seed)));
}
