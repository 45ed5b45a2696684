/**
 * Conditional writes: the one way every repository writes under a condition. A refused condition
 * is an answer, not an error: a single-item write whose ConditionExpression fails
 * (ConditionalCheckFailedException) answers `{ ok: false }` with the item as it was when the write
 * asked for it (ReturnValuesOnConditionCheckFailure 'ALL_OLD'); a transaction cancelled because
 * items' conditions failed answers the indexes of those items. Anything else (validation, the
 * SDK's retries exhausted, a transaction cancelled for another reason) is thrown as the SDK raised it.
 *
 * Transactions that collide with a concurrent one on the same items (TransactionConflict) are sent
 * again with the data layer's backoff (backoff.ts), up to TRANSACTION_ATTEMPTS times.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  ConditionalCheckFailedException,
  ddb,
  DeleteCommand,
  PutCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '../lib/dynamo';
import { env } from '../lib/env';
import { backoff } from './backoff';
import type { TableKey } from './keys';
import { stripKeys } from './query';
import type { UpdateParts } from './update-expression';

/** One item of a TransactWriteItems (Put, Update, Delete or ConditionCheck). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What a conditional single-item write answered: written (with the command's output), or refused
 * with the stored item as it was (`current`, unmarshalled with its keys; null when there was no item
 * or the write did not ask for it).
 */
export type ConditionalResult<T> = { ok: true; output: T } | { ok: false; current: Record<string, unknown> | null };

/**
 * Awaits a conditional PutItem, UpdateItem or DeleteItem (`ddb.send(...)` of a command with a
 * ConditionExpression).
 * @returns `{ ok: true, output }`, or `{ ok: false, current }` when the condition failed
 * @throws any other error of the write
 */
export async function ifCondition<T>(write: Promise<T>): Promise<ConditionalResult<T>> {
  try {
    return { ok: true, output: await write };
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
    return { ok: false, current: e.Item ? unmarshall(e.Item) : null };
  }
}

/** PutItem with a condition. 1 request. @returns false when the condition failed */
export async function putIf(item: Record<string, unknown>, condition: string): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(new PutCommand({ TableName: env.tableName, Item: item, ConditionExpression: condition })),
  );
  return result.ok;
}

/** DeleteItem of an existing item. 1 request. @returns false when it was not there */
export async function deleteIfExists(key: TableKey): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(new DeleteCommand({ TableName: env.tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' })),
  );
  return result.ok;
}

/** DeleteItem of an existing item, returning it. 1 request. @returns the deleted item (keys stripped), or null when it was not there */
export async function deleteAndReturn<T>(key: TableKey): Promise<T | null> {
  const result = await ifCondition(
    ddb.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: key,
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  return result.ok && result.output.Attributes ? stripKeys<T>(result.output.Attributes) : null;
}

/**
 * UpdateItem of an existing item (plus an optional extra condition, whose names/values `parts` carries).
 * 1 request. @returns the item after the write (keys stripped), or null when absent or the condition failed
 */
export async function updateIfExists<T>(key: TableKey, parts: UpdateParts, extraCondition?: string): Promise<T | null> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: key,
        ...parts,
        ConditionExpression: extraCondition ? `attribute_exists(PK) AND ${extraCondition}` : 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result.ok && result.output.Attributes ? stripKeys<T>(result.output.Attributes) : null;
}

/** Times a transaction is sent while it collides with concurrent ones (TransactionConflict). */
export const TRANSACTION_ATTEMPTS = 7;

/** What a conditional transaction answered: written, or refused with the indexes of the items whose condition failed. */
export type TransactionResult = { ok: true } | { ok: false; failed: number[] };

/**
 * Runs one TransactWriteItems (at most 100 items), sending it again while it collides with a
 * concurrent transaction (TransactionConflict).
 * @returns `{ ok: true }`, or `{ ok: false, failed }` with the indexes (in `items`) of the items
 *   whose condition failed; nothing was written then
 * @throws TransactionCanceledException when cancelled for another reason (conflicts that persist,
 *   throttling), or any other error of the request
 */
export async function transactIf(items: TransactItem[]): Promise<TransactionResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (e) {
      if (!(e instanceof TransactionCanceledException)) throw e;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length > 0) return { ok: false, failed };
      const conflict = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt + 1 >= TRANSACTION_ATTEMPTS) throw e;
      await backoff(attempt);
    }
  }
}
