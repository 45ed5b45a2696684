/**
 * A local stand-in of AWS Secrets Manager for the local runtime: an HTTP endpoint speaking the service's
 * JSON protocol as the real `@aws-sdk/client-secrets-manager` sends it (POST /, `X-Amz-Target:
 * secretsmanager.<Operation>`, `application/x-amz-json-1.1`, SigV4-signed), so the functions read
 * and write their secrets through the real SDK (and Powertools Parameters) with only
 * AWS_ENDPOINT_URL_SECRETS_MANAGER pointing here.
 *
 * Operations: CreateSecret, DescribeSecret, GetSecretValue, PutSecretValue (string secrets), with
 * the staging labels AWSCURRENT and AWSPREVIOUS moved as Secrets Manager moves them. Secrets
 * persist in a JSON file in the data folder (mode 0600), as they survive restarts in the cloud.
 *
 * As strict as the real service for what we call (each rule cites the API reference beside it):
 * the request must be signed for this service and region with the local credentials; parameters
 * are checked against their length constraints (ValidationException); an unknown secret or label
 * is a ResourceNotFoundException; a name taken a ResourceExistsException; a ClientRequestToken
 * reused with another value is refused. Binary secrets, deletion, rotation, tags and resource
 * policies are not implemented: their parameters are refused rather than ignored.
 */
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { takeFault } from '../faults/fault-switch';

/** One version of a secret. */
interface StoredVersion {
  versionId: string;
  secretString: string;
  /** Unix seconds. */
  createdDate: number;
  stages: string[];
}

/** One secret with its versions (newest last). */
interface StoredSecret {
  arn: string;
  name: string;
  description?: string;
  createdDate: number;
  lastChangedDate: number;
  versions: StoredVersion[];
}

export interface SecretsManagerLocalOptions {
  port: number;
  region: string;
  /** Default '000000000000'. */
  accountId?: string;
  /** The one key pair requests must be signed with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** JSON file keeping the secrets across restarts (created when missing, mode 0600). */
  stateFile?: string;
  /** The runtime's faults file (infra/local/faults/fault-switch.ts, service 'secretsmanager'). */
  faultsFile?: string;
}

export interface SecretsManagerLocal {
  /** 'http://127.0.0.1:{port}' for AWS_ENDPOINT_URL_SECRETS_MANAGER. */
  endpoint: string;
  /** The AWSCURRENT string of a secret named by ARN or name, or null (the local runtime's own reads, e.g. the fake Stripe's webhook secret). */
  currentValue(secretId: string): string | null;
  stop(): Promise<void>;
}

/** An error in the shape the SDK turns into its typed exceptions (`__type`, `message`). */
class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Staging labels Secrets Manager moves itself. */
const CURRENT = 'AWSCURRENT';
const PREVIOUS = 'AWSPREVIOUS';

/** Clock difference accepted on a signed request: SigV4 signatures are valid for 5 minutes. */
const SIGNATURE_WINDOW_MS = 5 * 60_000;

type Input = Record<string, unknown>;

/** ValidationException in the AWS JSON protocols' wording. */
const invalid = (field: string, value: unknown, constraint: string) =>
  new ServiceError(
    'ValidationException',
    `1 validation error detected: Value ${value === undefined ? 'null ' : ''}at '${field}' failed to satisfy constraint: ${constraint}`,
  );

/** A string parameter within its length constraints (the API reference's "Length Constraints"). */
function stringParam(input: Input, name: string, min: number, max: number, required: true): string;
function stringParam(input: Input, name: string, min: number, max: number, required: false): string | undefined;
function stringParam(input: Input, name: string, min: number, max: number, required: boolean): string | undefined {
  const field = name.charAt(0).toLowerCase() + name.slice(1);
  const value = input[name];
  if (value === undefined || value === null) {
    if (required) throw invalid(field, undefined, 'Member must not be null');
    return undefined;
  }
  if (typeof value !== 'string') throw new ServiceError('SerializationException', `${name} must be a string`);
  if (value.length < min) throw invalid(field, value, `Member must have length greater than or equal to ${min}`);
  if (value.length > max) throw invalid(field, '***', `Member must have length less than or equal to ${max}`);
  return value;
}

