/**
 * Emailed and SMS codes for the end-to-end tests, read where a developer reads them: the
 * runtime's outbox.log in its data folder (AURUM_DATA_DIR). The runtime runs without a fixed
 * code, so every code is random, as in the cloud, and the tests follow the user's real path.
 */
import { localDataDir } from '../infra/local/paths';
import { outboxFile, outboxSize, waitForOutboxEntry } from '../infra/local/stand-ins/outbox';

const file = outboxFile(localDataDir());

/** The outbox's position now: take it before the action that sends a code. */
export function outboxMark(): number {
  return outboxSize(file);
}

/**
 * The code sent to `destination` (email or E.164 phone) after `mark`. The runtime records it
 * within milliseconds (infra/local/stand-ins/outbox.int.test.ts holds it to 2 s); this waits up to 5 s.
 * @throws when no code to `destination` arrives
 */
export async function codeSentTo(destination: string, mark: number): Promise<string> {
  return (await waitForOutboxEntry(file, { destination, after: mark, timeoutMs: 5000 })).code;
}

/** A 6-digit code that is not `code` (for the wrong-code paths). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
