/**
 * The functions' DynamoDB client (the SDK's document client as functions/lib/dynamo.ts configures
 * it) against DynamoDB Local: native values round-trip (numbers, sets, nested maps, undefined
 * attributes dropped), pages and batches come back unmarshalled, refused conditions and cancelled
 * transactions raise the SDK's errors with their details, invalid input is refused without a
 * write, a middleware on its stack sees each call's document input by its low-level command name,
 * and the Powertools tracer records a subsegment per call once it loads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import AWSXRay, { Segment } from 'aws-xray-sdk-core';
import {
  BatchGetCommand,
  BatchWriteCommand,
  ConditionalCheckFailedException,
  ddb,
  DeleteCommand,
  DynamoDBServiceException,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from './dynamo';
import { loadTracer, registeredClients } from './observability';
import { useLocalEnv } from '../../test/support/invoke';
import { deleteItems } from '../../test/support/cleanup';
import { env } from './env';

useLocalEnv();
const partition = `TEST#dynamo-client-${randomUUID()}`;
const key = (sk: string) => ({ PK: partition, SK: sk });
const written: { PK: string; SK: string }[] = [];
const TableName = () => env.tableName;

async function put(item: Record<string, unknown>): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TableName(), Item: item }));
  written.push({ PK: item.PK as string, SK: item.SK as string });
}

afterAll(() => deleteItems(written));

describe('DynamoDB client', () => {
  it('writes and reads native values: numbers, sets, nested maps and lists; undefined attributes dropped', async () => {
    const item = {
      ...key('A'),
      price_cents: 12_990,
      ratio: 0.25,
      tags: new Set(['oro', 'nero']),
      nested: { list: [1, 'due', { tre: true }], empty: null },
      gone: undefined,
    };
    await put(item);
    const { Item } = await ddb.send(new GetCommand({ TableName: TableName(), Key: key('A') }));
    expect(Item).toEqual({
      ...key('A'),
      price_cents: 12_990,
      ratio: 0.25,
      tags: new Set(['oro', 'nero']),
      nested: { list: [1, 'due', { tre: true }], empty: null },
    });
    expect(Item).not.toHaveProperty('gone');
    expect((await ddb.send(new GetCommand({ TableName: TableName(), Key: key('missing') }))).Item).toBeUndefined();
  });

  it('updates with expression values and returns the new item; deletes returning the old one', async () => {
    await put({ ...key('U'), stock: 5 });
    const updated = await ddb.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: key('U'),
        UpdateExpression: 'SET stock = stock - :n',
        ConditionExpression: 'stock >= :n',
        ExpressionAttributeValues: { ':n': 2 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(updated.Attributes).toEqual({ ...key('U'), stock: 3 });
    const deleted = await ddb.send(
      new DeleteCommand({ TableName: TableName(), Key: key('U'), ReturnValues: 'ALL_OLD' }),
    );
    expect(deleted.Attributes).toEqual({ ...key('U'), stock: 3 });
  });

  it('pages a Query with LastEvaluatedKey given back as ExclusiveStartKey', async () => {
    for (const sk of ['P1', 'P2', 'P3']) await put({ ...key(sk), n: Number(sk.slice(1)) });
    const page = (start?: Record<string, unknown>) =>
      ddb.send(
        new QueryCommand({
          TableName: TableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': partition, ':p': 'P' },
          Limit: 2,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
    const first = await page();
    expect(first.Items?.map((i) => i.n)).toEqual([1, 2]);
    expect(first.LastEvaluatedKey).toEqual(key('P2'));
    const second = await page(first.LastEvaluatedKey);
    expect(second.Items?.map((i) => i.n)).toEqual([3]);
    expect(second.LastEvaluatedKey).toBeUndefined();
  });

  it('batches writes and reads', async () => {
    const items = ['B1', 'B2'].map((sk) => ({ ...key(sk), name: sk }));
    const out = await ddb.send(
      new BatchWriteCommand({ RequestItems: { [TableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }),
    );
    written.push(...items.map((i) => key(i.SK)));
    expect(out.UnprocessedItems ?? {}).toEqual({});
    const read = await ddb.send(
      new BatchGetCommand({ RequestItems: { [TableName()]: { Keys: [key('B1'), key('B2'), key('none')] } } }),
    );
    expect(read.Responses?.[TableName()]?.map((i) => i.name).sort()).toEqual(['B1', 'B2']);
    await ddb.send(new BatchWriteCommand({ RequestItems: { [TableName()]: [{ DeleteRequest: { Key: key('B1') } }] } }));
    expect((await ddb.send(new GetCommand({ TableName: TableName(), Key: key('B1') }))).Item).toBeUndefined();
  });

  it('raises ConditionalCheckFailedException for a refused condition, with the old item when asked, and writes nothing', async () => {
    await put({ ...key('C'), version: 1 });
    const refused = await ddb
      .send(
        new PutCommand({
          TableName: TableName(),
          Item: { ...key('C'), version: 2 },
          ConditionExpression: 'attribute_not_exists(PK)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConditionalCheckFailedException);
    expect(refused).toMatchObject({
      name: 'ConditionalCheckFailedException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    expect((refused as ConditionalCheckFailedException).Item).toEqual({
      PK: { S: partition },
      SK: { S: 'C' },
      version: { N: '1' },
    });
    expect((await ddb.send(new GetCommand({ TableName: TableName(), Key: key('C') }))).Item?.version).toBe(1);
  });

  it('runs transactions, and a cancelled one raises TransactionCanceledException with a reason per item, writing nothing', async () => {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TableName(), Item: { ...key('T1'), n: 1 } } },
          { Put: { TableName: TableName(), Item: { ...key('T2'), n: 2 } } },
        ],
      }),
    );
    written.push(key('T1'), key('T2'));
    const got = await ddb.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TableName(), Key: key('T1') } },
          { Get: { TableName: TableName(), Key: key('T2') } },
        ],
      }),
    );
    expect(got.Responses?.map((r) => r.Item?.n)).toEqual([1, 2]);
    const cancelled = await ddb
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: TableName(),
                Key: key('T1'),
                UpdateExpression: 'SET n = :n',
                ExpressionAttributeValues: { ':n': 10 },
              },
            },
            {
              ConditionCheck: {
                TableName: TableName(),
                Key: key('T2'),
                ConditionExpression: 'n = :two',
                ExpressionAttributeValues: { ':two': 3 },
              },
            },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect((cancelled as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
    expect((await ddb.send(new GetCommand({ TableName: TableName(), Key: key('T1') }))).Item?.n).toBe(1);
  });

  it("refuses invalid input with DynamoDB's error and writes nothing", async () => {
    const invalid = await ddb
      .send(new PutCommand({ TableName: TableName(), Item: { PK: partition } }))
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(DynamoDBServiceException);
    expect(invalid).toMatchObject({ name: 'ValidationException', $fault: 'client' });
    const { Items } = await ddb.send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
      }),
    );
    expect(Items?.some((i) => i.SK === undefined)).toBe(false);
  });

  it('lets a middleware at the initialize step see the document input by its low-level command name', async () => {
    const seen: string[] = [];
    let recording = false;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (!recording) return next(args);
        const input = args.input as { Key?: Record<string, unknown> };
        seen.push(`${context.commandName} ${JSON.stringify(input.Key)}`);
        const result = await next(args);
        seen.push(`done ${String((result.output as { Item?: unknown }).Item !== undefined)}`);
        return result;
      },
      { step: 'initialize', name: 'dynamoTestRecorder' },
    );
    await put({ ...key('M'), n: 1 });
    recording = true;
    const { Item } = await ddb.send(new GetCommand({ TableName: TableName(), Key: key('M') }));
    recording = false;
    expect(Item?.n).toBe(1);
    expect(seen).toEqual([`GetItemCommand ${JSON.stringify(key('M'))}`, 'done true']);
  });

  it("is traced by the Powertools tracer once it loads: an 'aws' subsegment per call, a refused one marked as error", async () => {
    expect(registeredClients().some((c) => (c as typeof ddb).middlewareStack === ddb.middlewareStack)).toBe(true);
    await put({ ...key('X'), n: 1 });
    // The tracer traces inside a Lambda execution environment only; the HTTP layer's own
    // subsegments (captured globally in the cloud) are left out of this test.
    Object.assign(process.env, {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
    });
    await loadTracer();
    const segment = new Segment('aurum-test');
    await AWSXRay.getNamespace().runPromise(async () => {
      AWSXRay.setSegment(segment);
      await ddb.send(new GetCommand({ TableName: TableName(), Key: key('X') }));
      await ddb
        .send(
          new PutCommand({
            TableName: TableName(),
            Item: { ...key('X'), n: 2 },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        )
        .catch(() => undefined);
    });
    AWSXRay.setContextMissingStrategy('IGNORE_ERROR'); // the clean-up below runs outside any segment
    const subsegments = (segment.subsegments ?? []).map((s) => s.toJSON() as Record<string, unknown>);
    expect(subsegments).toMatchObject([
      { name: 'DynamoDB', namespace: 'aws', aws: { operation: 'GetItem', table_name: TableName() } },
      { name: 'DynamoDB', namespace: 'aws', aws: { operation: 'PutItem', table_name: TableName() }, error: true },
    ]);
    expect(subsegments[0]).not.toHaveProperty('error');
  });
});