/** Refuses the parameters of features the stand-in does not implement (better refused than silently ignored). */
function refuseUnsupported(input: Input, names: string[]): void {
  for (const name of names)
    if (input[name] !== undefined)
      throw new ServiceError(
        'InvalidParameterException',
        `${name} is not supported by the local Secrets Manager stand-in.`,
      );
}

/**
 * The SigV4 check of a request, as every AWS endpoint makes it (IAM User Guide, "AWS Signature
 * Version 4 for API requests"): signed for `secretsmanager` in this region with the local key
 * pair, dated within 5 minutes, and the signature recomputed over the signed headers and the body.
 * The error codes and messages are the ones AWS answers.
 */
async function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  opts: SecretsManagerLocalOptions,
  signer: SignatureV4,
): Promise<void> {
  const auth = req.headers.authorization;
  if (!auth) throw new ServiceError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m)
    throw new ServiceError('IncompleteSignatureException', 'Authorization header requires a valid SigV4 signature.');
  const [, accessKeyId, , region, service, signedHeaders, signature] = m as unknown as string[];
  if (accessKeyId !== opts.credentials.accessKeyId)
    throw new ServiceError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  if (service !== 'secretsmanager')
    throw new ServiceError(
      'InvalidSignatureException',
      "Credential should be scoped to correct service: 'secretsmanager'.",
    );
  if (region !== opts.region)
    throw new ServiceError(
      'InvalidSignatureException',
      `Credential should be scoped to a valid region, not '${region}'.`,
    );
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d)
    throw new ServiceError('IncompleteSignatureException', 'Authorization header requires the X-Amz-Date header.');
  const signingDate = new Date(Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!, +d[4]!, +d[5]!, +d[6]!));
  if (Math.abs(Date.now() - signingDate.getTime()) > SIGNATURE_WINDOW_MS)
    throw new ServiceError(
      'InvalidSignatureException',
      `Signature expired: ${amzDate} is outside the 5-minute window.`,
    );
  const names = signedHeaders!.split(';');
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    headers[name] = Array.isArray(value) ? value.join(',') : String(value ?? '');
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const signed = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: headers.host?.split(':')[0] ?? '127.0.0.1',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: new Uint8Array(body),
    },
    { signingDate, signableHeaders: new Set(names) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  if (expected.length !== signature!.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature!)))
    throw new ServiceError(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
}

