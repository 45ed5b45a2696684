/**
 * Batch reads and writes when DynamoDB leaves work unprocessed (it does under throttling or past a
 * batch's size limits, answering the keys in UnprocessedKeys / UnprocessedItems): a middleware on
 * the functions' DynamoDB client holds chosen keys back from the request and answers them as
 * unprocessed, as DynamoDB would. A key held back once is sent again and read (or written); a key
 * held back every time makes the call fail loudly, naming it, instead of being dropped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { useLocalEnv } from '../../test/support/invoke';
import { deleteItems } from '../../test/support/cleanup';
import { batchGet, batchWrite, BatchIncompleteError, MAX_ATTEMPTS } from './batch';
import type { TableKey } from './keys';

useLocalEnv();
const partition = `TEST#batch-${randomUUID()}`;
const key = (sk: string): TableKey => ({ PK: partition, SK: sk });
const id = (k: TableKey) => `${k.PK}|${k.SK}`;

/** Keys to hold back, with how many more requests to hold each back in; and the requests seen. */
const heldBack = new Map<string, number>();
const sent: string[] = [];

type Request = { Keys?: TableKey[] } | { PutRequest?: { Item: TableKey }; DeleteRequest?: { Key: TableKey } }[];

/** Takes `k` out of this request when it is still to be held back. */
function holdBack(k: TableKey): boolean {
  const left = heldBack.get(id(k)) ?? 0;
  if (left <= 0) return false;
  heldBack.set(id(k), left - 1);
  return true;
}

beforeAll(async () => {
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const input = args.input as { RequestItems?: Record<string, Request> };
      const table = env.tableName;
      if (!['BatchGetItemCommand', 'BatchWriteItemCommand'].includes(command) || !input.RequestItems?.[table])
        return next(args);
      sent.push(command);
      if (command === 'BatchGetItemCommand') {
        const request = input.RequestItems[table] as { Keys: TableKey[] };
        const held = request.Keys.filter(holdBack);
        const rest = request.Keys.filter((k) => !held.includes(k));
        const unprocessed = held.length ? { [table]: { Keys: held } } : {};
        if (rest.length === 0)
          return { output: { Responses: { [table]: [] }, UnprocessedKeys: unprocessed, $metadata: {} } } as never;
        const out = await next({ ...args, input: { ...input, RequestItems: { [table]: { ...request, Keys: rest } } } });
        (out.output as { UnprocessedKeys?: unknown }).UnprocessedKeys = unprocessed;
        return out;
      }
      const writes = input.RequestItems[table] as {
        PutRequest?: { Item: TableKey };
        DeleteRequest?: { Key: TableKey };
      }[];
      const held = writes.filter((w) => holdBack(w.PutRequest?.Item ?? w.DeleteRequest!.Key));
      const rest = writes.filter((w) => !held.includes(w));
      const unprocessed = held.length ? { [table]: held } : {};
      if (rest.length === 0) return { output: { UnprocessedItems: unprocessed, $metadata: {} } } as never;
      const out = await next({ ...args, input: { ...input, RequestItems: { [table]: rest } } });
      (out.output as { UnprocessedItems?: unknown }).UnprocessedItems = unprocessed;
      return out;
    },
    { step: 'initialize', name: 'unprocessedKeysStandIn' },
  );
  await batchWrite(['A', 'B', 'C'].map((sk) => ({ put: { ...key(sk), n: sk } })));
});

afterAll(() => deleteItems(['A', 'B', 'C', 'W1', 'W2'].map(key)));

describe('batch reads and writes with unprocessed keys', () => {
  it('batchGet sends a key left unprocessed again and returns every item', async () => {
    heldBack.set(id(key('B')), 2);
    sent.length = 0;
    const items = await batchGet<{ n: string }>([key('A'), key('B'), key('C')]);
    expect(items.map((i) => i.n).sort()).toEqual(['A', 'B', 'C']);
    expect(sent).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand', 'BatchGetItemCommand']);
  });

  it('batchGet fails loudly, naming the keys, when some are still unprocessed after its retries', async () => {
    heldBack.set(id(key('C')), Number.POSITIVE_INFINITY);
    sent.length = 0;
    const error = await batchGet([key('A'), key('C')]).catch((e: unknown) => e);
    heldBack.clear();
    expect(error).toBeInstanceOf(BatchIncompleteError);
    expect((error as BatchIncompleteError).keys).toEqual([key('C')]);
    expect((error as Error).message).toContain(`${partition}|C`);
    expect(sent).toHaveLength(MAX_ATTEMPTS);
  });

  it('batchWrite writes what DynamoDB left unprocessed once, and fails loudly on what it never processes', async () => {
    heldBack.set(id(key('W1')), 1);
    await batchWrite([{ put: { ...key('W1'), n: 'W1' } }]);
    expect((await ddb.send(new GetCommand({ TableName: env.tableName, Key: key('W1') }))).Item?.n).toBe('W1');

    heldBack.set(id(key('W2')), Number.POSITIVE_INFINITY);
    const error = await batchWrite([{ put: { ...key('W2'), n: 'W2' } }, { delete: key('A') }]).catch((e: unknown) => e);
    heldBack.clear();
    expect(error).toBeInstanceOf(BatchIncompleteError);
    expect((error as BatchIncompleteError).keys).toEqual([key('W2')]);
    expect((await ddb.send(new GetCommand({ TableName: env.tableName, Key: key('A') }))).Item).toBeUndefined();
  });
});
