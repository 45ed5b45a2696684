/**
 * Stands up the resources the CDK stacks define, on the local stand-ins, from the same
 * definitions (infra/definitions.ts): the single table with its GSIs, the buckets (created by
 * s3rver), the user pool, its SPA app client and its groups, and the stage's two secrets.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  UpdateUserPoolCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  ResourceNotFoundException as SecretNotFound,
  GetSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_SECRET, PAYMENT_SECRET, SUPPLIER_SECRET, TABLE, USER_POOL } from '../definitions';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';

/** Attribute definitions of the table's keys and of the given GSIs. */
function attributeDefinitions(gsis: typeof TABLE.globalSecondaryIndexes) {
  const attrs = new Map<string, 'S' | 'N'>();
  for (const k of [TABLE.partitionKey, TABLE.sortKey, ...gsis.flatMap((g) => [g.partitionKey, g.sortKey])])
    attrs.set(k.name, k.type);
  return [...attrs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

function gsiOf(g: (typeof TABLE.globalSecondaryIndexes)[number]): GlobalSecondaryIndex {
  return {
    IndexName: g.indexName,
    KeySchema: [
      { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

/** Waits until every GSI of the table is ACTIVE (a new index is queryable only then, locally as in the cloud). */
async function waitForActiveIndexes(client: DynamoDBClient, name: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const out = await client.send(new DescribeTableCommand({ TableName: name }));
    if ((out.Table?.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name}: indexes still not active after 60 s`);
}

/** The table's stream (TABLE.streamViewType), as CreateTable and UpdateTable take it. */
const STREAM_SPECIFICATION = { StreamEnabled: true, StreamViewType: TABLE.streamViewType } as const;

/**
 * Creates the table in DynamoDB Local when it does not exist (keys, GSIs and stream from TABLE);
 * on an existing table (a data folder from an earlier version), adds the GSIs TABLE has and it
 * lacks, one UpdateTable each, and turns its stream on, as a deploy does in the cloud.
 * @returns created: true when the table was created now; addedIndexes: GSIs added to an existing
 *   table; streamArn: the ARN of the table's stream (the local stream poller reads it)
 */
export async function ensureTable(
  endpoint: string,
  name: string,
): Promise<{ created: boolean; addedIndexes: string[]; streamArn: string }> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: name }));
    let streamArn = existing.Table?.LatestStreamArn;
    if (!existing.Table?.StreamSpecification?.StreamEnabled) {
      const updated = await client.send(
        new UpdateTableCommand({ TableName: name, StreamSpecification: STREAM_SPECIFICATION }),
      );
      streamArn = updated.TableDescription?.LatestStreamArn;
    }
    const have = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    const missing = TABLE.globalSecondaryIndexes.filter((g) => !have.has(g.indexName));
    for (const g of missing) {
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: attributeDefinitions([g]),
          GlobalSecondaryIndexUpdates: [{ Create: gsiOf(g) }],
        }),
      );
      await waitForActiveIndexes(client, name);
    }
    client.destroy();
    if (!streamArn) throw new Error(`${name}: DynamoDB Local gave the table no stream`);
    return { created: false, addedIndexes: missing.map((g) => g.indexName), streamArn };
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
  const created = await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: STREAM_SPECIFICATION,
      AttributeDefinitions: attributeDefinitions(TABLE.globalSecondaryIndexes),
      KeySchema: [
        { AttributeName: TABLE.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map(gsiOf),
    }),
  );
  client.destroy();
  const streamArn = created.TableDescription?.LatestStreamArn;
  if (!streamArn) throw new Error(`${name}: DynamoDB Local gave the table no stream`);
  return { created: true, addedIndexes: [], streamArn };
}

export interface LocalUserPool {
  userPoolId: string;
  userPoolClientId: string;
}

/** A Cognito client for cognito-local. */
export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/**
 * The local pool's settings, as the auth stack sets them: email verification, optional MFA, the
 * password rule, and no self sign-up (the shop creates accounts, POST /api/signup).
 */
const POOL_SETTINGS = {
  AutoVerifiedAttributes: ['email' as const],
  MfaConfiguration: 'OPTIONAL' as const,
  Policies: {
    PasswordPolicy: {
      MinimumLength: USER_POOL.passwordPolicy.minLength,
      RequireLowercase: USER_POOL.passwordPolicy.requireLowercase,
      RequireUppercase: USER_POOL.passwordPolicy.requireUppercase,
      RequireNumbers: USER_POOL.passwordPolicy.requireDigits,
      RequireSymbols: USER_POOL.passwordPolicy.requireSymbols,
    },
  },
  AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
};

/**
 * Reuses the user pool recorded in `existing` when cognito-local still has it; otherwise creates
 * the pool (email usernames, MFA optional), the SPA client and the groups from USER_POOL.
 */
export async function ensureUserPool(
  endpoint: string,
  stage: string,
  existing: LocalUserPool | null,
): Promise<{ pool: LocalUserPool; created: boolean }> {
  const client = localCognitoClient(endpoint);
  if (existing) {
    try {
      const described = await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      // a pool created before self sign-up was closed: close it as the cloud pool is
      if (described.UserPool?.AdminCreateUserConfig?.AllowAdminCreateUserOnly !== true)
        await client.send(new UpdateUserPoolCommand({ UserPoolId: existing.userPoolId, ...POOL_SETTINGS }));
      await ensureGroups(client, existing.userPoolId);
      return { pool: existing, created: false };
    } catch {
      /* pool gone (data wiped): create anew */
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: `${USER_POOL.baseName}-${stage}`,
      UsernameAttributes: ['email'],
      ...POOL_SETTINGS,
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: `${USER_POOL.clientBaseName}-${stage}`,
      // ADMIN_USER_PASSWORD_AUTH: the server checks a password typed again ('Elimina account'), as in the cloud
      ExplicitAuthFlows: [
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ],
      AccessTokenValidity: USER_POOL.localTokenMinutes,
      IdTokenValidity: USER_POOL.localTokenMinutes,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      RefreshTokenValidity: USER_POOL.refreshTokenDays,
      WriteAttributes: [...USER_POOL.clientWriteAttributes],
    }),
  );
  await ensureGroups(client, userPoolId);
  return { pool: { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! }, created: true };
}

async function ensureGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const existing = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const names = new Set((existing.Groups ?? []).map((g) => g.GroupName));
  for (const g of USER_POOL.groups) {
    if (!names.has(g.name)) {
      await client.send(
        new CreateGroupCommand({
          UserPoolId: userPoolId,
          GroupName: g.name,
          Description: g.description,
          Precedence: g.precedence,
        }),
      );
    }
  }
}

/**
 * The value the local origin sends in the origin-verify header, read once at start as CloudFront
 * resolves it when the distribution is deployed.
 */
export async function originVerifyValue(endpoint: string, secretArn: string): Promise<string> {
  const client = new SecretsManagerClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    const current = (JSON.parse(SecretString ?? '{}') as { current?: string }).current;
    if (!current) throw new Error(`the origin-verify secret ${secretArn} has no 'current' value`);
    return current;
  } finally {
    client.destroy();
  }
}

/** The ARNs of the stage's secrets (what the functions get as PAYMENT_SECRET_ID and SUPPLIER_SECRET_ID). */
export interface LocalSecrets {
  payment: string;
  supplierKeys: string;
  /** The origin-verify secret (`{ current }`, generated as the data stack generates it). */
  originVerify: string;
}

/**
 * Creates the stage's secrets in the Secrets Manager stand-in when missing, holding `{}` as the CDK
 * stacks create them. A data folder from before the stand-in kept the keys in a file
 * (`secrets.json`, `supplier-secrets.json`): its content becomes the secret's first value and the
 * file goes, so the keys the admin saved survive the upgrade.
 * @returns the secrets' ARNs
 */
export async function ensureSecrets(endpoint: string, stage: string, dataDir: string): Promise<LocalSecrets> {
  const client = new SecretsManagerClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const ensure = async (baseName: string, legacyFile: string, fresh = '{}'): Promise<string> => {
    const name = `${baseName}-${stage}`;
    try {
      return (await client.send(new DescribeSecretCommand({ SecretId: name }))).ARN!;
    } catch (e) {
      if (!(e instanceof SecretNotFound)) throw e;
    }
    const legacy = path.join(dataDir, legacyFile);
    const initial = fs.existsSync(legacy) ? fs.readFileSync(legacy, 'utf8').trim() || '{}' : fresh;
    const { ARN } = await client.send(new CreateSecretCommand({ Name: name, SecretString: initial }));
    fs.rmSync(legacy, { force: true });
    return ARN!;
  };
  try {
    return {
      payment: await ensure(PAYMENT_SECRET.baseName, 'secrets.json'),
      supplierKeys: await ensure(SUPPLIER_SECRET.baseName, 'supplier-secrets.json'),
      originVerify: await ensure(
        ORIGIN_VERIFY_SECRET.baseName,
        'origin-verify.json',
        JSON.stringify({ current: randomBytes(24).toString('hex') }),
      ),
    };
  } finally {
    client.destroy();
  }
}
