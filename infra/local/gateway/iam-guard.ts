/**
 * The local stand-in of each function's IAM role: every AWS SDK call a function makes locally
 * (DynamoDB, S3, Cognito, Secrets Manager) is checked against its FUNCTION_PERMISSIONS entry
 * (infra/stacks/function-permissions.ts), the same entry the CDK stacks turn into IAM policies. A
 * call its role would not allow fails with AccessDeniedException, as in the cloud, so a missing
 * grant shows up in `npm start` and in the tests instead of after a deployment.
 *
 * All functions share one process locally; which function is running comes from an
 * AsyncLocalStorage set around each invocation (runAsFunction: API adapter, Lambda-invoke stand-in,
 * scheduled sweep). Code outside any invocation (bootstrap, seeding, tests calling repositories
 * directly) is not checked.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  FUNCTION_PERMISSIONS,
  PAYMENT_SECRET_ENV,
  type BundleName,
  type FunctionPermissions,
  type TableAction,
} from '../../stacks/function-permissions';
import { AUTOMATIONS_ENV, BUCKETS } from '../../definitions';
import { ORIGIN_VERIFY_SECRET_ENV } from '../../../functions/lib/origin-verify';
import { installDynamoDbFaults } from '../faults/dynamodb-faults';

const current = new AsyncLocalStorage<BundleName>();

/** Runs `fn` as the function `name`: its SDK calls are checked against that function's grants. */
export function runAsFunction<T>(name: BundleName, fn: () => Promise<T>): Promise<T> {
  return current.run(name, fn);
}

/** The function running in this async context, if any. */
export function currentFunction(): BundleName | undefined {
  return current.getStore();
}

/** The error the SDK raises when IAM denies a call. */
export class AccessDeniedException extends Error {
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
  constructor(message: string) {
    super(message);
    this.name = 'AccessDeniedException';
  }
}

type Input = Record<string, unknown>;

/** The table actions a DynamoDB command needs (a transaction needs the actions of its parts). */
export function dynamoActionsOf(command: string, input: Input): { actions: TableAction[] | 'Scan'; index?: string } {
  const op = command.replace(/Command$/, '');
  switch (op) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return { actions: [op] };
    case 'Query':
      return { actions: ['Query'], ...(typeof input.IndexName === 'string' ? { index: input.IndexName } : {}) };
    case 'TransactGetItems':
      return { actions: ['GetItem'] };
    case 'TransactWriteItems': {
      const parts = (input.TransactItems as Input[] | undefined) ?? [];
      const actions = new Set<TableAction>();
      for (const part of parts) {
        if (part.Put) actions.add('PutItem');
        if (part.Update) actions.add('UpdateItem');
        if (part.Delete) actions.add('DeleteItem');
        if (part.ConditionCheck) actions.add('ConditionCheckItem');
      }
      return { actions: [...actions] };
    }
    case 'Scan':
      return { actions: 'Scan' };
    default:
      return { actions: [op as TableAction] };
  }
}

/** The IAM action an S3 API operation is authorised by, where the two names differ. */
const S3_IAM_ACTION: Record<string, string> = {
  HeadObject: 'GetObject',
  DeleteObjects: 'DeleteObject',
  ListObjectsV2: 'ListBucket',
  ListObjects: 'ListBucket',
};

/**
 * Cognito's unauthenticated operations, which IAM does not govern: "Amazon Cognito doesn't
 * evaluate AWS Identity and Access Management (IAM) policies in requests for this API operation.
 * For this operation, you can't use IAM credentials to authorize requests, and you can't grant IAM
 * permissions in policies." (Cognito API reference, SignUp and ResendConfirmationCode).
 */
const PUBLIC_COGNITO_OPERATIONS = new Set(['SignUp', 'ResendConfirmationCode']);

/**
 * Why `name` may not make this call, or null when its grants allow it.
 * @param service 'dynamodb' | 's3' | 'cognito-idp' | 'secretsmanager' (a secret is recognised by the
 *   PAYMENT_SECRET_ID and SUPPLIER_SECRET_ID the functions get)
 * @param command the SDK command name, e.g. 'PutItemCommand'
 * @param buckets physical bucket names by BUCKETS key (the local runtime's)
 */
