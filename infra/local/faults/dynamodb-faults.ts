/**
 * DynamoDB's faults, raised inside the functions' DynamoDB client: DynamoDB Local cannot fail on
 * demand, so a middleware of the SDK client (installed with the IAM guard, on the same stack) plays
 * the service's part. It sits inside the SDK's retry middleware (step 'finalizeRequest', low
 * priority), so each attempt meets the fault and the SDK's own retries (standard mode, 3 attempts,
 * throttling back-off) behave as against DynamoDB.
 *
 * Two kinds of rule (fault-switch.ts):
 *  - an error for N calls or a while: 'ThrottlingException', 'ProvisionedThroughputExceededException',
 *    'InternalServerError', 'timeout' (a request that gets no answer in time: the SDK's
 *    TimeoutError). A throttled TransactWriteItems or TransactGetItems is cancelled the way
 *    DynamoDB cancels it: TransactionCanceledException with the reason 'ThrottlingError' on the
 *    throttled item ("ThrottlingError: Throughput exceeds the current capacity of your table or
 *    index", TransactWriteItems API reference, CancellationReasons);
 *  - 'partition_limits': the partition of the rule's key serves `capacity` units a second and
 *    throttles beyond: a write costs 1 unit per KB of the item (2 inside a transaction), a strongly
 *    consistent read 1 per 4 KB (half eventually consistent, 2 in a transaction); a write whose
 *    condition fails costs the same ("If a ConditionExpression evaluates to false, DynamoDB still
 *    consumes write capacity from the table", developer guide, "Condition expressions"). A
 *    throttled single-item request raises ProvisionedThroughputExceededException with the reason
 *    `TableWriteKeyRangeThroughputExceeded` (or Read), a BatchGetItem hands the throttled keys back
 *    in UnprocessedKeys, a transaction is cancelled with 'ThrottlingError'.
 */
import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { functionsFaultsFile, takeFault, activeFaults, faultMatches, type StoredFaultRule } from './fault-switch';
import { LOCAL_REGION } from '../local-aws';

type Input = Record<string, unknown>;
type Marshalled = Record<string, unknown>;

/** The message DynamoDB gives a throttled request. */
const THROTTLED_MESSAGE =
  'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html';

const metadata = () => ({ httpStatusCode: 400, requestId: `LOCALFAULT${Date.now()}` });

/** The parts of a request that address items: [kind, table, key or item, transactional, consistent]. */
interface ItemAccess {
  kind: 'read' | 'write';
  table: string;
  /** The marshalled key (or item) as sent. */
  key: Marshalled;
  transactional: boolean;
  consistent: boolean;
  /** The index of the part inside a transaction. */
  index: number;
}

/** Every item a low-level request addresses (queries and scans address none here: their partitions are not the item's). */
export function itemAccesses(operation: string, input: Input): ItemAccess[] {
  const table = String(input.TableName ?? '');
  const consistent = input.ConsistentRead === true;
  switch (operation) {
    case 'GetItem':
      return [{ kind: 'read', table, key: input.Key as Marshalled, transactional: false, consistent, index: 0 }];
    case 'PutItem':
      return [{ kind: 'write', table, key: input.Item as Marshalled, transactional: false, consistent, index: 0 }];
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ kind: 'write', table, key: input.Key as Marshalled, transactional: false, consistent, index: 0 }];
    case 'BatchGetItem':
      return Object.entries(
        (input.RequestItems ?? {}) as Record<string, { Keys?: Marshalled[]; ConsistentRead?: boolean }>,
      ).flatMap(([t, r]) =>
        (r.Keys ?? []).map((key, index) => ({
          kind: 'read' as const,
          table: t,
          key,
          transactional: false,
          consistent: r.ConsistentRead === true,
          index,
        })),
      );
    case 'TransactWriteItems':
      return (
        (input.TransactItems ?? []) as Record<string, { TableName?: string; Key?: Marshalled; Item?: Marshalled }>[]
      ).map((part, index) => {
        const op = (part.Put ?? part.Update ?? part.Delete ?? part.ConditionCheck)!;
        return {
          kind: 'write',
          table: String(op.TableName ?? ''),
          key: (op.Key ?? op.Item)!,
          transactional: true,
          consistent: true,
          index,
        };
      });
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as { Get: { TableName?: string; Key: Marshalled } }[]).map((part, index) => ({
        kind: 'read',
        table: String(part.Get.TableName ?? ''),
        key: part.Get.Key,
        transactional: true,
        consistent: true,
        index,
      }));
    default:
      return [];
  }
}

