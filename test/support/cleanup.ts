/**
 * Test support: deletes the items a test file wrote (by table key, duplicates ignored), 25 per
 * BatchWriteItem, so other test files see the shared table as before.
 */
import { BatchWriteCommand, ddb } from '../../functions/lib/dynamo';
import { env } from '../../functions/lib/env';
import type { TableKey } from '../../functions/data/keys';

/** Deletes every item of `keys`. */
export async function deleteItems(keys: readonly TableKey[]): Promise<void> {
  const unique = [...new Map(keys.map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  for (let i = 0; i < unique.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: { [env.tableName]: unique.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
  }
}
