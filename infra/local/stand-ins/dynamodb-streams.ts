/**
 * The local stand-in of Lambda's DynamoDB event source mappings (the relay, STREAM_CONSUMERS in
 * functions/triggers.ts): a poller on DynamoDB Local's Streams API (DescribeStream,
 * GetShardIterator, GetRecords) that hands each consumer the records its mapping would, the way
 * the mapping would:
 *  - each consumer reads every shard on its own (one mapping per consumer), a shard's batches in
 *    order, one at a time (ParallelizationFactor 1); shards are listed again every second, a new
 *    child shard is read from its start, a closed one until its end;
 *  - records are turned into Lambda's DynamoDBStreamEvent shape (ApproximateCreationDateTime in
 *    epoch seconds, binary values in base64, eventSource 'aws:dynamodb', eventVersion '1.1');
 *  - the consumer's filter criteria drop the records no pattern matches (stream-filters.ts);
 *  - at most `batchSize` records per invocation; records older than `maxRecordAgeSeconds` are
 *    discarded unprocessed;
 *  - the handler (its real module, functions/streams/<name>.ts, in-process under its grants) may
 *    throw (the whole batch failed) or answer `batchItemFailures` (ReportBatchItemFailures):
 *    "Lambda uses the record with the lowest sequence number as the checkpoint. Lambda then
 *    retries all records starting from that checkpoint"; an identifier that names no record of
 *    the batch fails the whole batch;
 *  - a batch is retried `retryAttempts` times (with a growing wait), then discarded to the
 *    on-failure destination (here: `discarded`, a console line), and the shard moves on.
 * The poller starts at the stream's LATEST position: jobs written while the runtime was stopped are
 * found by their own sweeps (e.g. the email retry sweep), as they would be after a mapping outage.
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamsRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { assertValidConsumer, passesFilters, type StreamConsumerSettings } from '../../stream-filters';
import type { BundleName } from '../../stacks/function-permissions';
import { runAsFunction } from '../gateway/iam-guard';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';
import { localLambdaContext } from './lambda-context';

/** How often each shard is read ("Lambda polls shards in your DynamoDB stream for records at a base rate of 4 times per second"). */
export const POLL_INTERVAL_MS = 250;
/** How often the shard list is read again (new shards appear as the stream rolls them over). */
const DESCRIBE_INTERVAL_MS = 1_000;

/** Runs a consumer's handler on one batch: its answer, or a throw when the invocation failed. */
export type ConsumerInvoker = (
  consumer: StreamConsumerSettings,
  event: DynamoDBStreamEvent,
) => Promise<DynamoDBBatchResponse | void | null | undefined>;

/** A batch the mapping gave up on: what Lambda sends to the on-failure destination. */
export interface DiscardedBatch {
  consumer: string;
  /** 'RetryAttemptsExhausted' or 'RecordAgeExceeded', as Lambda's invocation record says. */
  condition: 'RetryAttemptsExhausted' | 'RecordAgeExceeded';
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  batchSize: number;
  /** The handler's last error, when it threw. */
  error?: string;
}

export interface StreamRelayOptions {
  /** DynamoDB Local's endpoint (its Streams API is on the same port). */
  endpoint: string;
  /** The table's stream (bootstrap.ts ensureTable's streamArn). */
  streamArn: string;
  consumers: readonly StreamConsumerSettings[];
  /** Default: the consumer's real handler, in-process, under its grants (runAsFunction). */
  invoke?: ConsumerInvoker;
  /** Wait before retry number `attempt` (1 for the first retry); default 500 ms doubling, at most 8 s. */
  retryDelayMs?: (attempt: number) => number;
  /** Where a discarded batch is reported (default: console.error). */
  onDiscard?: (batch: DiscardedBatch) => void;
}