/** The partition key value of a marshalled key or item ('PRODUCT#…'). */
const partitionOf = (key: Marshalled): string => {
  const pk = key.PK as { S?: string } | undefined;
  return pk?.S ?? JSON.stringify(key);
};

/** Capacity units an access costs for an item of `itemBytes`. */
export function unitsOf(access: ItemAccess, itemBytes: number): number {
  if (access.kind === 'write') return Math.max(1, Math.ceil(itemBytes / 1024)) * (access.transactional ? 2 : 1);
  const strong = Math.max(1, Math.ceil(itemBytes / 4096));
  if (access.transactional) return strong * 2;
  return access.consistent ? strong : strong / 2;
}

/** Units used in the current second, per partition-limit rule. */
const used = new Map<string, { second: number; read: number; write: number }>();

/**
 * Whether `access` fits in the partition's capacity this second (and books it when it does).
 * Exported for the unit test.
 */
export function admitOnPartition(rule: StoredFaultRule, access: ItemAccess, now = Date.now()): boolean {
  const capacity = rule.capacity!;
  const second = Math.floor(now / 1000);
  let window = used.get(rule.id);
  if (!window || window.second !== second) {
    window = { second, read: 0, write: 0 };
    used.set(rule.id, window);
  }
  const units = unitsOf(access, capacity.itemBytes);
  const limit = access.kind === 'write' ? capacity.writeUnitsPerSecond : capacity.readUnitsPerSecond;
  if (window[access.kind] + units > limit) return false;
  window[access.kind] += units;
  return true;
}

const tableArn = (table: string) => `arn:aws:dynamodb:${LOCAL_REGION}:000000000000:table/${table}`;

function throttled(access: ItemAccess): ProvisionedThroughputExceededException {
  return new ProvisionedThroughputExceededException({
    message: THROTTLED_MESSAGE,
    $metadata: metadata(),
    ThrottlingReasons: [
      {
        reason:
          access.kind === 'write' ? 'TableWriteKeyRangeThroughputExceeded' : 'TableReadKeyRangeThroughputExceeded',
        resource: tableArn(access.table),
      },
    ],
  });
}

/** A transaction cancelled because the items at `throttledAt` were throttled. */
function cancelledByThrottling(count: number, throttledAt: Set<number>): TransactionCanceledException {
  const reasons: CancellationReason[] = Array.from({ length: count }, (_, i) =>
    throttledAt.has(i) ? { Code: 'ThrottlingError', Message: THROTTLED_MESSAGE } : { Code: 'None' },
  );
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    $metadata: metadata(),
    CancellationReasons: reasons,
  });
}

/** The error a switched-on error rule raises for this request. */
async function ruleError(rule: StoredFaultRule, operation: string, accesses: ItemAccess[]): Promise<Error> {
  if (rule.error === 'timeout') {
    await new Promise((resolve) => setTimeout(resolve, rule.holdMs ?? 3_000));
    return Object.assign(new Error('Local fault: the request timed out'), { name: 'TimeoutError', $metadata: {} });
  }
  if (rule.error === 'InternalServerError')
    return new InternalServerError({
      message: 'Internal server error (local fault)',
      $metadata: { httpStatusCode: 500 },
    });
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
    const hit = accesses.filter((a) => !rule.key || JSON.stringify(a.key).includes(rule.key)).map((a) => a.index);
    return cancelledByThrottling(accesses.length, new Set(hit.length ? hit : [0]));
  }
  if (rule.error === 'ThrottlingException')
    return new ThrottlingException({ message: THROTTLED_MESSAGE, $metadata: metadata() });
  return throttled(
    accesses[0] ?? { kind: 'write', table: '', key: {}, transactional: false, consistent: false, index: 0 },
  );
}

/** The serialized HTTP request the middleware can rewrite (a BatchGetItem without its throttled keys). */
interface JsonRequest {
  body?: unknown;
  headers: Record<string, string>;
}

