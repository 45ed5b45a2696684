/**
 * TransactWriteItems over the single table: retries TransactionConflict cancellations (concurrent
 * writers on the same items) and tells which items failed their condition.
 */
import { ddb, TransactionCanceledException, TransactWriteCommand, type TransactWriteCommandInput } from '../lib/dynamo';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Runs one transaction (at most 100 items), retrying conflicts with a short jittered backoff.
 * @throws TransactionCanceledException when a condition fails (see conditionFailedAt) or conflicts persist
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const conflict =
        e instanceof TransactionCanceledException &&
        (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 40 * 2 ** attempt));
    }
  }
}

/** Indexes of the transaction items whose condition failed (empty for other errors). */
export function conditionFailedAt(e: unknown): number[] {
  if (!(e instanceof TransactionCanceledException)) return [];
  return (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}
