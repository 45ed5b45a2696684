/**
 * Digital library of the back office (the Asset Digitali screen, the asset upload rule, "Deleting
 * an asset removes the file and then the row"). Files live in the
 * private files bucket; the browser uploads them by presigned POST, then the record is created.
 */
import { randomUUID } from 'node:crypto';
import type { AdminDigitalAssetDto, DeletedDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import {
  beginAssetDelete,
  cancelAssetDelete,
  createAsset,
  deleteAssetItem,
  getAsset,
  listAssets,
  type DigitalAssetRecord,
} from '../data/digital-asset-repository';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { env } from '../lib/env';
import { deleteObjects, headObject } from '../lib/s3';
import { assetKey, assetUploadSlot, isAssetKey } from './uploads';
import { toAdminAssetDto } from './dto';

/** GET /api/admin/digital-assets: newest first. 1 Query (AP46). */
export async function listAdminAssets(): Promise<AdminDigitalAssetDto[]> {
  return (await listAssets()).map(toAdminAssetDto);
}

/**
 * POST /api/admin/digital-assets/uploads: a presigned POST to the files bucket for
 * digital_assets/{timestamp}-{slug(name)}.{ext}, exactly the declared content type, up to 100 MB.
 */
export function assetSlot(
  input: { name: string; file_name: string; content_type: string },
  now = new Date(),
): Promise<UploadSlotDto> {
  return assetUploadSlot(env.filesBucket, assetKey(input.name, input.file_name, input.content_type, now), input, now);
}

/**
 * POST /api/admin/digital-assets: records an uploaded file. Its type and size are read from the
 * bucket (HeadObject), not taken from the client.
 * @throws AppError 400 field file_path (not an asset key, or nothing uploaded there)
 */
export async function createAdminAsset(
  input: { name: string; file_path: string },
  now = new Date(),
): Promise<Change<AdminDigitalAssetDto>> {
  if (!isAssetKey(input.file_path)) throw badRequest(CATALOG_ADMIN_API_MSG.assetKeyInvalid, 'file_path');
  const head = await headObject(env.filesBucket, input.file_path);
  if (!head) throw badRequest(CATALOG_ADMIN_API_MSG.assetNotUploaded, 'file_path');
  const record: DigitalAssetRecord = {
    id: randomUUID(),
    name: input.name,
    file_path: input.file_path,
    file_type: head.contentType,
    size_bytes: head.size,
    created_at: now.toISOString(),
  };
  await createAsset(record);
  return { before: null, after: toAdminAssetDto(record) };
}

/**
 * DELETE /api/admin/digital-assets/{id}: refused with 409 while a product links the file; else
 * the asset is marked (no product can link it meanwhile), its file is deleted, then its record.
 * @throws AppError 404, 409 'Asset in uso'
 */
export async function deleteAdminAsset(
  id: string,
  now = new Date(),
): Promise<{ result: DeletedDto; before: AdminDigitalAssetDto }> {
  const before = await getAsset(id);
  if (!before) throw notFound(CATALOG_ADMIN_API_MSG.notFoundAsset);
  const mark = await beginAssetDelete(id, now.toISOString());
  if (mark.outcome === 'missing') throw notFound(CATALOG_ADMIN_API_MSG.notFoundAsset);
  if (mark.outcome === 'linked')
    throw conflict(CATALOG_ADMIN_API_MSG.assetInUse(mark.products), CATALOG_ADMIN_API_MSG.assetInUseTitle);
  try {
    await deleteObjects(env.filesBucket, [before.file_path]);
  } catch (error) {
    await cancelAssetDelete(id);
    throw error;
  }
  await deleteAssetItem(id);
  return { result: { deleted: true, id }, before: toAdminAssetDto(before) };
}