/**
 * Applies the partition-limit rules to a request.
 * @returns an error to raise, the keys to hand back unprocessed (BatchGetItem), or null to go on
 */
function partitionLimits(
  rules: StoredFaultRule[],
  operation: string,
  accesses: ItemAccess[],
): { error: Error } | { unprocessed: ItemAccess[] } | null {
  const throttledAccesses: ItemAccess[] = [];
  for (const access of accesses) {
    const partition = partitionOf(access.key);
    const rule = rules.find((r) => faultMatches(r, 'dynamodb', operation, partition));
    if (rule && !admitOnPartition(rule, access)) throttledAccesses.push(access);
  }
  if (throttledAccesses.length === 0) return null;
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems')
    return { error: cancelledByThrottling(accesses.length, new Set(throttledAccesses.map((a) => a.index))) };
  if (operation === 'BatchGetItem' && throttledAccesses.length < accesses.length)
    return { unprocessed: throttledAccesses };
  return { error: throttled(throttledAccesses[0]!) };
}

/** Removes `unprocessed` keys from a serialized BatchGetItem. */
function withoutKeys(request: JsonRequest, unprocessed: ItemAccess[]): void {
  const body = JSON.parse(String(request.body)) as { RequestItems: Record<string, { Keys: Marshalled[] }> };
  for (const access of unprocessed) {
    const keys = body.RequestItems[access.table]!.Keys;
    body.RequestItems[access.table]!.Keys = keys.filter((k) => JSON.stringify(k) !== JSON.stringify(access.key));
    if (body.RequestItems[access.table]!.Keys.length === 0) delete body.RequestItems[access.table];
  }
  request.body = JSON.stringify(body);
  request.headers['content-length'] = String(Buffer.byteLength(request.body as string));
}

/** What the middleware needs of a client. */
interface FaultableClient {
  middlewareStack: {
    // Method syntax: the SDK's overloaded `add` is accepted (parameters compared bivariantly).
    add(
      middleware: (
        next: (args: { input: Input; request?: unknown }) => Promise<{ output: unknown; response?: unknown }>,
        context: { commandName?: string },
      ) => (args: { input: Input; request?: unknown }) => Promise<{ output: unknown; response?: unknown }>,
      options: { step: 'finalizeRequest'; priority: 'low'; name: string },
    ): void;
  };
}

const installed = new WeakSet<object>();

/**
 * Adds DynamoDB's faults to a functions' DynamoDB client (once per client). Inert while the
 * runtime's faults file (FAULTS_FILE_ENV) holds no DynamoDB rule.
 */
export function installDynamoDbFaults(client: FaultableClient): void {
  if (installed.has(client)) return;
  installed.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const file = functionsFaultsFile();
      const rules = file ? activeFaults(file).filter((r) => r.service === 'dynamodb') : [];
      if (rules.length === 0) return next(args);
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      const accesses = itemAccesses(operation, args.input);
      const errorRules = rules.filter((r) => r.error !== 'partition_limits');
      if (errorRules.length > 0) {
        const target = errorRules.some((r) => r.key) ? JSON.stringify(args.input) : '';
        const rule = takeFault(file, 'dynamodb', operation, target, (r) => r.error !== 'partition_limits');
        if (rule) throw await ruleError(rule, operation, accesses);
      }
      const limits = partitionLimits(
        rules.filter((r) => r.error === 'partition_limits' && r.capacity),
        operation,
        accesses,
      );
      if (!limits) return next(args);
      if ('error' in limits) throw limits.error;
      withoutKeys(args.request as JsonRequest, limits.unprocessed);
      const result = await next(args);
      const output = result.output as { UnprocessedKeys?: Record<string, { Keys: Marshalled[] }> };
      const asked = args.input.RequestItems as Record<string, { Keys: Marshalled[] }>;
      output.UnprocessedKeys ??= {};
      for (const access of limits.unprocessed) {
        // as DynamoDB hands them back: the table's request (projection, consistency) with the keys left
        const entry = (output.UnprocessedKeys[access.table] ??= { ...asked[access.table]!, Keys: [] });
        entry.Keys.push(access.key);
      }
      return result;
    },
    { step: 'finalizeRequest', priority: 'low', name: 'localDynamoDbFaults' },
  );
}
