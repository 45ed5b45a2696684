/**
 * The local stand-in of the functions' IAM roles: a function's SDK call outside its grants
 * (infra/stacks/function-permissions.ts) fails with AccessDeniedException before it leaves the
 * process, as IAM would refuse it in the cloud; code outside any invocation is not checked.
 */
import { DynamoDBClient, PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { AccessDeniedException, denialOf, dynamoActionsOf, guardClient, runAsFunction } from './iam-guard';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutCommand, QueryCommand as DocQueryCommand, TransactWriteCommand } from '../../../functions/lib/dynamo';

const BUCKETS = { images: 'aurum-product-images-local', files: 'aurum-product-files-local' };

describe('local IAM guard: decisions', () => {
  it('lets the public catalogue read but never write or scan', () => {
    expect(denialOf('catalog', 'dynamodb', 'GetItemCommand', {}, BUCKETS)).toBeNull();
    expect(denialOf('catalog', 'dynamodb', 'QueryCommand', { IndexName: 'GSI2' }, BUCKETS)).toBeNull();
    expect(denialOf('catalog', 'dynamodb', 'PutItemCommand', {}, BUCKETS)).toMatch(
      /aurum-catalog is not authorized to perform: dynamodb:PutItem .*function-permissions\.ts/,
    );
    expect(denialOf('catalog', 'dynamodb', 'ScanCommand', {}, BUCKETS)).toMatch(/dynamodb:Scan/);
  });

  it('needs the actions of every part of a transaction', () => {
    const fulfilment = { TransactItems: [{ Update: {} }, { Put: {} }, { Delete: {} }] };
    expect(dynamoActionsOf('TransactWriteItemsCommand', fulfilment)).toEqual({
      actions: ['UpdateItem', 'PutItem', 'DeleteItem'],
    });
    expect(denialOf('webhooks', 'dynamodb', 'TransactWriteItemsCommand', fulfilment, BUCKETS)).toBeNull();
    expect(denialOf('post-confirmation', 'dynamodb', 'TransactWriteItemsCommand', fulfilment, BUCKETS)).toMatch(
      /dynamodb:UpdateItem/,
    );
    const withCheck = { TransactItems: [{ Update: {} }, { ConditionCheck: {} }] };
    expect(denialOf('webhooks', 'dynamodb', 'TransactWriteItemsCommand', withCheck, BUCKETS)).toMatch(
      /dynamodb:ConditionCheckItem/,
    );
  });

  it('lets only the account function read the digital files', () => {
    expect(denialOf('account', 's3', 'GetObjectCommand', { Bucket: BUCKETS.files, Key: 'x.pdf' }, BUCKETS)).toBeNull();
    expect(denialOf('account', 's3', 'PutObjectCommand', { Bucket: BUCKETS.files, Key: 'x.pdf' }, BUCKETS)).toMatch(
      /s3:PutObject/,
    );
    for (const fn of ['catalog', 'cart', 'checkout', 'webhooks', 'admin'] as const) {
      expect(denialOf(fn, 's3', 'GetObjectCommand', { Bucket: BUCKETS.files, Key: 'x.pdf' }, BUCKETS), fn).toMatch(
        /s3:GetObject/,
      );
    }
  });

  it('keeps Cognito administration to the admin function and user reads to the pre-token trigger', () => {
    expect(denialOf('admin', 'cognito-idp', 'AdminDisableUserCommand', {}, BUCKETS)).toBeNull();
    expect(denialOf('webhooks', 'cognito-idp', 'AdminDisableUserCommand', {}, BUCKETS)).toMatch(
      /cognito-idp:AdminDisableUser/,
    );
    expect(denialOf('pre-token-generation', 'cognito-idp', 'AdminGetUserCommand', {}, BUCKETS)).toBeNull();
    expect(denialOf('pre-token-generation', 'cognito-idp', 'AdminDisableUserCommand', {}, BUCKETS)).toMatch(
      /AdminDisableUser/,
    );
  });

  it('lets the payment functions read the Stripe keys, only the admin write them, and the automations the supplier keys', () => {
    const payment = 'arn:aws:secretsmanager:eu-south-1:000000000000:secret:aurum-payment-local-Ab12Cd';
    const supplier = 'arn:aws:secretsmanager:eu-south-1:000000000000:secret:aurum-supplier-keys-local-Ef34Gh';
    const saved = { payment: process.env.PAYMENT_SECRET_ID, supplier: process.env.SUPPLIER_SECRET_ID };
    process.env.PAYMENT_SECRET_ID = payment;
    process.env.SUPPLIER_SECRET_ID = supplier;
    try {
      const call = (fn: Parameters<typeof denialOf>[0], command: string, secretId: string) =>
        denialOf(fn, 'secretsmanager', command, { SecretId: secretId }, BUCKETS);
      for (const fn of ['checkout', 'webhooks', 'release-reservations', 'admin'] as const)
        expect(call(fn, 'GetSecretValueCommand', payment), fn).toBeNull();
      expect(call('admin', 'PutSecretValueCommand', payment)).toBeNull();
      expect(call('checkout', 'PutSecretValueCommand', payment)).toMatch(/secretsmanager:PutSecretValue/);
      expect(call('catalog', 'GetSecretValueCommand', payment)).toMatch(
        /aurum-catalog is not authorized to perform: secretsmanager:GetSecretValue on resource: arn:aws:secretsmanager/,
      );
      // By name, as IAM resolves it to the same ARN.
      expect(call('admin', 'GetSecretValueCommand', 'aurum-payment-local')).toBeNull();
      expect(call('automations', 'PutSecretValueCommand', supplier)).toBeNull();
      expect(call('stock-sync', 'GetSecretValueCommand', supplier)).toBeNull();
      expect(call('stock-sync', 'PutSecretValueCommand', supplier)).toMatch(/secretsmanager:PutSecretValue/);
      expect(call('automations', 'GetSecretValueCommand', payment)).toMatch(/secretsmanager:GetSecretValue/);
      expect(call('admin', 'GetSecretValueCommand', supplier)).toMatch(/secretsmanager:GetSecretValue/);
      // No function may describe or create secrets, nor read one that is not the stage's.
      expect(call('admin', 'DescribeSecretCommand', payment)).toMatch(/secretsmanager:DescribeSecret/);
      expect(call('admin', 'GetSecretValueCommand', 'another-secret')).toMatch(/secretsmanager:GetSecretValue/);
    } finally {
      for (const [name, value] of [
        ['PAYMENT_SECRET_ID', saved.payment],
        ['SUPPLIER_SECRET_ID', saved.supplier],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});

describe('local IAM guard: on a real SDK client', () => {
  // Nothing listens there: a call that passes the guard fails on the network instead.
  const client = new DynamoDBClient({
    endpoint: 'http://127.0.0.1:9',
    region: 'eu-south-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
  guardClient(client, 'dynamodb', BUCKETS);
  const put = new PutItemCommand({ TableName: 't', Item: { PK: { S: 'a' }, SK: { S: 'b' } } });

  it('refuses a call outside the running function’s grants before it is sent', async () => {
    await expect(runAsFunction('catalog', () => client.send(put))).rejects.toBeInstanceOf(AccessDeniedException);
    await expect(runAsFunction('catalog', () => client.send(new ScanCommand({ TableName: 't' })))).rejects.toThrow(
      /dynamodb:Scan/,
    );
    await expect(
      runAsFunction('account', () =>
        client.send(
          new QueryCommand({
            TableName: 't',
            IndexName: 'GSI9',
            KeyConditionExpression: 'a = :a',
            ExpressionAttributeValues: { ':a': { S: 'x' } },
          }),
        ),
      ),
    ).rejects.toThrow(/index\/GSI9/);
  });

  it('lets allowed calls and calls outside any function through to the service', async () => {
    const networkError = (e: unknown) => (e as Error).name !== 'AccessDeniedException';
    await expect(runAsFunction('account', () => client.send(put)).catch((e: unknown) => networkError(e))).resolves.toBe(
      true,
    );
    await expect(client.send(put).catch((e: unknown) => networkError(e))).resolves.toBe(true);
  });
});

describe("local IAM guard: on a document client, as the functions' (functions/lib/dynamo.ts)", () => {
  // Nothing listens there: a call that passes the guard fails on the network instead.
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: 'http://127.0.0.1:9',
      region: 'eu-south-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    }),
  );
  guardClient(client, 'dynamodb', BUCKETS);
  const put = new PutCommand({ TableName: 't', Item: { PK: 'a', SK: 'b' } });

  it('refuses a call outside the running function’s grants before it is sent', async () => {
    await expect(runAsFunction('catalog', () => client.send(put))).rejects.toBeInstanceOf(AccessDeniedException);
    await expect(
      runAsFunction('catalog', () =>
        client.send(
          new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { PK: 'a', SK: 'b' } } }] }),
        ),
      ),
    ).rejects.toThrow(/dynamodb:PutItem/);
    await expect(
      runAsFunction('account', () =>
        client.send(
          new DocQueryCommand({
            TableName: 't',
            IndexName: 'GSI9',
            KeyConditionExpression: 'a = :a',
            ExpressionAttributeValues: { ':a': 'x' },
          }),
        ),
      ),
    ).rejects.toThrow(/index\/GSI9/);
  });

  it('lets allowed calls and calls outside any function through to the service', async () => {
    const networkError = (e: unknown) => (e as Error).name !== 'AccessDeniedException';
    await expect(runAsFunction('account', () => client.send(put)).catch((e: unknown) => networkError(e))).resolves.toBe(
      true,
    );
    await expect(client.send(put).catch((e: unknown) => networkError(e))).resolves.toBe(true);
  });
});
