/**
 * Batch reads and writes over the single table: BatchGetItem by 100 keys, BatchWriteItem by 25
 * requests, the keys or requests DynamoDB leaves unprocessed (throttling, the 16 MB answer limit)
 * sent again with the data layer's backoff (backoff.ts). What is still unprocessed after the
 * retries fails loudly (BatchIncompleteError): nothing is dropped without the caller knowing.
 * One request per 100 keys (reads) or 25 writes in the normal case.
 */
import { BatchGetCommand, BatchWriteCommand, ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { backoff } from './backoff';
import type { TableKey } from './keys';
import { stripKeys } from './query';

/** Requests sent per chunk, the first one included (so up to MAX_ATTEMPTS - 1 retries). */
export const MAX_ATTEMPTS = 6;

/** A batch read or write left work undone after its retries. */
export class BatchIncompleteError extends Error {
  override readonly name = 'BatchIncompleteError';
  constructor(
    operation: 'BatchGetItem' | 'BatchWriteItem',
    /** The keys not read, or the keys of the writes not done (PK/SK). */
    readonly keys: TableKey[],
  ) {
    super(
      `${operation}: ${keys.length} item(s) still unprocessed after ${MAX_ATTEMPTS} attempts: ${keys
        .slice(0, 5)
        .map((k) => `${k.PK}|${k.SK}`)
        .join(', ')}${keys.length > 5 ? ', ...' : ''}`,
    );
  }
}

/** The keys of `keyList` without duplicates (by PK and SK), first occurrence kept. */
function distinct(keyList: readonly TableKey[]): TableKey[] {
  return [...new Map(keyList.map((k) => [`${k.PK}|${k.SK}`, { PK: k.PK, SK: k.SK }])).values()];
}

/**
 * The stored items of `keyList` as they are (keys and index attributes kept), duplicates and
 * missing items skipped, in no particular order.
 * @throws BatchIncompleteError naming the keys DynamoDB still left unprocessed after the retries
 */
export async function batchGetItems(keyList: readonly TableKey[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const unique = distinct(keyList);
  for (let i = 0; i < unique.length; i += 100) {
    let pending: TableKey[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === MAX_ATTEMPTS) throw new BatchIncompleteError('BatchGetItem', pending);
      if (attempt > 0) await backoff(attempt - 1);
      const res = await ddb.send(new BatchGetCommand({ RequestItems: { [env.tableName]: { Keys: pending } } }));
      out.push(...(res.Responses?.[env.tableName] ?? []));
      pending = (res.UnprocessedKeys?.[env.tableName]?.Keys ?? []) as TableKey[];
    }
  }
  return out;
}

/**
 * The items of `keyList` with keys and index attributes stripped (query.ts stripKeys), duplicates
 * and missing items skipped, in no particular order.
 * @throws BatchIncompleteError naming the keys DynamoDB still left unprocessed after the retries
 */
export async function batchGet<T>(keyList: readonly TableKey[]): Promise<T[]> {
  return (await batchGetItems(keyList)).map((item) => stripKeys<T>(item));
}

/** One request of a BatchWriteItem: a whole item to put, or a key to delete. */
export type BatchWrite = { put: Record<string, unknown> & TableKey } | { delete: TableKey };

/** The table key of a write request as BatchWriteItem takes and returns it. */
function keyOfRequest(request: Record<string, unknown>): TableKey {
  const r = request as { PutRequest?: { Item: TableKey }; DeleteRequest?: { Key: TableKey } };
  const key = r.PutRequest?.Item ?? r.DeleteRequest!.Key;
  return { PK: key.PK, SK: key.SK };
}

/**
 * Puts and deletes items, 25 requests per BatchWriteItem (no conditions: a put replaces the item,
 * a delete of a missing item does nothing).
 * @throws BatchIncompleteError naming the keys of the writes still unprocessed after the retries
 */
export async function batchWrite(writes: readonly BatchWrite[]): Promise<void> {
  for (let i = 0; i < writes.length; i += 25) {
    let pending: Record<string, unknown>[] = writes
      .slice(i, i + 25)
      .map((w) => ('put' in w ? { PutRequest: { Item: w.put } } : { DeleteRequest: { Key: w.delete } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === MAX_ATTEMPTS) throw new BatchIncompleteError('BatchWriteItem', pending.map(keyOfRequest));
      if (attempt > 0) await backoff(attempt - 1);
      const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [env.tableName]: pending } }));
      pending = (res.UnprocessedItems?.[env.tableName] ?? []) as Record<string, unknown>[];
    }
  }
}

/**
 * Deletes items by table key (duplicates sent once), 25 per BatchWriteItem.
 * @returns the number of distinct keys deleted (missing items count too: a delete is idempotent)
 * @throws BatchIncompleteError naming the keys still unprocessed after the retries
 */
export async function batchDelete(keyList: readonly TableKey[]): Promise<number> {
  const unique = distinct(keyList);
  await batchWrite(unique.map((key) => ({ delete: key })));
  return unique.length;
}
