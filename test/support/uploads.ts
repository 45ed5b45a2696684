/**
 * Test support: a browser-like form upload to a presigned POST (the fields, then the file last),
 * and reading the buckets of the local runtime.
 */
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadSlotDto } from '../../shared/api/admin-catalog';
import { getS3 } from '../../functions/lib/s3';

/** Posts `bytes` as the file of an upload slot. @returns S3's status and body (XML error text on refusal) */
export async function uploadToSlot(
  slot: Pick<UploadSlotDto, 'url' | 'fields'>,
  bytes: Uint8Array,
  fileName: string,
  contentType: string,
  override: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...slot.fields, ...override })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const res = await fetch(slot.url, { method: 'POST', body: form });
  return { status: res.status, body: await res.text() };
}

/** A tiny valid PNG (1x1). */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Every key under a prefix of a bucket. */
export async function keysUnder(bucket: string, prefix: string): Promise<string[]> {
  const out = await (await getS3()).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** Content type of an object, or null when missing. */
export async function contentTypeOf(bucket: string, key: string): Promise<string | null> {
  try {
    return (await (await getS3()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType ?? null;
  } catch {
    return null;
  }
}

/** Size of an object in bytes, or null when missing. */
export async function sizeOf(bucket: string, key: string): Promise<number | null> {
  try {
    return (await (await getS3()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch {
    return null;
  }
}