export interface StreamRelay {
  /** The batches discarded since start, oldest first. */
  readonly discarded: readonly DiscardedBatch[];
  /**
   * Resolves once every consumer has read every shard up to where it stood when called, and
   * finished the batches read meanwhile (tests: "the relay has handled what was written").
   * @throws Error after `timeoutMs` (default 20 s)
   */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The default invoker: imports functions/streams/<name>.ts and runs its handler as that function. */
export const invokeRealHandler: ConsumerInvoker = async (consumer, event) => {
  const { handler } = (await import(`../../../functions/streams/${consumer.name}.ts`)) as {
    handler: (e: DynamoDBStreamEvent, context: unknown) => Promise<DynamoDBBatchResponse | void>;
  };
  return runAsFunction(consumer.name as BundleName, () => handler(event, localLambdaContext(consumer.name)));
};

/** Lambda's JSON of a stream AttributeValue map: binary values (Uint8Array from the SDK) become base64. */
function toEventJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toEventJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toEventJson(v)]));
  return value;
}

/** One record of the Streams API as Lambda hands it to a function. */
export function toLambdaRecord(r: StreamsRecord, streamArn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  const created = d.ApproximateCreationDateTime;
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion ?? LOCAL_REGION,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: toEventJson(d.Keys) as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(d.NewImage
        ? { NewImage: toEventJson(d.NewImage) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] }
        : {}),
      ...(d.OldImage
        ? { OldImage: toEventJson(d.OldImage) as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] }
        : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    eventSourceARN: streamArn,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ShardState {
  iterator: string | null;
  /** Sequence number of the last record read (to resume after an expired iterator). */
  lastSequence?: string;
  /** True once a closed shard has been read to its end. */
  finished: boolean;
}

/**
 * Starts one poller per consumer on the stream; resolves once each holds its position (LATEST),
 * so every record written after that reaches it.
 * @throws Error when a consumer's settings are outside the mapping's limits (stream-filters.ts)
 */
