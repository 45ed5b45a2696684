/**
 * S3 client, presigned URLs (GET for downloads, POST for browser uploads) and the few object
 * operations the back office needs. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which needs
 * path-style addressing and checksums only when required.
 *
 * The SDK is imported and the client created on first use: most requests of most functions never
 * touch S3, so it stays out of their cold start.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { PresignedPost } from '@aws-sdk/s3-presigned-post';
import { env } from './env';
import { traceClient } from './observability';
import { awsClientConfig } from './aws-client-config';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;

/** The S3 SDK and the functions' client, imported and created on first use (S3 is rare per request). */
function s3Sdk(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: traceClient(
      new sdk.S3Client({
        ...awsClientConfig(),
        forcePathStyle: env.s3ForcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    ),
  }));
  return loaded;
}

/** The functions' S3 client (traced; the local runtime checks its calls against the function's grants). */
export async function getS3(): Promise<S3Client> {
  return (await s3Sdk()).client;
}

/** Lifetime of a digital download link, seconds. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

/**
 * A short-lived presigned GET for a private file.
 * @param filename name offered to the browser (Content-Disposition attachment)
 */
export async function presignDownload(
  bucket: string,
  key: string,
  filename: string,
  seconds = DOWNLOAD_URL_SECONDS,
): Promise<string> {
  const safe = filename.replace(/[^\p{L}\p{N} ._-]/gu, '_');
  const [
    {
      sdk: { GetObjectCommand },
      client,
    },
    { getSignedUrl },
  ] = await Promise.all([s3Sdk(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${safe}"`,
    }),
    { expiresIn: seconds },
  );
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
export async function presignPost(bucket: string, key: string, policy: UploadPolicy): Promise<PresignedPost> {
  const [client, { createPresignedPost }] = await Promise.all([getS3(), import('@aws-sdk/s3-presigned-post')]);
  return createPresignedPost(client, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, policy.maxBytes],
      policy.contentTypePrefix
        ? ['starts-with', '$Content-Type', policy.contentTypePrefix]
        : ['eq', '$Content-Type', policy.contentType],
    ],
    Fields: { 'Content-Type': policy.contentType },
    Expires: policy.seconds,
  });
}

/** Content type, size and ETag of an object, or null when it does not exist. 1 HeadObject. */
export async function headObject(
  bucket: string,
  key: string,
): Promise<{ contentType: string; size: number; etag: string } | null> {
  const { sdk, client } = await s3Sdk();
  try {
    const out = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      contentType: out.ContentType ?? 'application/octet-stream',
      size: out.ContentLength ?? 0,
      etag: out.ETag ?? '',
    };
  } catch (e) {
    if (
      e instanceof sdk.S3ServiceException &&
      (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey')
    )
      return null;
    throw e;
  }
}

/**
 * The first `bytes` bytes of an object (1 ranged GetObject), or null when it does not exist.
 */
export async function readObjectStart(bucket: string, key: string, bytes: number): Promise<Uint8Array | null> {
  const { sdk, client } = await s3Sdk();
  try {
    const out = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
    );
    return out.Body ? await out.Body.transformToByteArray() : null;
  } catch (e) {
    if (e instanceof sdk.S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey'))
      return null;
    throw e;
  }
}

/**
 * Stores an object (1 PutObject).
 * @param body bytes, or text (sent as UTF-8)
 * @param cacheControl the Cache-Control it is served with
 */
export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array | string,
  contentType: string,
  cacheControl?: string,
): Promise<void> {
  const { sdk, client } = await s3Sdk();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
}

/**
 * Copies an object within a bucket (1 CopyObject), only if the source is still the version that
 * was checked (`ifMatch`, its ETag): a file replaced after the check is never copied.
 * @returns false when the source changed or is gone (S3 answers 412 or 404)
 */
export async function copyObject(bucket: string, from: string, to: string, ifMatch: string): Promise<boolean> {
  const { sdk, client } = await s3Sdk();
  try {
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        CopySourceIfMatch: ifMatch,
        MetadataDirective: 'COPY',
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof sdk.S3ServiceException && [404, 412].includes(e.$metadata.httpStatusCode ?? 0)) return false;
    throw e;
  }
}

/** An object's body as text and its ETag, as getObjectText answers it. */
export interface ObjectText {
  body: string;
  etag: string;
}

/**
 * An object's body as UTF-8 text (1 GetObject). With `ifNoneMatch` (an ETag read before), S3
 * answers 304 when the object is unchanged.
 * @returns the body and its ETag; 'unchanged' for a matching ETag; null when the object does not exist
 */
export async function getObjectText(
  bucket: string,
  key: string,
  ifNoneMatch?: string,
): Promise<ObjectText | 'unchanged' | null> {
  const { sdk, client } = await s3Sdk();
  try {
    const out = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket, Key: key, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }),
    );
    return { body: (await out.Body?.transformToString('utf-8')) ?? '', etag: out.ETag ?? '' };
  } catch (e) {
    if (!(e instanceof sdk.S3ServiceException)) throw e;
    if (e.$metadata.httpStatusCode === 304) return 'unchanged';
    if (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound') return null;
    throw e;
  }
}

/** Every key under a prefix (1 ListObjectsV2 per 1,000 keys). */
export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const { sdk, client } = await s3Sdk();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
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
  const { sdk, client } = await s3Sdk();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 1000) {
    const out = await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: unique.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = out.Errors?.[0];
    if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }
  return unique.length;
}
