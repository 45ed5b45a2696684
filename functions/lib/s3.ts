/**
 * S3 client and presigned URLs. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which needs
 * path-style addressing and checksums only when required (ARCHITECTURE.md).
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
