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
  undoCreateAsset,
  type DigitalAssetRecord,
} from '../data/digital-asset-repository';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { env } from '../lib/env';
import { copyObject, deleteObjects, headObject } from '../lib/s3';
import { finalKeyOf } from '../lib/media';
import { assetKey, assetUploadSlot, isStagedAssetKey } from './uploads';
import { toAdminAssetDto } from './dto';

/** GET /api/admin/digital-assets: newest first. 1 Query (AP46). */
export async function listAdminAssets(): Promise<AdminDigitalAssetDto[]> {
  return (await listAssets()).map(toAdminAssetDto);
}

/**
 * POST /api/admin/digital-assets/uploads: a presigned POST to the files bucket for the staged key
 * uploads/digital_assets/{timestamp}-{slug(name)}.{ext}, exactly the declared content type, up to
 * 100 MB.
 */
export function assetSlot(
  input: { name: string; file_name: string; content_type: string },
  now = new Date(),
): Promise<UploadSlotDto> {
  return assetUploadSlot(env.filesBucket, assetKey(input.name, input.file_name, input.content_type, now), input, now);
}

/**
 * POST /api/admin/digital-assets: records an uploaded file. `file_path` names the staged upload
 * (uploads/digital_assets/...); the record holds its final key (the same without `uploads/`),
 * claimed for this asset alone in the record's own transaction, and the exact version that was
 * checked (its ETag) is copied there, so the record is bound to the object it checked: neither a
 * second record on the same file nor a still-valid upload slot can reach the file on sale. Type and
 * size are read from the bucket (HeadObject), not taken from the client.
 * @throws AppError 400 field file_path (not a staged asset key, or nothing uploaded there);
 *   409 when another asset holds the file
 */
export async function createAdminAsset(
  input: { name: string; file_path: string },
  now = new Date(),
): Promise<Change<AdminDigitalAssetDto>> {
  const finalPath = isStagedAssetKey(input.file_path) ? finalKeyOf(input.file_path) : null;
  if (!finalPath) throw badRequest(CATALOG_ADMIN_API_MSG.assetKeyInvalid, 'file_path');
  const head = await headObject(env.filesBucket, input.file_path);
  if (!head) throw badRequest(CATALOG_ADMIN_API_MSG.assetNotUploaded, 'file_path');
  const record: DigitalAssetRecord = {
    id: randomUUID(),
    name: input.name,
    file_path: finalPath,
    file_type: head.contentType,
    size_bytes: head.size,
    created_at: now.toISOString(),
  };
  if ((await createAsset(record)) === 'file_taken')
    throw conflict(CATALOG_ADMIN_API_MSG.assetFileTaken, CATALOG_ADMIN_API_MSG.assetInUseTitle);
  let copied = false;
  try {
    copied = await copyObject(env.filesBucket, input.file_path, finalPath, head.etag);
  } finally {
    if (!copied) await undoCreateAsset(record);
  }
  if (!copied) throw badRequest(CATALOG_ADMIN_API_MSG.assetNotUploaded, 'file_path');
  await deleteObjects(env.filesBucket, [input.file_path]);
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
  await deleteAssetItem(id, before.file_path);
  return { result: { deleted: true, id }, before: toAdminAssetDto(before) };
}
