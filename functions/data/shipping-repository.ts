/**
 * Shipping methods (shipping_methods): `SHIPPING_METHOD#{id}`, listed by cost (GSI1
 * SHIPPING_METHODS, `{cost:10}#{lower name}#{id}`). Amounts in cents; empty fields null.
 */
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { COLLECTION, indexKeys, keys } from './keys';
import { deleteAndReturn, putIf } from './conditional';
import { queryAll, stripKeys } from './query';
import type { ShippingMethodDto } from '../../shared/api/catalog';

/** A stored shipping method: the API's fields and when it was created and last edited (ISO). */
export interface ShippingMethodRecord extends ShippingMethodDto {
  created_at: string;
  updated_at: string;
}

/** A stored method as the API shows it. */
export const toShippingMethodDto = (m: ShippingMethodRecord): ShippingMethodDto => ({
  id: m.id,
  name: m.name,
  cost_cents: m.cost_cents,
  free_shipping_threshold_cents: m.free_shipping_threshold_cents ?? null,
  description: m.description ?? null,
  estimated_delivery_days_min: m.estimated_delivery_days_min ?? null,
  estimated_delivery_days_max: m.estimated_delivery_days_max ?? null,
});

/** AP67: every shipping method, cheapest first (then by name). 1 Query on GSI1 (SHIPPING_METHODS). */
export async function listShippingMethods(): Promise<ShippingMethodRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.shippingMethods },
    })
  ).map((i) => stripKeys<ShippingMethodRecord>(i));
}

/** AP68: a shipping method by id, or null. 1 GetItem (strongly consistent). */
export async function getShippingMethod(id: string): Promise<ShippingMethodRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.shippingMethod(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<ShippingMethodRecord>(out.Item) : null;
}

/**
 * Stores a shipping method (its GSI1 sort key follows cost and name).
 * @param mode 'create' (the id must be new) or 'update' (it must exist)
 * @returns false when that condition failed
 */
export function putShippingMethod(m: ShippingMethodRecord, mode: 'create' | 'update'): Promise<boolean> {
  return putIf(
    { ...keys.shippingMethod(m.id), entity: 'shipping_method', ...indexKeys.shippingMethod(m), ...m },
    mode === 'create' ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
  );
}

/** Deletes a shipping method. @returns the deleted method, or null when there was none */
export function deleteShippingMethod(id: string): Promise<ShippingMethodRecord | null> {
  return deleteAndReturn<ShippingMethodRecord>(keys.shippingMethod(id));
}
