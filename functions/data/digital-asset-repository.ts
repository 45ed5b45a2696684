/**
 * Digital assets (digital_assets): files of digital products in the private files bucket at
 * digital_assets/{timestamp}-{name}.{ext}. Item PK DIGITAL_ASSET#{id}, SK ASSET; GSI1 DIGITAL_ASSETS
 * (newest first for the admin library). `linked_product_ids` (a string set) names the products
 * delivering the file; product saves keep it in step in their own transaction
 * (product-admin-repository.ts), and a delete is refused while it is not empty.
 */
import { ddb, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchGet } from './batch';
import { ifCondition, transactIf, type TransactItem } from './conditional';
import { COLLECTION, keys, indexKeys } from './keys';
import { queryAll, stripKeys } from './query';

export interface DigitalAssetRecord {
  id: string;
  name: string;
  /** Key in the files bucket. */
  file_path: string;
  file_type: string;
  /** Size in bytes (absent on seeded assets). */
  size_bytes?: number | null;
  created_at: string;
  /** Products linking the file (absent when none). */
  linked_product_ids?: Set<string>;
  /** Set while a delete is in progress: no product may link it meanwhile. */
  deleting_at?: string;
}

/** AP23: assets by id (missing ids skipped; order not kept). 1 BatchGetItem per 100 distinct ids. */
export function getAssetsByIds(ids: string[]): Promise<DigitalAssetRecord[]> {
  return batchGet<DigitalAssetRecord>(ids.map((id) => keys.digitalAsset(id)));
}

/** Stores an asset (seed; the back office uses createAsset). */
export async function putAsset(a: DigitalAssetRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: assetItem(a) }));
}

const assetItem = (a: DigitalAssetRecord) => ({
  ...keys.digitalAsset(a.id),
  entity: 'digital_asset',
  ...indexKeys.digitalAsset(a),
  ...a,
});

/** AP46: the digital library, newest first. 1 Query on GSI1 (DIGITAL_ASSETS) per 1 MB. */
export async function listAssets(): Promise<DigitalAssetRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.digitalAssets },
      ScanIndexForward: false,
    })
  ).map((i) => stripKeys<DigitalAssetRecord>(i));
}

/** AP47: one asset by id, or null. 1 GetItem. */
export async function getAsset(id: string): Promise<DigitalAssetRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.digitalAsset(id), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<DigitalAssetRecord>(out.Item) : null;
}

/**
 * AP96: creates an asset record and claims its file (one file, one asset: no second record can
 * name, and then delete, the file of an asset on sale). 1 TransactWriteItems.
 * @returns 'created', or 'file_taken' when another asset holds the file
 */
export async function createAsset(a: DigitalAssetRecord): Promise<'created' | 'file_taken'> {
  const result = await transactIf([
    { Put: { TableName: env.tableName, Item: assetItem(a), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: env.tableName,
        Item: { ...keys.assetFileClaim(a.file_path), entity: 'asset_file_claim', asset_id: a.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  if (result.ok) return 'created';
  if (result.failed.includes(1)) return 'file_taken';
  throw new Error(`digital asset id collision: ${a.id}`);
}

/** Removes a just-created asset and its file claim (its file could not be stored). 1 TransactWriteItems. */
export async function undoCreateAsset(a: Pick<DigitalAssetRecord, 'id' | 'file_path'>): Promise<void> {
  await transactIf([
    { Delete: { TableName: env.tableName, Key: keys.digitalAsset(a.id) } },
    {
      Delete: {
        TableName: env.tableName,
        Key: keys.assetFileClaim(a.file_path),
        ConditionExpression: 'asset_id = :id',
        ExpressionAttributeValues: { ':id': a.id },
      },
    },
  ]);
}

/**
 * First step of a delete: marks the asset 'deleting' only while no product links it, so no
 * product can link it while its file is being removed. 1 UpdateItem (+1 GetItem when refused).
 * @returns 'marked', 'linked' (refused: products link it) or 'missing'
 */
export async function beginAssetDelete(
  id: string,
  now: string,
): Promise<{ outcome: 'marked' | 'missing' } | { outcome: 'linked'; products: number }> {
  const marked = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.digitalAsset(id),
        UpdateExpression: 'SET #deleting = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#links)',
        ExpressionAttributeNames: { '#deleting': 'deleting_at', '#links': 'linked_product_ids' },
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
  if (marked.ok) return { outcome: 'marked' };
  const current = await getAsset(id);
  if (!current) return { outcome: 'missing' };
  return { outcome: 'linked', products: current.linked_product_ids?.size ?? 1 };
}

/** Undoes beginAssetDelete when the file could not be removed. */
export async function cancelAssetDelete(id: string): Promise<void> {
  await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.digitalAsset(id),
        UpdateExpression: 'REMOVE #deleting',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#deleting': 'deleting_at' },
      }),
    ),
  );
}

/**
 * Last step of a delete: removes the record (still unlinked) and its file's claim. 1 DeleteItem,
 * or 1 TransactWriteItems with the claim (assets recorded before file claims have none).
 */
export async function deleteAssetItem(id: string, filePath?: string): Promise<void> {
  const record: TransactItem = {
    Delete: {
      TableName: env.tableName,
      Key: keys.digitalAsset(id),
      ConditionExpression: 'attribute_not_exists(#links)',
      ExpressionAttributeNames: { '#links': 'linked_product_ids' },
    },
  };
  if (!filePath) {
    await ifCondition(ddb.send(new DeleteCommand(record.Delete!)));
    return;
  }
  await transactIf([
    record,
    {
      Delete: {
        TableName: env.tableName,
        Key: keys.assetFileClaim(filePath),
        ConditionExpression: 'attribute_not_exists(PK) OR asset_id = :id',
        ExpressionAttributeValues: { ':id': id },
      },
    },
  ]);
}
