/**
 * The local stand-in of Lambda's DynamoDB event source mappings, on DynamoDB Local's real stream (a
 * throwaway table of the test runtime's DynamoDB Local, created by the bootstrap with the
 * stream TABLE defines): filter criteria, Lambda's event shape, batch size, retries, partial batch
 * responses and the discard after the last retry.
 */
import { randomUUID } from 'node:crypto';
import {
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../bootstrap';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';
import { entityWritten, type StreamConsumerSettings } from '../../stream-filters';
import { startStreamRelay, type StreamRelay } from './dynamodb-streams';

const endpoint = () => inject('localEnv').AWS_ENDPOINT_URL_DYNAMODB!;
const name = `aurum-stream-${randomUUID().slice(0, 8)}`;
let streamArn = '';
let client: DynamoDBClient;
let relay: StreamRelay | null = null;

beforeAll(async () => {
  client = new DynamoDBClient({ endpoint: endpoint(), region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  streamArn = (await ensureTable(endpoint(), name)).streamArn;
});

afterEach(async () => {
  await relay?.stop();
  relay = null;
});

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: name }));
  client.destroy();
});

const consumer = (overrides: Partial<StreamConsumerSettings> = {}): StreamConsumerSettings => ({
  name: 'probe',
  description: 'test consumer',
  filters: [entityWritten('probe_job')],
  batchSize: 10,
  retryAttempts: 2,
  maxRecordAgeSeconds: 3600,
  ...overrides,
});

const put = (id: string, entity: string, extra: Record<string, string> = {}) =>
  client.send(
    new PutItemCommand({
      TableName: name,
      Item: {
        PK: { S: `PROBE#${id}` },
        SK: { S: 'JOB' },
        entity: { S: entity },
        payload: { B: new Uint8Array([1, 2, 3]) },
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { S: v }])),
      },
    }),
  );

/** Starts the relay with a handler that records each event and answers what `answer` returns. */
async function startWith(
  c: StreamConsumerSettings,
  answer: (event: DynamoDBStreamEvent, call: number) => DynamoDBBatchResponse | void = () => undefined,
) {
  const calls: DynamoDBRecord[][] = [];
  relay = await startStreamRelay({
    endpoint: endpoint(),
    streamArn,
    consumers: [c],
    retryDelayMs: () => 10,
    onDiscard: () => undefined,
    invoke: async (got, event) => {
      expect(got.name).toBe(c.name);
      calls.push(event.Records);
      return answer(event, calls.length);
    },
  });
  return calls;
}

const idsOf = (records: DynamoDBRecord[]) => records.map((r) => r.dynamodb?.Keys?.PK?.S);

describe('the local stream relay', () => {
  it("hands the consumer only the records its filter criteria match, in Lambda's event shape", async () => {
    const calls = await startWith(consumer());
    const before = Date.now();
    await put('a', 'probe_job');
    await put('b', 'other_kind');
    await client.send(
      new UpdateItemCommand({
        TableName: name,
        Key: { PK: { S: 'PROBE#a' }, SK: { S: 'JOB' } },
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'sent' } },
      }),
    );
    await relay!.drain();
    expect(calls).toHaveLength(1);
    const [record] = calls[0]!;
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      eventSourceARN: streamArn,
      awsRegion: expect.any(String),
      dynamodb: {
        Keys: { PK: { S: 'PROBE#a' }, SK: { S: 'JOB' } },
        NewImage: { entity: { S: 'probe_job' }, payload: { B: Buffer.from([1, 2, 3]).toString('base64') } },
        SequenceNumber: expect.any(String),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    const created = record!.dynamodb!.ApproximateCreationDateTime!;
    expect(Number.isInteger(created)).toBe(true);
    // DynamoDB Local rounds the creation time down to the minute.
    expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) - 60);
    expect(created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(relay!.discarded).toEqual([]);
  });

  it('sends at most batchSize records per invocation, in stream order', async () => {
    const calls = await startWith(consumer({ batchSize: 2 }));
    for (const id of ['1', '2', '3', '4', '5']) await put(`batch-${id}`, 'probe_job');
    await relay!.drain();
    expect(calls.every((c) => c.length <= 2)).toBe(true);
    expect(calls.flatMap(idsOf)).toEqual(['1', '2', '3', '4', '5'].map((i) => `PROBE#batch-${i}`));
  });

  it('retries a failing batch, then goes on', async () => {
    const calls = await startWith(consumer(), (_e, call) => {
      if (call < 3) throw new Error('smtp down');
    });
    await put('retried', 'probe_job');
    await relay!.drain();
    expect(calls.map(idsOf)).toEqual([['PROBE#retried'], ['PROBE#retried'], ['PROBE#retried']]);
    expect(relay!.discarded).toEqual([]);
  });

  it('retries a partial failure from the lowest failed sequence number only', async () => {
    const calls = await startWith(consumer({ batchSize: 3 }), (event, call) =>
      call === 1 ? { batchItemFailures: [{ itemIdentifier: event.Records[1]!.dynamodb!.SequenceNumber! }] } : undefined,
    );
    // One batch of three: written in one transaction, so the relay's next read finds all three.
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: ['x', 'y', 'z'].map((id) => ({
          Put: {
            TableName: name,
            Item: { PK: { S: `PROBE#partial-${id}` }, SK: { S: 'JOB' }, entity: { S: 'probe_job' } },
          },
        })),
      }),
    );
    await relay!.drain();
    const first = idsOf(calls[0]!);
    expect(first).toHaveLength(3);
    expect(idsOf(calls[1]!)).toEqual(first.slice(1));
  });

  it('treats an unknown item identifier as a failure of the whole batch', async () => {
    const calls = await startWith(consumer(), (_e, call) =>
      call === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-a-sequence-number' }] } : undefined,
    );
    await put('unknown-id', 'probe_job');
    await relay!.drain();
    expect(calls.map(idsOf)).toEqual([['PROBE#unknown-id'], ['PROBE#unknown-id']]);
  });

  it('discards a batch to the on-failure destination after its last retry, and reads on', async () => {
    const calls = await startWith(consumer({ retryAttempts: 1 }), (event) => {
      if (event.Records.some((r) => r.dynamodb?.Keys?.PK?.S === 'PROBE#poison')) throw new Error('always fails');
    });
    await put('poison', 'probe_job');
    await relay!.drain();
    await put('after', 'probe_job');
    await relay!.drain();
    expect(calls.map(idsOf)).toEqual([['PROBE#poison'], ['PROBE#poison'], ['PROBE#after']]);
    expect(relay!.discarded).toEqual([
      expect.objectContaining({
        consumer: 'probe',
        condition: 'RetryAttemptsExhausted',
        batchSize: 1,
        error: 'always fails',
        startSequenceNumber: calls[0]![0]!.dynamodb!.SequenceNumber,
      }),
    ]);
  });

  it('refuses a consumer outside the mapping limits before polling', async () => {
    await expect(
      startStreamRelay({ endpoint: endpoint(), streamArn, consumers: [consumer({ batchSize: 10_001 })] }),
    ).rejects.toThrow(/BatchSize 10001/);
  });
});