export function denialOf(
  name: BundleName,
  service: string,
  command: string,
  input: Input,
  buckets: Record<string, string>,
): string | null {
  const p: FunctionPermissions = FUNCTION_PERMISSIONS[name];
  const op = command.replace(/Command$/, '');
  const deny = (action: string, resource: string) =>
    `User: aurum-${name} is not authorized to perform: ${action} on resource: ${resource} (grants: infra/stacks/function-permissions.ts)`;
  if (service === 'dynamodb') {
    const { actions, index } = dynamoActionsOf(command, input);
    if (actions === 'Scan') return deny('dynamodb:Scan', 'table');
    // A Query on a GSI needs the index's grant (a resource of its own in IAM), not the table's.
    if (index)
      return (p.indexes as readonly string[] | undefined)?.includes(index)
        ? null
        : deny('dynamodb:Query', `table/index/${index}`);
    for (const action of actions) if (!p.table?.includes(action)) return deny(`dynamodb:${action}`, 'table');
    return null;
  }
  if (service === 's3') {
    const key = Object.entries(buckets).find(([, physical]) => physical === input.Bucket)?.[0] as
      keyof typeof BUCKETS | undefined;
    const action = S3_IAM_ACTION[op] ?? op;
    if (action === 'ListBucket')
      return key && p.listBuckets?.includes(key) ? null : deny('s3:ListBucket', String(input.Bucket));
    const granted = key ? (p.buckets?.[key] as readonly string[] | undefined) : undefined;
    // CopyObject within a bucket: s3:GetObject on the source and s3:PutObject on the copy
    const needed = op === 'CopyObject' ? ['GetObject', 'PutObject'] : [action];
    const missing = needed.find((a) => !granted?.includes(a));
    return missing ? deny(`s3:${missing}`, `${String(input.Bucket)}/*`) : null;
  }
  if (service === 'cognito-idp') {
    if (PUBLIC_COGNITO_OPERATIONS.has(op)) return null;
    return (p.cognito as readonly string[] | undefined)?.includes(op) ? null : deny(`cognito-idp:${op}`, 'userpool');
  }
  if (service === 'secretsmanager') {
    const secretId = String(input.SecretId ?? '');
    const secret = secretNamed(secretId);
    const access = secret ? (p as FunctionPermissions)[secret] : undefined;
    const allowed = op === 'GetSecretValue' ? Boolean(access) : op === 'PutSecretValue' && access === 'readWrite';
    return allowed ? null : deny(`secretsmanager:${op}`, secretId || '*');
  }
  return deny(`${service}:${op}`, '*');
}

/**
 * Which of the stage's secrets an id names (by the ARN the function is given, or the name in it),
 * from the environment variables the CDK stacks set: IAM checks the secret's ARN the same way.
 */
function secretNamed(secretId: string): 'paymentSecret' | 'supplierSecret' | 'originVerifySecret' | null {
  const named = (arn: string | undefined) =>
    Boolean(arn) && (secretId === arn || secretId === /:secret:(.+)-[A-Za-z0-9]{6}$/.exec(arn!)?.[1]);
  if (named(process.env[PAYMENT_SECRET_ENV])) return 'paymentSecret';
  if (named(process.env[AUTOMATIONS_ENV.supplierSecretId])) return 'supplierSecret';
  if (named(process.env[ORIGIN_VERIFY_SECRET_ENV])) return 'originVerifySecret';
  return null;
}

/** A middleware of the SDK's 'initialize' step, reduced to what the guard reads. */
type GuardMiddleware = (
  next: (args: { input: Record<string, unknown> }) => Promise<unknown>,
  context: { commandName?: string },
) => (args: { input: Record<string, unknown> }) => Promise<unknown>;

/** What the guard needs of a client: an SDK v3 client, or a document client (its DynamoDBClient's stack). */
interface GuardableClient {
  middlewareStack: {
    // Method syntax on purpose: the SDK's overloaded `add` is accepted (parameters compared bivariantly).
    add(middleware: GuardMiddleware, options: { step: 'initialize'; name: string }): void;
  };
}

const guarded = new WeakSet<object>();

/**
 * Adds the check to an SDK client (once per client).
 * @param service the IAM service prefix of the client
 * @param buckets physical bucket names by BUCKETS key
 */
export function guardClient(
  client: GuardableClient,
  service: 'dynamodb' | 's3' | 'cognito-idp' | 'secretsmanager',
  buckets: Record<string, string>,
): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  // DynamoDB Local cannot fail on demand: its faults are raised on the same client (faults/).
  if (service === 'dynamodb') installDynamoDbFaults(client as unknown as Parameters<typeof installDynamoDbFaults>[0]);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = current.getStore();
      if (name) {
        const denial = denialOf(name, service, String(context.commandName ?? ''), args.input as Input, buckets);
        if (denial) throw new AccessDeniedException(denial);
      }
      return next(args);
    },
    { step: 'initialize', name: 'localIamGuard' },
  );
}
