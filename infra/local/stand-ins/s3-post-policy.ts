/**
 * POST Object policy checks for the local S3. s3rver stores browser form uploads (POST /{bucket},
 * multipart/form-data) but ignores their policy, so locally an oversized file, a wrong content type,
 * an expired or tampered form would be accepted where S3 refuses it. This module checks a form the
 * way S3 does (AWS "Browser-based uploads using POST", Signature Version 4):
 *  - the SigV4 signature of the base64 policy with the local secret;
 *  - `expiration` not passed;
 *  - every condition: {field: value} and ["eq", "$field", value] exact, ["starts-with", "$field",
 *    prefix], ["content-length-range", min, max] on the file size;
 *  - every form field (except file, policy, x-amz-signature, x-ignore-*) covered by a condition.
 * It answers S3's error codes and messages.
 */
import { createHmac } from 'node:crypto';

/** An S3-style refusal. */
export interface PolicyError {
  status: number;
  code: string;
  message: string;
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4 signature of a base64 policy: HMAC of the policy with the key derived from (secret, date, region, 's3'). */
export function signPolicy(policyBase64: string, secretKey: string, date: string, region: string): string {
  const kDate = hmac(`AWS4${secretKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, 's3');
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(policyBase64, 'utf8').digest('hex');
}

const denied = (message: string): PolicyError => ({ status: 403, code: 'AccessDenied', message });

/**
 * Checks an upload form against its policy.
 * @param fields the form fields (names as sent; the file excluded)
 * @param fileSize the uploaded file's size in bytes
 * @param bucket the bucket posted to
 * @param secretKey the secret of the access key named in x-amz-credential
 * @returns null when S3 would accept the upload, else the refusal
 */
export function checkPostPolicy(
  fields: Record<string, string>,
  fileSize: number,
  bucket: string,
  secretKey: string,
  now = new Date(),
): PolicyError | null {
  const lower = new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  const policyBase64 = lower.get('policy');
  if (!policyBase64) return denied("Bucket POST must contain a field named 'policy'.");
  const signature = lower.get('x-amz-signature');
  const credential = lower.get('x-amz-credential') ?? '';
  const [, date, region, service, terminator] = credential.split('/');
  if (
    lower.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' ||
    !signature ||
    !date ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  ) {
    return denied(
      'Invalid according to Policy: missing or malformed x-amz-algorithm, x-amz-credential or x-amz-signature.',
    );
  }
  if (signPolicy(policyBase64, secretKey, date, region) !== signature) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expires = Date.parse(policy.expiration ?? '');
  if (Number.isNaN(expires))
    return { status: 400, code: 'InvalidPolicyDocument', message: "Invalid Policy: Invalid 'expiration' value." };
  if (expires <= now.getTime()) return denied('Invalid according to Policy: Policy expired.');

  const values = new Map(lower);
  values.set('bucket', bucket);
  const covered = new Set<string>(['bucket']);
  for (const condition of policy.conditions ?? []) {
    const failed = () => denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as [string, unknown, unknown];
      if (op === 'content-length-range') {
        if (fileSize > Number(b))
          return {
            status: 400,
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds the maximum allowed size',
          };
        if (fileSize < Number(a))
          return {
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const value = values.get(name) ?? '';
      if (op === 'eq' && value !== String(b)) return failed();
      if (op === 'starts-with' && !value.startsWith(String(b))) return failed();
      if (op !== 'eq' && op !== 'starts-with')
        return {
          status: 400,
          code: 'InvalidPolicyDocument',
          message: `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`,
        };
    } else if (condition && typeof condition === 'object') {
      for (const [k, v] of Object.entries(condition)) {
        const name = k.toLowerCase();
        covered.add(name);
        if ((values.get(name) ?? '') !== String(v)) return failed();
      }
    }
  }
  const exempt = (name: string) => ['file', 'policy', 'x-amz-signature'].includes(name) || name.startsWith('x-ignore-');
  const extra = [...lower.keys()].filter((name) => !exempt(name) && !covered.has(name));
  if (extra.length) return denied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** S3's XML error body. */
export function s3ErrorXml(error: PolicyError): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(error.code)}</Code><Message>${esc(error.message)}</Message></Error>`;
}
