/**
 * Digital assets (spec 3 digital_assets): files of digital products in the private files bucket at
 * digital_assets/{timestamp}-{name}.{ext}. Item PK DIGITAL_ASSET#{id}, SK ASSET; GSI1 DIGITAL_ASSETS
 * (newest first for the admin library).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { batchGet } from './batch';

export interface DigitalAssetRecord {
  id: string;
  name: string;
  /** Key in the files bucket. */
  file_path: string;
  file_type: string;
  created_at: string;
}

const key = (id: string) => ({ PK: `DIGITAL_ASSET#${id}`, SK: 'ASSET' });

/** Assets by id. 1 BatchGetItem per 100 ids. */
export function getAssetsByIds(ids: string[]): Promise<DigitalAssetRecord[]> {
  return batchGet<DigitalAssetRecord>(ids.map(key));
}

/** Stores an asset. */
export async function putAsset(a: DigitalAssetRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: { ...key(a.id), entity: 'digital_asset', GSI1PK: 'DIGITAL_ASSETS', GSI1SK: `${a.created_at}#${a.id}`, ...a } }));
}
