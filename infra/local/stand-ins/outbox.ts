/**
 * The local outbox: every code cognito-local sends (sign-up confirmation, resent code, admin SMS
 * MFA, forgot password) as one line in the console and in `<data folder>/outbox.log`, where a
 * developer (or a test) reads it as a user would read the email or SMS.
 *
 * cognito-local "sends" a code by logging a boxen box (ConsoleMessageSender):
 *
 *   [time] INFO: <reqId> SignUp ╭──────────────────────────╮
 *   │   Confirmation Code Delivery                     │
 *   │   Username:    1e29222e-4db5-4006-bd18-6c31319a2845   │
 *   │   Destination: a@b.example                            │
 *   │   Code:        871308                                 │
 *   ╰──────────────────────────╯ {"reqId":…,"target":"SignUp"}
 *
 * One outbox line per box:
 *   2026-11-22T12:28:35.159Z SMS a +390800000000: codice 655884 (InitiateAuth, utente f71bdb23-…)
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** One code cognito-local delivered. */
export interface OutboxMessage {
  /** The Cognito operation that sent it: SignUp, ResendConfirmationCode, InitiateAuth, ForgotPassword... */
  operation: string;
  /** Cognito username (the user's sub in this pool). */
  username: string;
  /** Email address or E.164 phone number. */
  destination: string;
  code: string;
}

/** An outbox line read back: the message, when it was recorded and how it travelled. */
export interface OutboxEntry extends OutboxMessage {
  /** ISO time the runtime recorded the code. */
  at: string;
  medium: 'email' | 'SMS';
}

/** The outbox file of a data folder. */
export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'outbox.log');
}

/** Email when the destination is an address, SMS for a phone number. */
function mediumOf(destination: string): OutboxEntry['medium'] {
  return destination.includes('@') ? 'email' : 'SMS';
}

/** The outbox text of a message (no time): `SMS a +39…: codice 655884 (InitiateAuth, utente <sub>)`. */
export function describeMessage(m: OutboxMessage): string {
  return `${mediumOf(m.destination)} a ${m.destination}: codice ${m.code} (${m.operation}, utente ${m.username})`;
}

/** One outbox.log line (with its newline) for a message recorded at `at`. */
export function formatOutboxEntry(m: OutboxMessage, at: Date): string {
  return `${at.toISOString()} ${describeMessage(m)}\n`;
}

const ENTRY = /^(\S+) (email|SMS) a (\S+): codice (\S+) \((\S+), utente (\S+)\)$/;

/** Parses one outbox.log line; null for anything else. */
export function parseOutboxEntry(line: string): OutboxEntry | null {
  const m = ENTRY.exec(line.trim());
  if (!m) return null;
  const [, at, medium, destination, code, operation, username] = m as unknown as [
    string,
    string,
    OutboxEntry['medium'],
    string,
    string,
    string,
    string,
  ];
  return { at, medium, destination, code, operation, username };
}

const FIELD = /^│\s*(Username|Destination|Code):\s*(\S+)\s*│$/;

/**
 * A line consumer for cognito-local's output: collects each "Confirmation Code Delivery" box and
 * calls `onMessage` when the box closes. Colour codes are ignored; other lines pass by.
 * @returns the function to call with every output line (without its newline)
 */
export function createDeliveryReader(onMessage: (m: OutboxMessage) => void): (line: string) => void {
  let box: Partial<OutboxMessage> | null = null;
  return (raw) => {
    const line = stripVTControlCharacters(raw).trim();
    if (line.includes('╭')) {
      // pino-pretty's message format is "<reqId> <target> <message>": the target precedes the box.
      box = { operation: /(\S+)\s+╭/.exec(line)?.[1] ?? 'Cognito' };
      return;
    }
    if (!box) return;
    if (line.startsWith('╰')) {
      const { operation, username, destination, code } = box;
      box = null;
      if (operation && username && destination && code) onMessage({ operation, username, destination, code });
      return;
    }
    const field = FIELD.exec(line);
    if (field?.[1] === 'Username') box.username = field[2];
    else if (field?.[1] === 'Destination') box.destination = field[2];
    else if (field?.[1] === 'Code') box.code = field[2];
  };
}

/** The outbox's current size in bytes (0 when it does not exist yet): pass it as `after` to waitForOutboxEntry. */
export function outboxSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * Waits for the first outbox entry to `destination` written after byte offset `after` (test
 * support: read the size before the request that sends the code).
 * @param opts.timeoutMs how long to wait (default 2000 ms: the runtime writes the line within
 *   milliseconds of cognito-local sending the code)
 * @throws Error naming the destination when no such entry appears in time
 */
export async function waitForOutboxEntry(
  file: string,
  opts: { destination: string; after: number; timeoutMs?: number },
): Promise<OutboxEntry> {
  const deadline = Date.now() + (opts.timeoutMs ?? 2000);
  const wanted = opts.destination.toLowerCase();
  for (;;) {
    const entry = readOutboxFrom(file, opts.after).find((e) => e.destination.toLowerCase() === wanted);
    if (entry) return entry;
    if (Date.now() >= deadline)
      throw new Error(`nessun codice per ${opts.destination} in ${file} entro ${opts.timeoutMs ?? 2000} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The outbox entries written after byte offset `after`. */
export function readOutboxFrom(file: string, after: number): OutboxEntry[] {
  let text: string;
  try {
    const buffer = fs.readFileSync(file);
    text = buffer.subarray(after).toString('utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map(parseOutboxEntry)
    .filter((e): e is OutboxEntry => e !== null);
}
