/**
 * The point-in-time restore (scripts/restore-table.ts) against a small fake of the DynamoDB API:
 * DynamoDB Local has no point-in-time recovery, so this tests the script's logic (checks, the
 * restore request, waiting, the settings a restore leaves out), not AWS itself. The fake follows the
 * API reference: RestoreTableToPointInTime fails with TableAlreadyExistsException for an existing
 * target and InvalidRestoreTimeException outside [EarliestRestorableDateTime,
 * LatestRestorableDateTime]; a restored table is CREATING, then ACTIVE.
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { restoredTableName, restoreTable, type DynamoSender } from './restore-table';

const EARLIEST = new Date('2026-11-01T00:00:00Z');
const LATEST = new Date('2026-11-30T12:00:00Z');

/** A fake DynamoDB: the live table, PITR on or off, and restored tables that take `polls` describes to become ACTIVE. */
function fakeDynamo(opts: { pitr?: boolean; existing?: string[]; polls?: number } = {}) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const tables = new Map<string, { status: string; describes: number }>(
    ['aurum-shop-main', ...(opts.existing ?? [])].map((n) => [n, { status: 'ACTIVE', describes: 0 }]),
  );
  const client: DynamoSender = {
    async send(command: object) {
      const name = command.constructor.name;
      const input = (command as { input: Record<string, unknown> }).input;
      calls.push({ name, input });
      if (command instanceof DescribeContinuousBackupsCommand) {
        return {
          ContinuousBackupsDescription: {
            ContinuousBackupsStatus: 'ENABLED',
            PointInTimeRecoveryDescription: {
              PointInTimeRecoveryStatus: opts.pitr === false ? 'DISABLED' : 'ENABLED',
              EarliestRestorableDateTime: EARLIEST,
              LatestRestorableDateTime: LATEST,
            },
          },
        };
      }
      if (command instanceof DescribeTableCommand) {
        const t = tables.get(String(input.TableName));
        if (!t) throw new ResourceNotFoundException({ message: 'Requested resource not found', $metadata: {} });
        t.describes += 1;
        if (t.status === 'CREATING' && t.describes > (opts.polls ?? 2)) t.status = 'ACTIVE';
        return { Table: { TableName: input.TableName, TableStatus: t.status, ItemCount: 1234 } };
      }
      if (command instanceof RestoreTableToPointInTimeCommand) {
        tables.set(String(input.TargetTableName), { status: 'CREATING', describes: 0 });
        return { TableDescription: { TableStatus: 'CREATING' } };
      }
      return {};
    },
  };
  return { client, calls };
}

const quiet = { log: () => undefined, sleep: async () => undefined };

describe('restoring the table to a point in time', () => {
  it('restores into a new table, waits for it, then gives it PITR, TTL, the stream and deletion protection', async () => {
    const { client, calls } = fakeDynamo({ polls: 3 });
    const to = new Date('2026-11-30T10:15:00Z');
    const result = await restoreTable(client, { stage: 'main', to, ...quiet });
    expect(result).toEqual({
      source: 'aurum-shop-main',
      target: 'aurum-shop-main-r202611301015',
      restoredTo: '2026-11-30T10:15:00.000Z',
      status: 'ACTIVE',
      itemCount: 1234,
    });
    const restore = calls.find((c) => c.name === 'RestoreTableToPointInTimeCommand')!;
    expect(restore.input).toEqual({
      SourceTableName: 'aurum-shop-main',
      TargetTableName: 'aurum-shop-main-r202611301015',
      RestoreDateTime: to,
      BillingModeOverride: 'PAY_PER_REQUEST',
      SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
    });
    const after = calls.slice(calls.indexOf(restore) + 1);
    // three answers CREATING, the fourth ACTIVE
    expect(after.filter((c) => c.name === 'DescribeTableCommand')).toHaveLength(4);
    expect(after.filter((c) => c.name !== 'DescribeTableCommand').map((c) => [c.name, c.input])).toEqual([
      [
        'UpdateContinuousBackupsCommand',
        {
          TableName: 'aurum-shop-main-r202611301015',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        },
      ],
      [
        'UpdateTimeToLiveCommand',
        {
          TableName: 'aurum-shop-main-r202611301015',
          TimeToLiveSpecification: { AttributeName: 'expires_at_epoch', Enabled: true },
        },
      ],
      [
        'UpdateTableCommand',
        {
          TableName: 'aurum-shop-main-r202611301015',
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
          DeletionProtectionEnabled: true,
        },
      ],
    ]);
    // the live table is only read
    expect(calls.filter((c) => c.input.TableName === 'aurum-shop-main').map((c) => c.name)).toEqual([
      'DescribeContinuousBackupsCommand',
    ]);
  });

  it('with --no-wait, starts the restore and returns', async () => {
    const { client, calls } = fakeDynamo();
    const r = await restoreTable(client, { stage: 'main', to: LATEST, wait: false, ...quiet });
    expect(r.status).toBe('CREATING');
    expect(calls.at(-1)!.name).toBe('RestoreTableToPointInTimeCommand');
  });

  it('refuses without PITR, outside the recovery window, over an existing table or over the live one', async () => {
    const inWindow = new Date('2026-11-15T00:00:00Z');
    await expect(
      restoreTable(fakeDynamo({ pitr: false }).client, { stage: 'main', to: inWindow, ...quiet }),
    ).rejects.toThrow(/point-in-time recovery is not enabled/);
    await expect(
      restoreTable(fakeDynamo().client, { stage: 'main', to: new Date('2026-10-31T23:59:00Z'), ...quiet }),
    ).rejects.toThrow(/outside the recovery window/);
    await expect(
      restoreTable(fakeDynamo().client, { stage: 'main', to: new Date('2026-12-01T00:00:00Z'), ...quiet }),
    ).rejects.toThrow(/outside the recovery window/);
    const taken = restoredTableName('aurum-shop-main', inWindow);
    const { client, calls } = fakeDynamo({ existing: [taken] });
    await expect(restoreTable(client, { stage: 'main', to: inWindow, ...quiet })).rejects.toThrow(/already exists/);
    expect(calls.map((c) => c.name)).not.toContain('RestoreTableToPointInTimeCommand');
    await expect(
      restoreTable(fakeDynamo().client, { stage: 'main', to: inWindow, target: 'aurum-shop-main', ...quiet }),
    ).rejects.toThrow(/new table/);
  });
});
