/**
 * Digital assets (spec 3 digital_assets): files of digital products in the private files bucket at
 * digital_assets/{timestamp}-{name}.{ext}. Item PK DIGITAL_ASSET#{id}, SK ASSET; GSI1 DIGITAL_ASSETS
 * (newest first for the admin library).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchGet } from './batch';
import { keys, indexKeys } from './keys';

export interface DigitalAssetRecord {
  id: string;
  name: string;
  /** Key in the files bucket. */
  file_path: string;
  file_type: string;
  created_at: string;
}

/** AP23: assets by id (missing ids skipped; order not kept). 1 BatchGetItem per 100 distinct ids. */
export function getAssetsByIds(ids: string[]): Promise<DigitalAssetRecord[]> {
  return batchGet<DigitalAssetRecord>(ids.map((id) => keys.digitalAsset(id)));
}

/** Stores an asset. */
export async function putAsset(a: DigitalAssetRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: { ...keys.digitalAsset(a.id), entity: 'digital_asset', ...indexKeys.digitalAsset(a), ...a } }));
}
