/**
 * s3rver: the S3 stand-in, in-process. Presigned PUT/GET work with path-style addressing; it does
 * not check signatures. Clients must set requestChecksumCalculation/responseChecksumValidation to
 * WHEN_REQUIRED or streamed uploads are stored with chunk framing.
 *
 * Browser uploads use presigned POST (form uploads). s3rver stores them but ignores their policy,
 * so a middleware placed before its routes checks the policy as S3 does (s3-post-policy.ts:
 * signature, expiry, key, content type, size) and answers S3's errors; the buckets get the CORS
 * rules the browser needs to post from the shop's origin (the cloud buckets have the same in the
 * data stack).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import S3rver, { type S3rverMiddleware } from 's3rver';
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';
import { checkPostPolicy, s3ErrorXml, type PolicyError } from './s3-post-policy';
import { takeFault } from '../faults/fault-switch';
import { dropAfterHold, faultAnswer } from '../faults/service-errors';

/** CORS of the local buckets: any origin may GET/PUT/POST (presigned uploads from the shop's origin). */
export const LOCAL_BUCKET_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Largest form upload the local S3 buffers to check (above every policy's limit). */
const MAX_FORM_BYTES = 120 * 1024 * 1024;

async function readBody(req: NodeJS.ReadableStream, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Koa middleware checking the policy of form uploads (POST /{bucket}, multipart/form-data) before
 * s3rver stores them; other requests pass through untouched.
 */
export function postPolicyMiddleware(secretKey: string): S3rverMiddleware {
  return async (ctx, next) => {
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    if (
      ctx.method !== 'POST' ||
      !bucket ||
      !ctx.get('content-type').startsWith('multipart/form-data') ||
      'delete' in ctx.query
    )
      return next();
    const refuse = (error: PolicyError) => {
      ctx.status = error.status;
      ctx.type = 'application/xml';
      if (ctx.get('origin')) ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = s3ErrorXml(error);
    };
    const tooLarge: PolicyError = {
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    };
    if (Number(ctx.get('content-length') || 0) > MAX_FORM_BYTES) return refuse(tooLarge);
    const body = await readBody(ctx.req, MAX_FORM_BYTES);
    if (!body) return refuse(tooLarge);
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': ctx.get('content-type') } })
      .formData()
      .catch(() => null);
    const file = form?.get('file');
    if (form && file instanceof Blob) {
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      const error = checkPostPolicy(fields, file.size, decodeURIComponent(bucket), secretKey);
      if (error) return refuse(error);
    }
    // Hand s3rver the same bytes (it parses the form itself).
    const replay = Readable.from([body]) as unknown as typeof ctx.req;
    Object.assign(replay, { headers: ctx.req.headers, method: ctx.req.method, url: ctx.req.url });
    ctx.req = replay;
    return next();
  };
}

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * The S3 operation a request to s3rver is (path-style addressing), for the fault switch: the
 * object operations by method, a form upload 'PostObject', a copy 'CopyObject'.
 */
export function s3OperationOf(
  method: string,
  path: string,
  query: Record<string, unknown>,
  copySource: string,
): string {
  const object = /^\/[^/]+\/.+/.test(path);
  if (!object) {
    if (method === 'POST') return 'delete' in query ? 'DeleteObjects' : 'PostObject';
    return method === 'GET' ? 'ListObjectsV2' : `${method}Bucket`;
  }
  if (method === 'PUT') return copySource ? 'CopyObject' : 'PutObject';
  return { GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[method] ?? `${method}Object`;
}

/** Koa middleware answering a switched-on S3 fault (infra/local/faults/fault-switch.ts) in S3's error shape. */
export function faultMiddleware(faultsFile: string): S3rverMiddleware {
  return async (ctx, next) => {
    const operation = s3OperationOf(ctx.method, ctx.path, ctx.query, ctx.get('x-amz-copy-source'));
    const fault = takeFault(faultsFile, 's3', operation, decodeURIComponent(ctx.path));
    if (!fault) return next();
    if (fault.error === 'timeout') {
      dropAfterHold(ctx.req, fault);
      ctx.respond = false;
      return;
    }
    const answer = faultAnswer(fault, ctx.path);
    ctx.status = answer.status;
    for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
    if (ctx.get('origin')) ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = answer.body;
  };
}

/** Starts s3rver on `port` with data in `dir` and the given buckets created (faults from `faultsFile`). */
export async function startS3Local(
  port: number,
  dir: string,
  buckets: string[],
  faultsFile?: string,
): Promise<RunningS3> {
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [LOCAL_BUCKET_CORS] })),
  });
  server.middleware.unshift(postPolicyMiddleware(LOCAL_CREDENTIALS.secretAccessKey));
  if (faultsFile) server.middleware.unshift(faultMiddleware(faultsFile));
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
