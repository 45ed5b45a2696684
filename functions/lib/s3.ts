/**
 * S3 client and presigned URLs. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which needs
 * path-style addressing and checksums only when required (ARCHITECTURE.md).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { env } from './env';
import { traceClient } from './observability';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;

/** The S3 SDK and the functions' client, imported and created on first use (S3 is rare per request). */
function s3Sdk(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: traceClient(new sdk.S3Client({
      forcePathStyle: env.s3ForcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })),
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
export async function presignDownload(bucket: string, key: string, filename: string, seconds = DOWNLOAD_URL_SECONDS): Promise<string> {
  const safe = filename.replace(/[^\p{L}\p{N} ._-]/gu, '_');
  const [{ sdk: { GetObjectCommand }, client }, { getSignedUrl }] = await Promise.all([s3Sdk(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(client, new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${safe}"`,
  }), { expiresIn: seconds });
}