export async function startStreamRelay(opts: StreamRelayOptions): Promise<StreamRelay> {
  for (const c of opts.consumers) assertValidConsumer(c);
  const client = new DynamoDBStreamsClient({
    endpoint: opts.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const invoke = opts.invoke ?? invokeRealHandler;
  const retryDelay = opts.retryDelayMs ?? ((attempt: number) => Math.min(8_000, 500 * 2 ** (attempt - 1)));
  const discarded: DiscardedBatch[] = [];
  const discard =
    opts.onDiscard ?? ((b: DiscardedBatch) => console.error(`[stream] ${b.consumer}: batch discarded`, b));
  let stopped = false;
  /** Completed polling cycles per consumer (drain waits for two after its call). */
  const cycles = new Map<string, number>();

  const listShards = async (): Promise<Shard[]> => {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const out = await client.send(
        new DescribeStreamCommand({ StreamArn: opts.streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) }),
      );
      shards.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  };

  const iteratorFor = async (shardId: string, from: 'LATEST' | 'TRIM_HORIZON' | { after: string }) => {
    const out = await client.send(
      new GetShardIteratorCommand({
        StreamArn: opts.streamArn,
        ShardId: shardId,
        ...(typeof from === 'string'
          ? { ShardIteratorType: from }
          : { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: from.after }),
      }),
    );
    return out.ShardIterator ?? null;
  };

  /** Hands one batch to the consumer, retrying as the mapping does; resolves when done or discarded. */
  const deliver = async (consumer: StreamConsumerSettings, shardId: string, records: DynamoDBRecord[]) => {
    let pending = records;
    for (let attempt = 0; pending.length > 0 && !stopped; attempt++) {
      const cutoff = Date.now() / 1000 - consumer.maxRecordAgeSeconds;
      const tooOld = pending.filter((r) => (r.dynamodb?.ApproximateCreationDateTime ?? Infinity) < cutoff);
      if (tooOld.length > 0) {
        report(consumer, shardId, tooOld, 'RecordAgeExceeded');
        pending = pending.filter((r) => !tooOld.includes(r));
        if (pending.length === 0) return;
      }
      let failedFrom = -1;
      let error: string | undefined;
      try {
        const answer = await invoke(consumer, { Records: pending });
        const ids = (answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
        if (ids.length > 0) {
          const indexes = ids.map((id) => pending.findIndex((r) => r.dynamodb?.SequenceNumber === id));
          // An identifier that names no record of the batch: the whole batch failed.
          failedFrom = indexes.some((i) => i < 0) ? 0 : Math.min(...indexes);
        }
      } catch (e) {
        failedFrom = 0;
        error = (e as Error).message;
      }
      if (failedFrom < 0) return;
      pending = pending.slice(failedFrom);
      if (attempt >= consumer.retryAttempts) {
        report(consumer, shardId, pending, 'RetryAttemptsExhausted', error);
        return;
      }
      await sleep(retryDelay(attempt + 1));
    }
  };

  const report = (
    consumer: StreamConsumerSettings,
    shardId: string,
    records: DynamoDBRecord[],
    condition: DiscardedBatch['condition'],
    error?: string,
  ) => {
    const batch: DiscardedBatch = {
      consumer: consumer.name,
      condition,
      shardId,
      startSequenceNumber: records[0]?.dynamodb?.SequenceNumber ?? '',
      endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber ?? '',
      batchSize: records.length,
      ...(error ? { error } : {}),
    };
    discarded.push(batch);
    discard(batch);
  };

  /** The shards at start: open ones read from now on (LATEST), closed ones are history. */
  const initialShards = async (): Promise<Map<string, ShardState>> => {
    const shards = new Map<string, ShardState>();
    for (const shard of await listShards()) {
      const id = shard.ShardId!;
      if (shard.SequenceNumberRange?.EndingSequenceNumber) shards.set(id, { iterator: null, finished: true });
      else shards.set(id, { iterator: await iteratorFor(id, 'LATEST'), finished: false });
    }
    return shards;
  };

  const poll = async (consumer: StreamConsumerSettings, shards: Map<string, ShardState>) => {
    let lastDescribe = Date.now();
    while (!stopped) {
      try {
        if (Date.now() - lastDescribe >= DESCRIBE_INTERVAL_MS) {
          lastDescribe = Date.now();
          // A shard that appeared since (the stream rolled over): read from its start.
          for (const shard of await listShards()) {
            const id = shard.ShardId!;
            if (!shards.has(id)) shards.set(id, { iterator: await iteratorFor(id, 'TRIM_HORIZON'), finished: false });
          }
        }
        for (const [shardId, state] of shards) {
          if (stopped || state.finished || !state.iterator) continue;
          let out;
          try {
            out = await client.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
          } catch (e) {
            if (!(e instanceof ExpiredIteratorException) && !(e instanceof TrimmedDataAccessException)) throw e;
            state.iterator = await iteratorFor(
              shardId,
              state.lastSequence ? { after: state.lastSequence } : 'TRIM_HORIZON',
            );
            continue;
          }
          state.iterator = out.NextShardIterator ?? null;
          if (!state.iterator) state.finished = true;
          const records = out.Records ?? [];
          if (records.length > 0) state.lastSequence = records.at(-1)!.dynamodb?.SequenceNumber;
          const wanted = records
            .map((r) => toLambdaRecord(r, opts.streamArn))
            .filter((r) => passesFilters(consumer.filters, r));
          for (let i = 0; i < wanted.length && !stopped; i += consumer.batchSize)
            await deliver(consumer, shardId, wanted.slice(i, i + consumer.batchSize));
        }
      } catch (e) {
        if (!stopped) console.error(`[stream] ${consumer.name}: polling failed`, e);
      }
      cycles.set(consumer.name, (cycles.get(consumer.name) ?? 0) + 1);
      await sleep(POLL_INTERVAL_MS);
    }
  };

  const loops: Promise<void>[] = [];
  for (const c of opts.consumers) loops.push(poll(c, await initialShards()));

  return {
    discarded,
    async drain(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      // Two whole cycles after the call: the first may have started before the caller's write.
      const targets = new Map(opts.consumers.map((c) => [c.name, (cycles.get(c.name) ?? 0) + 2]));
      for (;;) {
        if ([...targets].every(([name, n]) => (cycles.get(name) ?? 0) >= n)) return;
        if (Date.now() > deadline) throw new Error(`the stream relay did not catch up within ${timeoutMs} ms`);
        await sleep(50);
      }
    },
    async stop() {
      stopped = true;
      await Promise.allSettled(loops);
      client.destroy();
    },
  };
}
