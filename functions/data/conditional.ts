/**
 * Conditional single-item writes that answer "not there" instead of throwing: a refused condition
 * (ConditionalCheckFailedException) becomes false / null; any other error is thrown.
 */
import { ConditionalCheckFailedException, ddb, DeleteCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import type { TableKey } from './keys';
import { stripKeys } from './query';
import type { UpdateParts } from './update-expression';

/** Runs a write; false when its condition failed. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/** PutItem with a condition. 1 request. @returns false when the condition failed */
export function putIf(item: Record<string, unknown>, condition: string): Promise<boolean> {
  return conditional(() =>
    ddb.send(new PutCommand({ TableName: env.tableName, Item: item, ConditionExpression: condition })),
  );
}

/** DeleteItem of an existing item. 1 request. @returns false when it was not there */
export function deleteIfExists(key: TableKey): Promise<boolean> {
  return conditional(() =>
    ddb.send(new DeleteCommand({ TableName: env.tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' })),
  );
}

/**
 * UpdateItem of an existing item (plus an optional extra condition, whose names/values `parts` carries).
 * 1 request. @returns the item after the write (keys stripped), or null when absent or the condition failed
 */
export async function updateIfExists<T>(key: TableKey, parts: UpdateParts, extraCondition?: string): Promise<T | null> {
  let attributes: Record<string, unknown> | undefined;
  const ok = await conditional(async () => {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: key,
        ...parts,
        ConditionExpression: extraCondition ? `attribute_exists(PK) AND ${extraCondition}` : 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    attributes = out.Attributes;
  });
  return ok && attributes ? stripKeys<T>(attributes) : null;
}
