/**
 * Discount codes (discount_codes). A code item `DISCOUNT_CODE#{id}` is listed newest first
 * (GSI1 DISCOUNT_CODES) and found by its text (GSI2 `DISCOUNT_CODE_NAME#{lower code}`); a claim
 * item `DISCOUNT_CODE_NAME#{lower code}` / `CLAIM` makes the text unique case-insensitively: every
 * write that creates or renames a code puts the claim `IF NOT EXISTS` in the same transaction.
 * `times_used` is only ever raised by the checkout (ADD), never written by the back office.
 */
import { ddb, GetCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { transactIf, type TransactItem } from './conditional';
import { COLLECTION, discountCodeKey, indexKeys, keys, partition } from './keys';
import { stripKeys } from './query';
import { queryPage, type Page, type PageRequest } from './page';
import type { DiscountCodeDto } from '../../shared/api/admin-offers';

/** A stored discount code: the fields the back office shows (shared/api/admin-offers.ts), as they are. */
export type DiscountCodeRecord = DiscountCodeDto;

/** The fields the back office writes (times_used and created_at are never overwritten). */
export type DiscountCodeFields = Pick<
  DiscountCodeRecord,
  'code' | 'discount_type' | 'value' | 'expires_at' | 'is_active' | 'updated_at'
>;

/** Outcome of a code write. */
export type CodeWriteOutcome = 'ok' | 'missing' | 'duplicate';

/** AP64: one page of discount codes, newest first. 1 Query on GSI1 (DISCOUNT_CODES). */
export function listDiscountCodesPage(page: PageRequest = {}): Promise<Page<DiscountCodeRecord>> {
  return queryPage<DiscountCodeRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.discountCodes },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.discountCodes },
    page,
  );
}

/** AP65: a code by id, or null. 1 GetItem (strongly consistent). */
export async function getDiscountCode(id: string): Promise<DiscountCodeRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.discountCode(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<DiscountCodeRecord>(out.Item) : null;
}

/**
 * AP66: a code by its text, case-insensitively (what the checkout looks up), or null. 1 Query on
 * GSI2 (`DISCOUNT_CODE_NAME#{lower code}`). Whether it may be used is shared/discount-codes.ts's call.
 */
export async function findDiscountCodeByText(code: string): Promise<DiscountCodeRecord | null> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.discountCodeName(code) },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? stripKeys<DiscountCodeRecord>(item) : null;
}

function claim(code: string, id: string): TransactItem {
  return {
    Put: {
      TableName: env.tableName,
      Item: { ...keys.discountCodeClaim(code), entity: 'discount_code_claim', code_id: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

function releaseClaim(code: string, id: string): TransactItem {
  return {
    Delete: {
      TableName: env.tableName,
      Key: keys.discountCodeClaim(code),
      ConditionExpression: 'code_id = :id',
      ExpressionAttributeValues: { ':id': id },
    },
  };
}

/** Runs a transaction; a failed condition of item `claimIndex` means 'duplicate', of any other 'missing'. */
async function transact(items: TransactItem[], claimIndex: number): Promise<CodeWriteOutcome> {
  const result = await transactIf(items);
  if (result.ok) return 'ok';
  return result.failed[0] === claimIndex ? 'duplicate' : 'missing';
}

/** Creates a code and claims its text. @returns 'ok' or 'duplicate' (another code has that text, any case) */
export function createDiscountCode(c: DiscountCodeRecord): Promise<CodeWriteOutcome> {
  return transact(
    [
      {
        Put: {
          TableName: env.tableName,
          Item: { ...keys.discountCode(c.id), entity: 'discount_code', ...indexKeys.discountCode(c), ...c },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      claim(c.code, c.id),
    ],
    1,
  );
}

/**
 * Rewrites the admin's fields of a code (times_used and created_at untouched). A new text
 * (compared case-insensitively) moves the claim in the same transaction.
 * @param before the stored code (its current text and created_at)
 * @returns 'ok'; 'missing' when the code is gone; 'duplicate' when another code has the new text
 */
export function updateDiscountCode(before: DiscountCodeRecord, fields: DiscountCodeFields): Promise<CodeWriteOutcome> {
  const index = indexKeys.discountCode({ id: before.id, code: fields.code, created_at: before.created_at });
  const update: TransactItem = {
    Update: {
      TableName: env.tableName,
      Key: keys.discountCode(before.id),
      UpdateExpression:
        'SET code = :code, discount_type = :type, #value = :value, expires_at = :exp, is_active = :active, updated_at = :at, GSI2PK = :gsi2pk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: {
        ':code': fields.code,
        ':type': fields.discount_type,
        ':value': fields.value,
        ':exp': fields.expires_at,
        ':active': fields.is_active,
        ':at': fields.updated_at,
        ':gsi2pk': index.GSI2PK,
      },
    },
  };
  if (discountCodeKey(before.code) === discountCodeKey(fields.code)) return transact([update], -1);
  return transact([update, releaseClaim(before.code, before.id), claim(fields.code, before.id)], 2);
}

/** Deletes a code and frees its text. @returns 'ok' or 'missing' */
export function deleteDiscountCode(c: Pick<DiscountCodeRecord, 'id' | 'code'>): Promise<CodeWriteOutcome> {
  return transact(
    [
      {
        Delete: { TableName: env.tableName, Key: keys.discountCode(c.id), ConditionExpression: 'attribute_exists(PK)' },
      },
      releaseClaim(c.code, c.id),
    ],
    -1,
  );
}
