/**
 * Test support: deletes the items a test file wrote (by table key, duplicates ignored), 25 per
 * BatchWriteItem, so other test files see the shared table as before.
 */
import { batchDelete } from '../../functions/data/batch';
import type { TableKey } from '../../functions/data/keys';

/** Deletes every item of `keys`. */
export async function deleteItems(keys: readonly TableKey[]): Promise<void> {
  await batchDelete(keys);
}
