/**
 * Faults on demand for the local stand-ins: a test (or a person trying the shop) switches a
 * dependency into failing for N calls or for a while, and the stand-in answers in that service's
 * own error shape (service-errors.ts). The switches live in one JSON file of the runtime's data
 * folder (`faults.json`), read at each request, so any process can set them: a test worker, the
 * runtime that serves the stand-ins, a person with an editor.
 *
 * A rule names the service, optionally the operation and a key (a substring of what the request
 * targets: a DynamoDB partition key, an S3 object key, a Stripe path), the error to answer and how
 * long: `times` calls (each matching request uses one up) and/or `until` (epoch ms). Without either
 * it lasts until cleared. The first matching rule wins.
 *
 * Who reads the file: the Stripe stand-in (its API and its webhook sender), the DynamoDB and
 * Secrets Manager SDK clients of the functions (a middleware inside the SDK's retries, the same
 * hook as the IAM guard: DynamoDB Local itself cannot fail on demand), s3rver (a middleware before
 * its routes), the SMTP gate before MailDev, the SNS stand-in, the Cognito proxy and the fake supplier.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The services a fault can be switched on for. */
export type FaultService =
  | 'stripe'
  /** The Stripe stand-in's webhook deliveries ('drop': never delivered, as with a disabled endpoint). */
  | 'stripe-webhooks'
  | 'dynamodb'
  | 's3'
  | 'smtp'
  | 'sns'
  | 'cognito'
  | 'secretsmanager'
  | 'supplier';

/** One switch. */
export interface FaultRule {
  service: FaultService;
  /**
   * The operation it applies to, compared with the request's: the API action for AWS services
   * ('TransactWriteItems', 'PutObject', 'Publish', 'InitiateAuth', 'GetSecretValue'), `METHOD
   * /path-prefix` for Stripe and the supplier ('POST /v1/refunds', 'GET /api/stock'). A trailing
   * `*` matches any operation starting with the rest. Absent: every operation.
   */
  operation?: string;
  /** A substring of the request's target (DynamoDB key values, S3 object key, URL path); absent: any. */
  key?: string;
  /**
   * What to answer: an error of the service (service-errors.ts: 'api_error', 'rate_limit',
   * 'ThrottlingException', 'ProvisionedThroughputExceededException', 'SlowDown', 'InternalError',
   * '421', 'InternalErrorException', 'TooManyRequestsException', '503', ...), 'timeout' (the request
   * is taken, for Stripe carried out, and no answer ever comes: the connection is dropped after
   * `holdMs`), or 'drop' (webhooks: not delivered).
   */
  error: string;
  /** Matching requests left; absent: no count. */
  times?: number;
  /** Epoch ms after which the rule is gone; absent: no end. */
  until?: number;
  /** 'timeout' only: how long the connection is held before it is dropped, ms (default 60 s, beyond every client's timeout). */
  holdMs?: number;
  /**
   * DynamoDB 'partition_limits' only: the throughput one partition serves, and the size of the
   * item the rule's key names (its capacity units follow from it). DynamoDB: "each individual
   * partition is limited to 1,000 write units per second and 3,000 read units per second".
   */
  capacity?: PartitionCapacity;
}

/** What a partition serves per second, and the size of the hot item. */
export interface PartitionCapacity {
  writeUnitsPerSecond: number;
  readUnitsPerSecond: number;
  /** Bytes of the item (1 write unit per KB, 1 strongly consistent read unit per 4 KB). */
  itemBytes: number;
}

/** DynamoDB's per-partition limits (DynamoDB developer guide, "Warm throughput and uneven access patterns"). */
export const DYNAMODB_PARTITION_LIMITS = { writeUnitsPerSecond: 1000, readUnitsPerSecond: 3000 } as const;

/** A rule as stored (with the id that clears it alone). */
export interface StoredFaultRule extends FaultRule {
  id: string;
}

/** The environment variable naming the faults file (set by the local runtime for its functions). */
export const FAULTS_FILE_ENV = 'AURUM_LOCAL_FAULTS';

/** The faults file of the runtime whose data folder is `dataDir`. */
export const faultsFile = (dataDir: string): string => path.join(dataDir, 'faults.json');

function read(file: string): StoredFaultRule[] {
  try {
    const rules = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(rules) ? (rules as StoredFaultRule[]) : [];
  } catch {
    return [];
  }
}

function write(file: string, rules: StoredFaultRule[]): void {
  if (rules.length === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  // through a temporary file: a reader in another process never sees half a file
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(rules));
  fs.renameSync(tmp, file);
}

let sequence = 0;

/**
 * Switches a fault on.
 * @returns the rule's id (for clearFault)
 */
export function injectFault(file: string, rule: FaultRule): string {
  const id = `${process.pid}-${Date.now()}-${++sequence}`;
  write(file, [...read(file), { ...rule, id }]);
  return id;
}

/** Switches off one rule, or every rule (of `service`, when given). */
export function clearFaults(file: string, which: { id?: string; service?: FaultService } = {}): void {
  if (!which.id && !which.service) {
    write(file, []);
    return;
  }
  write(
    file,
    read(file).filter((r) => (which.id ? r.id !== which.id : r.service !== which.service)),
  );
}

/** The rules switched on now (expired ones left out). */
export function activeFaults(file: string, now = Date.now()): StoredFaultRule[] {
  return read(file).filter((r) => (r.until === undefined || r.until > now) && (r.times === undefined || r.times > 0));
}

/** Whether `rule` applies to a request of `operation` on `target`. */
export function faultMatches(rule: FaultRule, service: FaultService, operation: string, target: string): boolean {
  if (rule.service !== service) return false;
  if (rule.operation) {
    const wanted = rule.operation;
    const ok = wanted.endsWith('*') ? operation.startsWith(wanted.slice(0, -1)) : operation === wanted;
    if (!ok) return false;
  }
  return !rule.key || target.includes(rule.key);
}

/**
 * The fault a request meets now, using one of its `times` up; null when none applies. Cheap when
 * no fault is on (one failed file read).
 * @param file the faults file (null: faults off, e.g. outside the local runtime)
 * @param target what the request targets, searched for the rule's `key`
 * @param accept which rules this caller answers (e.g. not DynamoDB's partition limits)
 */
export function takeFault(
  file: string | null | undefined,
  service: FaultService,
  operation: string,
  target = '',
  accept: (rule: StoredFaultRule) => boolean = () => true,
): StoredFaultRule | null {
  if (!file || !fs.existsSync(file)) return null;
  const now = Date.now();
  const rules = read(file);
  const live = rules.filter((r) => (r.until === undefined || r.until > now) && (r.times === undefined || r.times > 0));
  const hit = live.find((r) => accept(r) && faultMatches(r, service, operation, target));
  if (hit?.times !== undefined) hit.times -= 1;
  if (hit || live.length !== rules.length) write(file, live);
  return hit ?? null;
}

/** The faults file the functions of this process use (FAULTS_FILE_ENV), or null. */
export function functionsFaultsFile(): string | null {
  return process.env[FAULTS_FILE_ENV] || null;
}
