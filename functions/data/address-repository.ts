/**
 * Shipping addresses of a user (user_addresses), in the user's partition:
 * PK USER#{sub}, SK ADDRESS#{id}. Every call takes the owner's sub from the verified caller, so a
 * user can never reach another user's addresses (object-level authorization by key).
 */
import { ddb, PutCommand, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { deleteIfExists, putIf } from './conditional';
import { stripKeys } from './query';
import { keys, partition, SK_PREFIX } from './keys';
import type { AddressInput } from '../../shared/schemas';

export interface AddressRecord extends AddressInput {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
}

/** AP13: a user's addresses, oldest first. 1 Query. */
export async function listAddresses(sub: string): Promise<AddressRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.address },
    }),
  );
  return (out.Items ?? [])
    .map((i) => stripKeys<AddressRecord>(i))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The stored item of an address: its key (in its user's partition) and the record. */
const addressItem = (a: AddressRecord) => ({ ...keys.address(a.user_id, a.id), entity: 'address', ...a });

/** Creates an address (fails if the id exists). */
export async function createAddress(a: AddressRecord): Promise<void> {
  await ddb.send(
    new PutCommand({ TableName: env.tableName, Item: addressItem(a), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

/**
 * Replaces an existing address of `a.user_id`.
 * @returns false when the user has no address with that id
 */
export function replaceAddress(a: AddressRecord): Promise<boolean> {
  return putIf(addressItem(a), 'attribute_exists(PK)');
}

/** Deletes an address of `sub`. @returns false when it did not exist */
export function deleteAddress(sub: string, id: string): Promise<boolean> {
  return deleteIfExists(keys.address(sub, id));
}
