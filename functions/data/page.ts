/**
 * Cursor paging of lists that grow (orders, users, products, comments, runs...): one Query per
 * page, at most MAX_PAGE_SIZE items, and an opaque cursor (base64url of the last evaluated key)
 * that is validated before use: it must decode to exactly the key attributes of the index queried,
 * all strings, and belong to the partition being queried, so a forged cursor can neither error the
 * query nor jump into another partition. A bad cursor answers 400 naming 'cursor'.
 */
import { ddb, QueryCommand, type QueryCommandInput } from '../lib/dynamo';
import { badRequest } from '../lib/errors';
import { API_MSG } from '../../shared/messages/api-messages';
import { stripKeys } from './query';

/** Largest page any list endpoint answers. */
export const MAX_PAGE_SIZE = 100;
/** Page size when the client sends none. */
export const DEFAULT_PAGE_SIZE = 25;

/** The key attributes of the table and of each GSI's items. */
const INDEX_KEYS: Record<string, readonly string[]> = {
  table: ['PK', 'SK'],
  GSI1: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
  GSI2: ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
  GSI3: ['PK', 'SK', 'GSI3PK', 'GSI3SK'],
  GSI5: ['PK', 'SK', 'GSI5PK', 'GSI5SK'],
};

/** Encodes a LastEvaluatedKey as an opaque cursor. */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * Decodes and validates a cursor.
 * @param index 'table', 'GSI1' or 'GSI2' (the index of the Query)
 * @param partition the partition attribute and value of the Query (e.g. GSI1PK = 'ORDERS'), and
 *   the sort-key prefix when the Query has a begins_with condition
 * @throws AppError 400 (field 'cursor') when it is malformed, has other attributes or another partition
 */
export function decodeCursor(cursor: string, index: string, partition: PagePartition): Record<string, string> {
  const invalid = () => badRequest(API_MSG.invalidField('cursor'), 'cursor');
  const expected = INDEX_KEYS[index];
  if (!expected || cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid();
  const entries = Object.entries(key as Record<string, unknown>);
  const names = entries.map(([k]) => k).sort();
  if (names.join('|') !== [...expected].sort().join('|')) throw invalid();
  if (entries.some(([, v]) => typeof v !== 'string' || v.length === 0 || v.length > 1024)) throw invalid();
  if ((key as Record<string, string>)[partition.name] !== partition.value) throw invalid();
  if (
    partition.sortPrefix &&
    !(key as Record<string, string>)[partition.sortPrefix.name]?.startsWith(partition.sortPrefix.prefix)
  )
    throw invalid();
  return key as Record<string, string>;
}

/**
 * The partition a paged Query reads (attribute and value), and optionally the sort-key prefix of
 * its `begins_with` condition: a cursor must lie inside both, or DynamoDB would refuse the start key.
 */
export interface PagePartition {
  name: string;
  value: string;
  sortPrefix?: { name: string; prefix: string };
}

/** Deepest position a ranked list (search results) may be paged to. */
export const MAX_OFFSET = 10_000;

/** Encodes a position in a ranked list (search results, re-ranked on every page) as an opaque cursor. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor of encodeOffsetCursor.
 * @returns the position, 1..MAX_OFFSET
 * @throws AppError 400 (field 'cursor') when it is malformed or out of range
 */
export function decodeOffsetCursor(cursor: string): number {
  const invalid = () => badRequest(API_MSG.invalidField('cursor'), 'cursor');
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const offset = (value as { offset?: unknown } | null)?.offset;
  if (
    typeof value !== 'object' ||
    Object.keys(value as object).length !== 1 ||
    !Number.isInteger(offset) ||
    (offset as number) < 1 ||
    (offset as number) > MAX_OFFSET
  )
    throw invalid();
  return offset as number;
}

/** What a caller asks of a paged list: page size (default DEFAULT_PAGE_SIZE) and the previous page's cursor. */
export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | null | undefined;
}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  /** Opaque cursor of the next page, or null on the last one. */
  next_cursor: string | null;
}

/**
 * Runs one Query page.
 * @param input the Query (its key condition must bind the partition given in `partition`)
 * @param partition the partition attribute and value (for cursor validation)
 * @param page limit (clamped to 1..MAX_PAGE_SIZE, default DEFAULT_PAGE_SIZE) and the client's cursor
 * @returns the items (table keys stripped) and the next cursor. 1 DynamoDB request.
 * @throws AppError 400 on a bad cursor
 */
export async function queryPage<T>(
  input: QueryCommandInput,
  partition: PagePartition,
  page: PageRequest = {},
): Promise<Page<T>> {
  const limit = pageLimit(page);
  const start = page.cursor ? decodeCursor(page.cursor, input.IndexName ?? 'table', partition) : undefined;
  const out = await ddb.send(
    new QueryCommand({ ...input, Limit: limit, ...(start ? { ExclusiveStartKey: start } : {}) }),
  );
  const items = (out.Items ?? []).map((i) => stripKeys<T>(i));
  return { items, next_cursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : null };
}

/** The page size a request asks for, within 1..MAX_PAGE_SIZE (DEFAULT_PAGE_SIZE when absent). */
export const pageLimit = (page: PageRequest) =>
  Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(page.limit ?? DEFAULT_PAGE_SIZE)));

/** Items examined per Query by queryPageWhere, and its Query budget per page. */
export const FILTERED_PAGE_READ = { itemsPerQuery: 200, maxQueries: 2 } as const;

