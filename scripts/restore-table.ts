/**
 * `npm run restore-table -- --stage <stage> --to <ISO time> [--target <name>] [--no-wait]`:
 * restores a stage's table (`aurum-shop-<stage>`, point-in-time recovery on) as it was at a moment
 * into a NEW table, never over the live one, then gives the new table what a restore leaves out
 * (DynamoDB restores the items, keys and indexes, not the stream, time to live, point-in-time
 * recovery or deletion protection) and prints its item count and how to switch
 * (docs/operations.md, "Restoring the table"). Uses the caller's AWS credentials and region.
 *
 * The logic runs against any client with `send` (the AWS SDK's DynamoDBClient in use); its test
 * uses a small fake of the DynamoDB API (DynamoDB Local has no point-in-time recovery).
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { parseArgs } from 'node:util';
import { TABLE, tableName } from '../infra/definitions';
import { sanitiseStage } from '../infra/stage';

/** The part of DynamoDBClient the restore uses. */
export interface DynamoSender {
  send(command: object): Promise<unknown>;
}

/** What a restore needs. */
export interface RestoreRequest {
  stage: string;
  /** The moment to restore (within the recovery window). */
  to: Date;
  /** The new table's name (default: `aurum-shop-<stage>-r<yyyymmddhhmm>`). */
  target?: string;
  /** Wait until the new table is ACTIVE and finish its settings (default true). */
  wait?: boolean;
  /** Seconds between polls while waiting (default 20). */
  pollSeconds?: number;
  /** Longest wait in seconds (default 4 hours: a large table restores for hours). */
  maxWaitSeconds?: number;
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** What a restore did. */
export interface RestoreResult {
  source: string;
  target: string;
  restoredTo: string;
  /** ACTIVE with its settings, or CREATING when not waited for. */
  status: 'ACTIVE' | 'CREATING';
  itemCount?: number;
}

/** The default name of a restored table: the source's and the moment, to the minute (UTC). */
export function restoredTableName(source: string, to: Date): string {
  return `${source}-r${to.toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;
}

/**
 * Restores the stage's table at `to` into a new table.
 * @throws Error when point-in-time recovery is off, `to` is outside the recovery window, or the
 * target exists; the restore's own errors pass through
 */
export async function restoreTable(client: DynamoSender, req: RestoreRequest): Promise<RestoreResult> {
  const log = req.log ?? ((line: string) => console.log(line));
  const sleep = req.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const source = tableName(req.stage);
  const target = req.target ?? restoredTableName(source, req.to);
  if (target === source) throw new Error('the target must be a new table, not the live one');

  const backups = (await client.send(new DescribeContinuousBackupsCommand({ TableName: source }))) as {
    ContinuousBackupsDescription?: {
      PointInTimeRecoveryDescription?: {
        PointInTimeRecoveryStatus?: string;
        EarliestRestorableDateTime?: Date;
        LatestRestorableDateTime?: Date;
      };
    };
  };
  const pitr = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
  if (pitr?.PointInTimeRecoveryStatus !== 'ENABLED')
    throw new Error(`${source}: point-in-time recovery is not enabled`);
  const earliest = pitr.EarliestRestorableDateTime;
  const latest = pitr.LatestRestorableDateTime;
  if (!earliest || !latest || req.to < earliest || req.to > latest)
    throw new Error(
      `${source}: ${req.to.toISOString()} is outside the recovery window (${earliest?.toISOString()} – ${latest?.toISOString()})`,
    );

  try {
    await client.send(new DescribeTableCommand({ TableName: target }));
    throw new Error(`${target} already exists: choose another --target`);
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException || (error as Error).name === 'ResourceNotFoundException'))
      throw error;
  }

  log(`Restoring ${source} as of ${req.to.toISOString()} into ${target}…`);
  await client.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: source,
      TargetTableName: target,
      RestoreDateTime: req.to,
      BillingModeOverride: 'PAY_PER_REQUEST',
      // as the live table: KMS with the AWS managed key (CT.DYNAMODB.PR.2)
      SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
    }),
  );
  const result: RestoreResult = { source, target, restoredTo: req.to.toISOString(), status: 'CREATING' };
  if (req.wait === false) return result;

  const deadline = Date.now() + (req.maxWaitSeconds ?? 4 * 3600) * 1000;
  let table: { TableStatus?: string; ItemCount?: number } | undefined;
  for (;;) {
    table = ((await client.send(new DescribeTableCommand({ TableName: target }))) as { Table?: typeof table }).Table;
    if (table?.TableStatus === 'ACTIVE') break;
    if (Date.now() > deadline) throw new Error(`${target} is still ${table?.TableStatus} after the longest wait`);
    log(`  ${target}: ${table?.TableStatus ?? 'unknown'}…`);
    await sleep((req.pollSeconds ?? 20) * 1000);
  }

  // What a restore leaves out, set as the data stack sets it on the live table.
  await client.send(
    new UpdateContinuousBackupsCommand({
      TableName: target,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: target,
      TimeToLiveSpecification: { AttributeName: TABLE.timeToLiveAttribute, Enabled: true },
    }),
  );
  await client.send(
    new UpdateTableCommand({
      TableName: target,
      StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamViewType },
      DeletionProtectionEnabled: true,
    }),
  );
  log(
    `${target} is ACTIVE (${table.ItemCount ?? 0} items as last counted), with PITR, TTL, its stream and deletion protection.`,
  );
  return { ...result, status: 'ACTIVE', itemCount: table.ItemCount ?? 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      to: { type: 'string' },
      target: { type: 'string' },
      'no-wait': { type: 'boolean', default: false },
    },
  });
  const to = values.to ? new Date(values.to) : undefined;
  if (!values.stage || !to || Number.isNaN(to.getTime())) {
    console.error('usage: npm run restore-table -- --stage main --to 2026-11-30T10:00:00Z [--target name] [--no-wait]');
    process.exit(2);
  }
  try {
    const r = await restoreTable(new DynamoDBClient({}), {
      stage: sanitiseStage(values.stage),
      to,
      target: values.target,
      wait: !values['no-wait'],
    });
    console.log(
      `\n${r.target} holds ${r.source} as of ${r.restoredTo}. To switch the stage to it, follow docs/operations.md, "Restoring the table"; the live table is untouched.`,
    );
  } catch (error) {
    console.error(`restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
