/**
 * BatchGetItem over the single table, chunked by 100 keys and retrying unprocessed keys.
 * One request per 100 keys in the normal case.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
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
