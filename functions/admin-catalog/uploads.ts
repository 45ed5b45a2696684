/**
 * Object keys and upload slots of the back office (the storage paths: "Product image files ... path
 * products/{productId}/{timestamp-random}.{extension}"; "Digital asset files ... digital_assets/
 * {timestamp}-{name}.{ext}"). The browser uploads straight to S3 with a presigned POST whose policy
 * fixes key, content type and size; the API later accepts back only keys of the right shape under
 * the owner's prefix, and checks with HeadObject that the file is really there.
 */
import { randomBytes } from 'node:crypto';
import type { UploadSlotDto } from '../../shared/api/admin-catalog';
import {
  ASSET_UPLOAD_MAX_BYTES,
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  UPLOAD_SLOT_SECONDS,
  type ImageContentType,
} from '../../shared/admin-catalog';
import { copyObject, deleteObjects, headObject, presignPost, readObjectStart } from '../lib/s3';
import { finalKeyOf, UPLOAD_STAGING_PREFIX } from '../lib/media';
import { isImageContentType } from '../../shared/admin-catalog';

/** File extensions by content type, for files whose name has none. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/epub+zip': 'epub',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
};

/**
 * The extension of a stored file: the picked file's own (lower case, letters/digits, 1-5 chars),
 * else the content type's, else 'bin'.
 */
export function fileExtension(fileName: string, contentType: string): string {
  const own = /\.([A-Za-z0-9]{1,5})$/.exec(fileName.trim())?.[1];
  return (own ?? EXTENSIONS[contentType.toLowerCase()] ?? 'bin').toLowerCase();
}

/** A file-name-safe slug of a name: lower case ASCII letters/digits and dashes, at most 60 chars ('file' when empty). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'file';
}

/** `{timestamp}-{random}`: epoch milliseconds and 8 random base-36 characters ("time and a random number"). */
export function uniquePart(
  now: Date,
  random: () => string = () => randomBytes(6).readUIntBE(0, 6).toString(36).padStart(8, '0').slice(-8),
): string {
  return `${now.getTime()}-${random()}`;
}

/** Image owners and their key prefixes in the images bucket. */
export type ImageOwner = 'products' | 'bundles';

/**
 * Staged key of a new image: `uploads/{owner}/{ownerId}/{timestamp}-{random}.{ext}` (its final key
 * is the same without `uploads/`), the extension derived from the (allow-listed) type, never from
 * the client's file name.
 */
export function imageKey(owner: ImageOwner, ownerId: string, contentType: ImageContentType, now: Date): string {
  return `${UPLOAD_STAGING_PREFIX}${owner}/${ownerId}/${uniquePart(now)}.${IMAGE_TYPES[contentType]}`;
}

/** True when `key` is a staged upload of this owner's image (`uploads/` + an own image key). */
export function isOwnStagedImageKey(owner: ImageOwner, ownerId: string, key: string): boolean {
  const final = finalKeyOf(key);
  return final !== null && isOwnImageKey(owner, ownerId, final);
}

/**
 * True when `key` is an image key of this owner: `{owner}/{ownerId}/{digits}-{alnum}.{ext}`. Keys of
 * another product, other folders, '..' or extra path segments are refused.
 */
export function isOwnImageKey(owner: ImageOwner, ownerId: string, key: string): boolean {
  const prefix = `${owner}/${ownerId}/`;
  return key.startsWith(prefix) && /^\d{10,16}-[a-z0-9]{4,16}\.[a-z0-9]{1,5}$/.test(key.slice(prefix.length));
}

/**
 * Saves a staged image upload: checks it as the product import checks a fetched image (its stored
 * type must be one of IMAGE_TYPES and its first bytes must be that format, file-type, so a file
 * that only claims to be an image, an SVG or HTML sent as image/png, is refused), then copies
 * exactly the checked version (its ETag) to the final key and deletes the staged copy.
 * S3: 1 HeadObject, 1 ranged GetObject, 1 CopyObject, 1 DeleteObjects.
 * @returns the final key, or why it was refused: 'missing' (nothing uploaded, or replaced since
 *   the check), 'not_image'
 */
export async function saveStagedImage(
  bucket: string,
  stagedKey: string,
): Promise<{ key: string } | { refused: 'missing' | 'not_image' }> {
  const final = finalKeyOf(stagedKey);
  const head = final ? await headObject(bucket, stagedKey) : null;
  if (!final || !head) return { refused: 'missing' };
  if (!isImageContentType(head.contentType)) return { refused: 'not_image' };
  const bytes = await readObjectStart(bucket, stagedKey, 4100);
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = bytes ? await fileTypeFromBuffer(bytes) : undefined;
  if (sniffed?.mime !== head.contentType) return { refused: 'not_image' };
  if (!(await copyObject(bucket, stagedKey, final, head.etag))) return { refused: 'missing' };
  await deleteObjects(bucket, [stagedKey]);
  return { key: final };
}

/**
 * Staged key of a new digital asset file: `uploads/digital_assets/{timestamp}-{slug(name)}.{ext}`;
 * its final key (the storage paths) is the same without `uploads/`.
 */
export function assetKey(name: string, fileName: string, contentType: string, now: Date): string {
  return `${UPLOAD_STAGING_PREFIX}digital_assets/${now.getTime()}-${slugify(name)}.${fileExtension(fileName, contentType)}`;
}

/** True when `key` has the shape of a (final) digital asset file key. */
export function isAssetKey(key: string): boolean {
  return /^digital_assets\/\d{10,16}-[a-z0-9-]{1,60}\.[a-z0-9]{1,5}$/.test(key);
}

/** True when `key` is a staged digital asset upload (`uploads/` + an asset key). */
export function isStagedAssetKey(key: string): boolean {
  const final = finalKeyOf(key);
  return final !== null && isAssetKey(final);
}

/**
 * An upload slot for an image: the policy allows exactly the declared (allow-listed) type and
 * 1 byte to 10 MB. The bytes are checked again when the image is saved (checkUploadedImage).
 * @param file the picked file (name, declared content type)
 */
export async function imageUploadSlot(
  bucket: string,
  key: string,
  file: { name: string; content_type: ImageContentType },
  now: Date,
): Promise<UploadSlotDto> {
  const post = await presignPost(bucket, key, {
    contentType: file.content_type,
    maxBytes: IMAGE_UPLOAD_MAX_BYTES,
    seconds: UPLOAD_SLOT_SECONDS,
  });
  return {
    key,
    url: post.url,
    fields: post.fields,
    max_bytes: IMAGE_UPLOAD_MAX_BYTES,
    expires_at: new Date(now.getTime() + UPLOAD_SLOT_SECONDS * 1000).toISOString(),
    file_name: file.name,
  };
}

/** An upload slot for a digital asset: exactly the declared content type, 1 byte to 100 MB. */
export async function assetUploadSlot(
  bucket: string,
  key: string,
  file: { file_name: string; content_type: string },
  now: Date,
): Promise<UploadSlotDto> {
  const post = await presignPost(bucket, key, {
    contentType: file.content_type,
    maxBytes: ASSET_UPLOAD_MAX_BYTES,
    seconds: UPLOAD_SLOT_SECONDS,
  });
  return {
    key,
    url: post.url,
    fields: post.fields,
    max_bytes: ASSET_UPLOAD_MAX_BYTES,
    expires_at: new Date(now.getTime() + UPLOAD_SLOT_SECONDS * 1000).toISOString(),
    file_name: file.file_name,
  };
}