/** Starts the Secrets Manager stand-in on `port` (127.0.0.1). */
export async function startSecretsManagerLocal(opts: SecretsManagerLocalOptions): Promise<SecretsManagerLocal> {
  const account = opts.accountId ?? '000000000000';
  const signer = new SignatureV4({
    service: 'secretsmanager',
    region: opts.region,
    credentials: opts.credentials,
    sha256: Sha256,
    applyChecksum: false,
  });
  const secrets = new Map<string, StoredSecret>();
  if (opts.stateFile && fs.existsSync(opts.stateFile)) {
    const saved = JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) as StoredSecret[];
    for (const s of saved) secrets.set(s.name, s);
  }
  const save = () => {
    if (opts.stateFile)
      fs.writeFileSync(opts.stateFile, JSON.stringify([...secrets.values()], null, 2), { mode: 0o600 });
  };
  const now = () => Date.now() / 1000;

  /**
   * A secret by name or complete ARN ("SecretId: The ARN or name of the secret"). A partial ARN
   * (without the random suffix) is not matched: the functions always pass the ARN they are given.
   */
  const find = (secretId: string): StoredSecret | undefined =>
    secrets.get(secretId) ?? [...secrets.values()].find((s) => s.arn === secretId);
  const mustFind = (secretId: string): StoredSecret => {
    const s = find(secretId);
    // "ResourceNotFoundException: Secrets Manager can't find the resource that you asked for."
    if (!s) throw new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return s;
  };

  /**
   * Adds a version and makes it AWSCURRENT ("If you don't include VersionStages, then Secrets
   * Manager automatically moves the staging label AWSCURRENT to this version"); the version it was
   * on becomes AWSPREVIOUS ("Secrets Manager also moves the staging label AWSPREVIOUS to the version
   * that AWSCURRENT was removed from", PutSecretValue, VersionStages). A version left without
   * labels is dropped ("Versions that don't have staging labels are considered deprecated and
   * Secrets Manager can delete them", DescribeSecret, VersionIdsToStages).
   */
  const addVersion = (secret: StoredSecret, versionId: string, secretString: string): StoredVersion => {
    for (const v of secret.versions) v.stages = v.stages.filter((stage) => stage !== PREVIOUS);
    for (const v of secret.versions)
      if (v.stages.includes(CURRENT)) v.stages = [...v.stages.filter((stage) => stage !== CURRENT), PREVIOUS];
    const version = { versionId, secretString, createdDate: now(), stages: [CURRENT] };
    secret.versions = [...secret.versions.filter((v) => v.stages.length > 0), version];
    secret.lastChangedDate = now();
    return version;
  };

  /**
   * The version a token names, when it exists: the same value is an idempotent retry; another
   * value is refused ("If a version with this value already exists and that version's SecretString
   * and SecretBinary values are different from those in the request, then the request fails
   * because you can't modify a secret version", PutSecretValue, ClientRequestToken).
   */
  const existingVersion = (secret: StoredSecret, token: string, secretString: string): StoredVersion | undefined => {
    const prior = secret.versions.find((v) => v.versionId === token);
    if (prior && prior.secretString !== secretString)
      throw new ServiceError(
        'ResourceExistsException',
        `You can't modify an existing version, you can only create a new version. The version ${token} already exists with another value.`,
      );
    return prior;
  };

  /** Binary secrets are not implemented: refused rather than stored wrongly. */
  const refuseBinary = (input: Input) => {
    if (input.SecretBinary !== undefined)
      throw new ServiceError(
        'InvalidParameterException',
        'SecretBinary is not supported by the local Secrets Manager stand-in.',
      );
  };

  const operations: Record<string, (input: Input) => Record<string, unknown>> = {
    CreateSecret: (input) => {
      refuseUnsupported(input, ['KmsKeyId', 'Tags', 'AddReplicaRegions', 'ForceOverwriteReplicaSecret', 'Type']);
      // Name: "Length Constraints: Minimum length of 1. Maximum length of 512."
      const name = stringParam(input, 'Name', 1, 512, true);
      // "The secret name can contain ASCII letters, numbers, and the following characters: /_+=.@-"
      if (!/^[A-Za-z0-9/_+=.@-]+$/.test(name))
        throw new ServiceError(
          'InvalidParameterException',
          'Invalid name. Must be a valid name containing alphanumeric characters, or any of the following: -/_+=.@!',
        );
      const description = stringParam(input, 'Description', 0, 2048, false);
      const token = stringParam(input, 'ClientRequestToken', 32, 64, false) ?? randomUUID();
      refuseBinary(input);
      // SecretString: "Length Constraints: Minimum length of 1. Maximum length of 65536."
      const secretString = stringParam(input, 'SecretString', 1, 65536, false);
      const existing = secrets.get(name);
      if (existing) {
        // A retry of the same create (same token and value) answers as the first did.
        const prior = secretString !== undefined ? existingVersion(existing, token, secretString) : undefined;
        if (prior) return { ARN: existing.arn, Name: existing.name, VersionId: prior.versionId };
        // "ResourceExistsException: A resource with the ID you requested already exists."
        throw new ServiceError(
          'ResourceExistsException',
          `The operation failed because the secret ${name} already exists.`,
        );
      }
      // "Secrets Manager automatically adds a hyphen and six random characters after the secret name at the end of the ARN."
      const suffix = randomBytes(6)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x')
        .slice(0, 6);
      const secret: StoredSecret = {
        arn: `arn:aws:secretsmanager:${opts.region}:${account}:secret:${name}-${suffix}`,
        name,
        ...(description !== undefined ? { description } : {}),
        createdDate: now(),
        lastChangedDate: now(),
        versions: [],
      };
      const version = secretString !== undefined ? addVersion(secret, token, secretString) : undefined;
      secrets.set(name, secret);
      save();
      return { ARN: secret.arn, Name: name, ...(version ? { VersionId: version.versionId } : {}) };
    },

    DescribeSecret: (input) => {
      // SecretId: "Length Constraints: Minimum length of 1. Maximum length of 2048."
      const secret = mustFind(stringParam(input, 'SecretId', 1, 2048, true));
      return {
        ARN: secret.arn,
        Name: secret.name,
        ...(secret.description !== undefined ? { Description: secret.description } : {}),
        CreatedDate: secret.createdDate,
        LastChangedDate: secret.lastChangedDate,
        VersionIdsToStages: Object.fromEntries(
          secret.versions.filter((v) => v.stages.length).map((v) => [v.versionId, v.stages]),
        ),
      };
    },

    GetSecretValue: (input) => {
      const secret = mustFind(stringParam(input, 'SecretId', 1, 2048, true));
      // VersionId: "Length Constraints: Minimum length of 32. Maximum length of 64."
      const versionId = stringParam(input, 'VersionId', 32, 64, false);
      // VersionStage: "Length Constraints: Minimum length of 1. Maximum length of 256."
      const stage = stringParam(input, 'VersionStage', 1, 256, false);
      // "If you don't specify either a VersionStage or VersionId, then Secrets Manager returns the
      // AWSCURRENT version"; "If you specify both this parameter and VersionStage, the two
      // parameters must refer to the same secret version."
      const wantedStage = stage ?? (versionId ? undefined : CURRENT);
      const version = secret.versions.find(
        (v) => (!versionId || v.versionId === versionId) && (!wantedStage || v.stages.includes(wantedStage)),
      );
      if (!version)
        throw new ServiceError(
          'ResourceNotFoundException',
          `Secrets Manager can't find the specified secret value for ${versionId ? `VersionId: ${versionId}` : `staging label: ${wantedStage}`}`,
        );
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: version.versionId,
        SecretString: version.secretString,
        VersionStages: version.stages,
        CreatedDate: version.createdDate,
      };
    },

    PutSecretValue: (input) => {
      refuseUnsupported(input, ['VersionStages', 'RotationToken']);
      const secret = mustFind(stringParam(input, 'SecretId', 1, 2048, true));
      // "If you use the AWS CLI or one of the AWS SDKs to call this operation, then you can leave this
      // parameter empty. The CLI or SDK generates a random UUID for you"; a raw request must send one.
      const token = stringParam(input, 'ClientRequestToken', 32, 64, true);
      // "You must include SecretBinary or SecretString, but not both." (SecretBinary: not implemented.)
      refuseBinary(input);
      const secretString = stringParam(input, 'SecretString', 1, 65536, true);
      const version = existingVersion(secret, token, secretString) ?? addVersion(secret, token, secretString);
      save();
      return { ARN: secret.arn, Name: secret.name, VersionId: version.versionId, VersionStages: version.stages };
    },
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      (async () => {
        const body = Buffer.concat(chunks);
        await checkSignature(req, body, opts, signer);
        const target = String(req.headers['x-amz-target'] ?? '');
        const operation = target.startsWith('secretsmanager.')
          ? operations[target.slice('secretsmanager.'.length)]
          : undefined;
        if (req.method !== 'POST' || !operation) throw new ServiceError('UnknownOperationException', '');
        // a fault switched on: "InternalServiceError: An error occurred on the server side" (500) or
        // ThrottlingException (400), Secrets Manager API reference, Common Errors
        const fault = takeFault(
          opts.faultsFile,
          'secretsmanager',
          target.slice('secretsmanager.'.length),
          body.toString('utf8'),
        );
        if (fault?.error === 'ThrottlingException') throw new ServiceError('ThrottlingException', 'Rate exceeded');
        if (fault)
          throw new ServiceError('InternalServiceError', 'An error occurred on the server side (local fault).', 500);
        let input: unknown;
        try {
          input = JSON.parse(body.toString('utf8') || '{}');
        } catch {
          throw new ServiceError('SerializationException', 'Start of structure or map found where not expected.');
        }
        if (typeof input !== 'object' || input === null || Array.isArray(input))
          throw new ServiceError('SerializationException', 'Start of structure or map found where not expected.');
        send(200, operation(input as Input));
      })().catch((e: unknown) => {
        const err = e instanceof ServiceError ? e : new ServiceError('InternalServiceError', (e as Error).message, 500);
        send(err.status, { __type: err.type, message: err.message });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    currentValue: (secretId) => find(secretId)?.versions.find((v) => v.stages.includes(CURRENT))?.secretString ?? null,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
