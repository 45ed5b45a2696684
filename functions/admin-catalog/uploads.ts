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
import { headObject, presignPost, readObjectStart } from '../lib/s3';
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
 * Key of a new image: `{owner}/{ownerId}/{timestamp}-{random}.{ext}`, the extension derived from
 * the (allow-listed) type, never from the client's file name.
 */
export function imageKey(owner: ImageOwner, ownerId: string, contentType: ImageContentType, now: Date): string {
  return `${owner}/${ownerId}/${uniquePart(now)}.${IMAGE_TYPES[contentType]}`;
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
 * Checks an uploaded image as the product import checks a fetched one: its stored type must be
 * one of IMAGE_TYPES and its first bytes must be that format (file-type), so a file that only
 * claims to be an image (an SVG or HTML renamed .png) is refused. 1 HeadObject + 1 ranged
 * GetObject.
 * @returns 'missing' (nothing uploaded), 'not_image', or 'ok'
 */
export async function checkUploadedImage(bucket: string, key: string): Promise<'missing' | 'not_image' | 'ok'> {
  const head = await headObject(bucket, key);
  if (!head) return 'missing';
  if (!isImageContentType(head.contentType)) return 'not_image';
  const bytes = await readObjectStart(bucket, key, 4100);
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = bytes ? await fileTypeFromBuffer(bytes) : undefined;
  return sniffed?.mime === head.contentType ? 'ok' : 'not_image';
}

/** Key of a new digital asset file: `digital_assets/{timestamp}-{slug(name)}.{ext}` (the storage paths). */
export function assetKey(name: string, fileName: string, contentType: string, now: Date): string {
  return `digital_assets/${now.getTime()}-${slugify(name)}.${fileExtension(fileName, contentType)}`;
}

/** True when `key` has the shape of a digital asset file key. */
export function isAssetKey(key: string): boolean {
  return /^digital_assets\/\d{10,16}-[a-z0-9-]{1,60}\.[a-z0-9]{1,5}$/.test(key);
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
