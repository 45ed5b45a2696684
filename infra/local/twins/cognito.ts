/**
 * cognito-local: the Cognito stand-in, run as a child process with its data folder as cwd. Works:
 * SignUp/Confirm (codes printed to its console; env CODE fixes them), USER_PASSWORD_AUTH, groups in
 * tokens, TOTP. Does not: SRP, GlobalSignOut, blocking disabled users (docs/architecture.md, Local
 * runtime), ResendConfirmationCode (served by the proxy in front of it, cognito-proxy.ts).
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
import { freePort, waitFor } from '../ports';
import { CognitoApiError, startCognitoProxy, type CognitoOperation } from './cognito-proxy';
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
 * @param lambdaEndpoint where cognito-local invokes trigger Lambdas (the local runtime's twin)
 */
export async function startCognitoLocal(
  port: number,
  dir: string,
  fixedCode?: string,
  lambdaEndpoint?: string,
): Promise<RunningCognito> {
  fs.mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  const endpoint = `http://localhost:${port}`;
  // Triggers: cognito-local invokes them through the Lambda API at lambdaEndpoint (our twin).
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
  let exitInfo = '';
  child.once('exit', (code) => {
    exitInfo = `cognito-local exited with code ${code}`;
  });
  await waitFor(
    async () => {
      if (exitInfo) throw new Error(exitInfo);
      const res = await fetch(`http://localhost:${internalPort}/health`).catch(() => null);
      return res !== null;
    },
    'cognito-local',
    30_000,
  );
  if (exitInfo) throw new Error(exitInfo);
  const proxy = await startCognitoProxy({
    port,
    upstreamPort: internalPort,
    operations: { ResendConfirmationCode: resendConfirmationCode(dir, deliver) },
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
