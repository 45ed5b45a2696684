/**
 * cognito-local: the Cognito stand-in, run as a child process with its data folder as cwd.
 * Works: SignUp/Confirm (codes printed to its console; env CODE fixes them), USER_PASSWORD_AUTH,
 * groups in tokens, TOTP. Does not: SRP, GlobalSignOut, blocking disabled users (ARCHITECTURE.md).
 *
 * Codes reach us on its stdout (a box per message, read by outbox.ts). Its logger (pino 7 and
 * pino-pretty 7) writes through sonic-boom, whose 2.x line counts a string's length in characters
 * but subtracts the bytes written: after the box's multi-byte border characters its count goes
 * negative and later lines wait in its buffer until enough other output arrives (pinojs/sonic-boom
 * #139, fixed in 3.8). package.json `overrides` gives cognito-local sonic-boom 3.8+, so every
 * box is written when it is logged (cognito-local-logger.test.ts pins this).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { track, stopChild } from './children';
import { waitFor } from './ports';

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
    TriggerFunctions: lambdaEndpoint ? { PostConfirmation: 'post-confirmation' } : {},
    TokenConfig: { IssuerDomain: `http://localhost:${port}` },
  };
  fs.writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  const entry = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: 'localhost',
    // boxen wraps its message box at the terminal width (80 without a terminal); a long email
    // address would break the box's field lines, so give it room.
    COLUMNS: '4096',
  };
  // cognito-local fixes every code (and temporary password) to env CODE when it is set.
  if (fixedCode) env.CODE = fixedCode;
  else delete env.CODE;
  const child = track(spawn(process.execPath, [entry], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env }));
  const listeners: ((line: string) => void)[] = [];
  // One reader per stream: chunks of stdout and stderr must not be spliced into one line.
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => { for (const l of listeners) l(line); });
  }
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

/**
 * Switches on SMS MFA for the given users in cognito-local's data file. cognito-local only sends
 * an SMS_MFA challenge for users whose record carries MFAOptions, and no API of it sets them, so
 * the record is patched while cognito-local is stopped (the caller restarts it).
 * @returns true when a record changed
 */
export function enableSmsMfa(dir: string, userPoolId: string, emails: string[]): boolean {
  const file = path.join(dir, '.cognito', 'db', `${userPoolId}.json`);
  if (!fs.existsSync(file)) return false;
  const db = JSON.parse(fs.readFileSync(file, 'utf8')) as { Users?: Record<string, { Attributes?: { Name: string; Value: string }[]; MFAOptions?: unknown[]; UserMFASettingList?: string[]; PreferredMfaSetting?: string }> };
  let changed = false;
  for (const user of Object.values(db.Users ?? {})) {
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    if (!email || !emails.includes(email) || user.MFAOptions?.length) continue;
    user.MFAOptions = [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }];
    user.UserMFASettingList = ['SMS_MFA'];
    user.PreferredMfaSetting = 'SMS_MFA';
    changed = true;
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(db));
  return changed;
}

/** True when every given user already has SMS MFA on. */
export function hasSmsMfa(dir: string, userPoolId: string, emails: string[]): boolean {
  const file = path.join(dir, '.cognito', 'db', `${userPoolId}.json`);
  if (!fs.existsSync(file)) return false;
  const db = JSON.parse(fs.readFileSync(file, 'utf8')) as { Users?: Record<string, { Attributes?: { Name: string; Value: string }[]; MFAOptions?: unknown[] }> };
  const users = Object.values(db.Users ?? {});
  return emails.every((e) => users.some((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value === e) && (u.MFAOptions?.length ?? 0) > 0));
}
