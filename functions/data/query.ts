/**
 * Small helpers over the document client: a Query that follows pagination, and key stripping.
 */
import { ddb, QueryCommand, type QueryCommandInput } from '../lib/dynamo';
import { INDEX_ATTRIBUTES } from './keys';

/**
 * Runs a Query and follows LastEvaluatedKey until done or `limit` items were read.
 * One DynamoDB request per 1 MB page; catalogue partitions fit in one page.
 */
export async function queryAll<T>(input: QueryCommandInput, limit = Infinity): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((out.Items ?? []) as T[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items.slice(0, limit);
}

/** Key attributes, and attributes that exist only to serve an index or a filter (search_name). */
const KEY_ATTRS: readonly string[] = ['PK', 'SK', ...INDEX_ATTRIBUTES, 'entity', 'search_name'];

/** Removes the table's key and index-support attributes from a stored item. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRS.includes(k)) out[k] = v;
  return out as T;
}