/**
 * Items the first Query of a filtered page examines: twice the page size, at least 50, at most
 * the read's itemsPerQuery. Most items pass the shop's filters (tier access), so this usually
 * fills the page, and a page then reads about what it shows rather than 200 items of a large
 * partition; when it falls short, the next Query examines itemsPerQuery.
 */
export function firstQueryItems(limit: number, read: { itemsPerQuery: number }): number {
  return Math.min(read.itemsPerQuery, Math.max(2 * limit, 50));
}

/**
 * One page of the items of a Query that satisfy `keep`, for lists filtered in code (tier access,
 * name search): Queries are read (the first of firstQueryItems, the next of
 * FILTERED_PAGE_READ.itemsPerQuery items) until `limit` items are kept, the partition ends, or
 * FILTERED_PAGE_READ.maxQueries were sent. The cursor points just
 * after the last item examined, so no item is skipped or repeated; a page may hold fewer than
 * `limit` items (even none) and still have a next cursor when the budget ran out first.
 * @param keep the filter, on the record (keys stripped) and, when it needs them, the stored item's keys
 * @param read items per Query and Queries per page (tests use small numbers)
 * @returns at most `limit` kept items and the next cursor (null at the end). At most
 *   FILTERED_PAGE_READ.maxQueries DynamoDB requests.
 * @throws AppError 400 on a bad cursor
 */
export async function queryPageWhere<T>(
  input: QueryCommandInput,
  partition: PagePartition,
  page: PageRequest,
  keep: (item: T, stored: Record<string, unknown>) => boolean,
  read: { itemsPerQuery: number; maxQueries: number } = FILTERED_PAGE_READ,
): Promise<Page<T>> {
  const limit = pageLimit(page);
  const index = input.IndexName ?? 'table';
  let start: Record<string, unknown> | undefined = page.cursor
    ? decodeCursor(page.cursor, index, partition)
    : undefined;
  const items: T[] = [];
  for (let reads = 0; reads < read.maxQueries; reads++) {
    const Limit = reads === 0 ? firstQueryItems(limit, read) : read.itemsPerQuery;
    const out = await ddb.send(new QueryCommand({ ...input, Limit, ...(start ? { ExclusiveStartKey: start } : {}) }));
    const raw = out.Items ?? [];
    for (let i = 0; i < raw.length; i++) {
      const item = stripKeys<T>(raw[i]!);
      if (!keep(item, raw[i]!)) continue;
      items.push(item);
      if (items.length === limit) {
        const more = i < raw.length - 1 || Boolean(out.LastEvaluatedKey);
        return { items, next_cursor: more ? encodeCursor(keyOf(raw[i]!, index)) : null };
      }
    }
    if (!out.LastEvaluatedKey) return { items, next_cursor: null };
    start = out.LastEvaluatedKey;
  }
  return { items, next_cursor: encodeCursor(start!) };
}

/** Most Query requests one filtered page may spend before answering with what it found and a cursor. */
export const MAX_FILTERED_PAGE_REQUESTS = 6;

/** The key of `item` in `index` (table keys plus the index's own), as a Query's ExclusiveStartKey. */
function keyOf(item: Record<string, unknown>, index: string): Record<string, unknown> {
  return Object.fromEntries((INDEX_KEYS[index] ?? INDEX_KEYS.table!).map((name) => [name, item[name]]));
}

/**
 * One page of a Query with a FilterExpression. DynamoDB applies a filter after reading, so a single
 * Query can return fewer matches than asked; this keeps reading (each request up to 1 MB, no Limit)
 * until `limit` matches are found, the partition ends, or MAX_FILTERED_PAGE_REQUESTS requests were
 * spent, and then answers with a cursor right after the last item returned (or where the reading
 * stopped). A page may therefore hold fewer than `limit` items and still have a next page.
 * @param input the Query with its FilterExpression (no Limit)
 * @param partition the partition attribute and value (for cursor validation)
 * @returns the matching items (table keys stripped) and the next cursor. 1..MAX_FILTERED_PAGE_REQUESTS DynamoDB requests.
 * @throws AppError 400 on a bad cursor
 */
export async function queryFilteredPage<T>(
  input: QueryCommandInput,
  partition: { name: string; value: string },
  page: { limit?: number | undefined; cursor?: string | null | undefined } = {},
  maxRequests = MAX_FILTERED_PAGE_REQUESTS,
): Promise<Page<T>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(page.limit ?? DEFAULT_PAGE_SIZE)));
  const index = input.IndexName ?? 'table';
  let start: Record<string, unknown> | undefined = page.cursor
    ? decodeCursor(page.cursor, index, partition)
    : undefined;
  const found: Record<string, unknown>[] = [];
  for (let request = 0; request < maxRequests; request++) {
    const out = await ddb.send(new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    const items = out.Items ?? [];
    for (let i = 0; i < items.length; i++) {
      found.push(items[i]!);
      if (found.length === limit) {
        const more = i < items.length - 1 || Boolean(out.LastEvaluatedKey);
        return {
          items: found.map((f) => stripKeys<T>(f)),
          next_cursor: more ? encodeCursor(keyOf(items[i]!, index)) : null,
        };
      }
    }
    if (!out.LastEvaluatedKey) return { items: found.map((f) => stripKeys<T>(f)), next_cursor: null };
    start = out.LastEvaluatedKey;
  }
  return { items: found.map((f) => stripKeys<T>(f)), next_cursor: encodeCursor(start!) };
}
