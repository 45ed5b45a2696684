/**
 * cognito-local: the Cognito stand-in, run as a child process with its data folder as cwd.
 * Works: SignUp/Confirm (codes printed to its console; env CODE fixes them), USER_PASSWORD_AUTH,
 * groups in tokens, TOTP. Does not: SRP, GlobalSignOut, blocking disabled users (ARCHITECTURE.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { track, stopChild } from './children';
import { waitFor } from './ports';
import type { MfaSeed } from './demo-users';

export interface RunningCognito {
  endpoint: string;
  stop(): Promise<void>;
  /** Lines cognito-local printed (confirmation codes appear here). */
  onLine(listener: (line: string) => void): void;
}

const require = createRequire(import.meta.url);

/**
 * Starts cognito-local on `port` with its data in `dir`.
 * @param fixedCode when set, every confirmation/MFA code it sends is this value (tests)
 * @param lambdaEndpoint where cognito-local invokes trigger Lambdas (the local runtime's twin)
 */
export async function startCognitoLocal(port: number, dir: string, fixedCode?: string, lambdaEndpoint?: string): Promise<RunningCognito> {
  fs.mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  // Triggers: cognito-local invokes them through the Lambda API at lambdaEndpoint (our twin).
  const config = {
    LambdaClient: { endpoint: lambdaEndpoint ?? 'http://127.0.0.1:1', region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TriggerFunctions: lambdaEndpoint ? { PostConfirmation: 'post-confirmation', PreTokenGeneration: 'pre-token-generation' } : {},
    TokenConfig: { IssuerDomain: `http://localhost:${port}` },
  };
  fs.writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  const entry = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const child = track(spawn(process.execPath, [entry], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: 'localhost', ...(fixedCode ? { CODE: fixedCode } : {}) },
  }));
  const listeners: ((line: string) => void)[] = [];
  let buffer = '';
  const onData = (d: Buffer) => {
    buffer += d.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) for (const l of listeners) l(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exitInfo = '';
  child.once('exit', (code) => { exitInfo = `cognito-local exited with code ${code}`; });
  const endpoint = `http://localhost:${port}`;
  await waitFor(async () => {
    if (exitInfo) throw new Error(exitInfo);
    const res = await fetch(`${endpoint}/health`).catch(() => null);
    return res !== null;
  }, 'cognito-local', 30_000);
  if (exitInfo) throw new Error(exitInfo);
  return { endpoint, stop: () => stopChild(child), onLine: (l) => listeners.push(l) };
}

type CognitoLocalUser = {
  Attributes?: { Name: string; Value: string }[];
  MFAOptions?: unknown[];
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  SoftwareTokenMfaConfiguration?: { Secret: string; Verified: boolean; FriendlyDeviceName?: string };
};

function readPoolDb(dir: string, userPoolId: string): { file: string; db: { Users?: Record<string, CognitoLocalUser> } } | null {
  const file = path.join(dir, '.cognito', 'db', `${userPoolId}.json`);
  if (!fs.existsSync(file)) return null;
  return { file, db: JSON.parse(fs.readFileSync(file, 'utf8')) as { Users?: Record<string, CognitoLocalUser> } };
}

const emailOf = (user: CognitoLocalUser) => user.Attributes?.find((a) => a.Name === 'email')?.Value;

/** True when `user` already has the MFA `seed` asks for. */
function hasSeed(user: CognitoLocalUser, seed: MfaSeed): boolean {
  if ('sms' in seed) return (user.MFAOptions?.length ?? 0) > 0 && (user.UserMFASettingList ?? []).includes('SMS_MFA');
  return user.SoftwareTokenMfaConfiguration?.Secret === seed.totpSecret && user.SoftwareTokenMfaConfiguration.Verified
    && (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

/**
 * Switches on MFA for the given users in cognito-local's data file: SMS (MFAOptions, as Cognito
 * records a phone factor) or an authenticator app with a known secret (a verified software token,
 * as after AssociateSoftwareToken + VerifySoftwareToken). cognito-local has no admin API for
 * either, so the record is patched while cognito-local is stopped (the caller restarts it).
 * @returns true when a record changed
 */
export function seedMfa(dir: string, userPoolId: string, seeds: readonly MfaSeed[]): boolean {
  const pool = readPoolDb(dir, userPoolId);
  if (!pool) return false;
  let changed = false;
  for (const user of Object.values(pool.db.Users ?? {})) {
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
  if (changed) fs.writeFileSync(pool.file, JSON.stringify(pool.db));
  return changed;
}

/** True when every seed is already in place. */
export function hasSeededMfa(dir: string, userPoolId: string, seeds: readonly MfaSeed[]): boolean {
  const pool = readPoolDb(dir, userPoolId);
  if (!pool) return false;
  const users = Object.values(pool.db.Users ?? {});
  return seeds.every((seed) => users.some((u) => emailOf(u) === seed.email && hasSeed(u, seed)));
}
