/**
 * s3rver: the S3 stand-in, in-process. Presigned PUT/GET work with path-style addressing; it does
 * not check signatures. Clients must set requestChecksumCalculation/responseChecksumValidation to
 * WHEN_REQUIRED or streamed uploads are stored with chunk framing (ARCHITECTURE.md).
 */
import fs from 'node:fs';
import S3rver from 's3rver';
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts s3rver on `port` with data in `dir` and the given buckets created. */
export async function startS3Local(port: number, dir: string, buckets: string[]): Promise<RunningS3> {
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** An S3 client for the stand-in, configured like the functions' client locally. */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
