/**
 * S3 client, presigned URLs (GET for downloads, POST for browser uploads) and the few object
 * operations the back office needs. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which needs
 * path-style addressing and checksums only when required (ARCHITECTURE.md).
 */
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import { env } from './env';
import { traceClient } from './observability';

/** The functions' S3 client (traced). */
export const s3 = traceClient(new S3Client({
  forcePathStyle: env.s3ForcePathStyle,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
}));

/** Lifetime of a digital download link, seconds. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

/**
 * A short-lived presigned GET for a private file.
 * @param filename name offered to the browser (Content-Disposition attachment)
 */
export function presignDownload(bucket: string, key: string, filename: string, seconds = DOWNLOAD_URL_SECONDS): Promise<string> {
  const safe = filename.replace(/[^\p{L}\p{N} ._-]/gu, '_');
  return getSignedUrl(s3, new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${safe}"`,
  }), { expiresIn: seconds });
}

/** What an upload policy allows. */
export interface UploadPolicy {
  /** Exact content type the form sends (also the stored object's Content-Type). */
  contentType: string;
  /** The policy's Content-Type rule: the type must start with this (e.g. 'image/'), or equal contentType when omitted. */
  contentTypePrefix?: string;
  /** Largest file, bytes. */
  maxBytes: number;
  /** Lifetime, seconds. */
  seconds: number;
}

/**
 * A presigned POST for one object: the policy fixes the bucket, the key, the content type (exact
 * or by prefix) and the size range (1..maxBytes), and expires after `seconds`. The browser posts
 * the fields plus the file straight to S3 (upload progress is visible to it; the API never sees
 * the bytes).
 */
export function presignPost(bucket: string, key: string, policy: UploadPolicy): Promise<PresignedPost> {
  return createPresignedPost(s3, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, policy.maxBytes],
      policy.contentTypePrefix ? ['starts-with', '$Content-Type', policy.contentTypePrefix] : ['eq', '$Content-Type', policy.contentType],
    ],
    Fields: { 'Content-Type': policy.contentType },
    Expires: policy.seconds,
  });
}

/** Content type and size of an object, or null when it does not exist. 1 HeadObject. */
export async function headObject(bucket: string, key: string): Promise<{ contentType: string; size: number } | null> {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { contentType: out.ContentType ?? 'application/octet-stream', size: out.ContentLength ?? 0 };
  } catch (e) {
    if (e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey')) return null;
    throw e;
  }
}

/** Every key under a prefix (1 ListObjectsV2 per 1,000 keys). */
export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Deletes objects (1 DeleteObjects per 1,000 keys; missing keys are not an error).
 * @throws Error naming the first key S3 could not delete
 */
export async function deleteObjects(bucket: string, keys: readonly string[]): Promise<number> {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 1000) {
    const out = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: unique.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
    const failed = out.Errors?.[0];
    if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }
  return unique.length;
}
