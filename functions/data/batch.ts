/**
 * BatchGetItem (chunked by 100 keys) and BatchWriteItem deletes (by 25) over the single table, retrying unprocessed keys.
 * One request per 100 keys in the normal case.
 */
import { BatchGetCommand, BatchWriteCommand, ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { stripKeys } from './query';

export async function batchGet<T>(keyList: Record<string, string>[]): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Map(keyList.map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0 && attempt < 5; attempt++) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: { [env.tableName]: { Keys: pending } } }));
      out.push(...(res.Responses?.[env.tableName] ?? []).map((item) => stripKeys<T>(item)));
      pending = res.UnprocessedKeys?.[env.tableName]?.Keys as Record<string, unknown>[] | undefined;
      if (pending?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return out;
}

/**
 * Deletes items by table key with BatchWriteItem (25 keys per request), retrying unprocessed keys.
 * @returns the number of keys sent for deletion (missing items count too: a delete is idempotent)
 */
export async function batchDelete(keyList: { PK: string; SK: string }[]): Promise<number> {
  const unique = [...new Map(keyList.map((k) => [`${k.PK}|${k.SK}`, { PK: k.PK, SK: k.SK }])).values()];
  for (let i = 0; i < unique.length; i += 25) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0 && attempt < 6; attempt++) {
      const res = await ddb.send(new BatchWriteCommand({ RequestItems: { [env.tableName]: pending } }));
      pending = (res.UnprocessedItems?.[env.tableName] ?? []) as Record<string, unknown>[];
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
    if (pending.length) throw new Error(`batchDelete: ${pending.length} items left unprocessed`);
  }
  return unique.length;
}
