/**
 * Suppliers over the single table: `SUPPLIER#{id}` / `SUPPLIER`, listed
 * by name on GSI1 SUPPLIERS. The API key is NOT here: it lives in the secret store
 * (functions/lib/supplier-secrets.ts); the item only says whether one is set.
 *
 * Also the read side of shipping methods the supplier screen needs (their names), through the
 * keys the shipping screen writes with (`keys.shippingMethod`, COLLECTION.shippingMethods).
 *
 * Access patterns (access-patterns.md):
 *   AP80 suppliers by name                  1 Query on GSI1 SUPPLIERS
 *   AP81 supplier by id                      1 GetItem
 *   AP82 shipping methods (id, name) by cost 1 Query on GSI1 SHIPPING_METHODS
 *   AP83 shipping method by id               1 GetItem
 */
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { COLLECTION, indexKeys, keys } from './keys';
import { deleteAndReturn, putIf } from './conditional';
import { queryAll, stripKeys } from './query';
import type { SupplierDto } from '../../shared/api/admin-automations';

/**
 * A stored supplier: the API's SupplierDto without the joined shipping method name, plus the SNS
 * subscription of its notification email (filtered to its own stock alerts; null when none).
 */
export interface SupplierRecord extends Omit<SupplierDto, 'default_shipping_method_name'> {
  notification_subscription_arn: string | null;
}

/** A shipping method's id and name. */
export interface ShippingMethodName {
  id: string;
  name: string;
}

const supplierItem = (s: SupplierRecord) => ({
  ...keys.supplier(s.id),
  entity: 'supplier',
  ...indexKeys.supplier(s),
  ...s,
});

/** AP80: every supplier, by name (case-insensitive). 1 Query per 1 MB page on GSI1. */
export async function listSuppliers(): Promise<SupplierRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': COLLECTION.suppliers },
  });
  return items.map((i) => stripKeys<SupplierRecord>(i));
}

/** AP81: one supplier, or null. 1 GetItem (strongly consistent: edits read it before writing). */
export async function getSupplier(id: string): Promise<SupplierRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.supplier(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<SupplierRecord>(out.Item) : null;
}

/** Creates a supplier. @returns false when the id exists */
export function createSupplier(s: SupplierRecord): Promise<boolean> {
  return putIf(supplierItem(s), 'attribute_not_exists(PK)');
}

/** Replaces an existing supplier (GSI1 follows a new name). @returns false when it does not exist */
export function replaceSupplier(s: SupplierRecord): Promise<boolean> {
  return putIf(supplierItem(s), 'attribute_exists(PK)');
}

/** Deletes a supplier. @returns the deleted record, or null when it did not exist */
export function deleteSupplier(id: string): Promise<SupplierRecord | null> {
  return deleteAndReturn<SupplierRecord>(keys.supplier(id));
}

/** AP82: every shipping method's id and name, cheapest first. 1 Query on GSI1 SHIPPING_METHODS (projected). */
export async function listShippingMethodNames(): Promise<ShippingMethodName[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: env.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ProjectionExpression: 'id, #n',
    ExpressionAttributeNames: { '#n': 'name' },
    ExpressionAttributeValues: { ':pk': COLLECTION.shippingMethods },
  });
  return items.map((i) => ({ id: String(i.id), name: String(i.name ?? '') }));
}

/** AP83: a shipping method's name, or null when it does not exist. 1 GetItem (projected). */
export async function getShippingMethodName(id: string): Promise<string | null> {
  const out = await ddb.send(
    new GetCommand({
      TableName: env.tableName,
      Key: keys.shippingMethod(id),
      ProjectionExpression: '#n',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  return out.Item ? String(out.Item.name ?? '') : null;
}
