/**
 * The email jobs' and the suppression list's access patterns (AP100-AP102 of access-patterns.md)
 * against DynamoDB Local, one test per id, with exactly the documented requests (counted by an SDK
 * middleware). They run on a throwaway table of their own (same definition, its own stream), so
 * the runtime's email worker, which reads the shop table's stream, does not send these jobs.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../test/support/local-runtime';
import * as jobs from './email-job-repository';
import * as suppression from './suppression-repository';

useLocalEnv();
const table = `aurum-email-ap-${randomUUID().slice(0, 8)}`;
let shopTable = '';
let counter: RequestCounter;

const GET: RecordedRequest = { command: 'GetItemCommand' };
const PUT: RecordedRequest = { command: 'PutItemCommand' };
const UPDATE: RecordedRequest = { command: 'UpdateItemCommand' };
const DELETE: RecordedRequest = { command: 'DeleteItemCommand' };
const GSI1_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI1' };

function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

const endpoint = () => process.env.AWS_ENDPOINT_URL_DYNAMODB!;

beforeAll(async () => {
  await ensureTable(endpoint(), table);
  shopTable = process.env.TABLE_NAME!;
  process.env.TABLE_NAME = table;
  counter = countDynamoRequests();
});

afterAll(async () => {
  process.env.TABLE_NAME = shopTable;
  const client = new DynamoDBClient({ endpoint: endpoint(), region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  await client.send(new DeleteTableCommand({ TableName: table }));
  client.destroy();
});

beforeEach(() => counter.reset());

const job = (id: string): jobs.NewEmailJob => ({
  id,
  template: 'order-confirmation',
  to: 'cliente.ap@example.com',
  data: { order_id: id },
});

describe('email jobs', () => {
  it('[AP100] a job is recorded once per event, claimed by one worker at a time, then closed: 1 request each', async () => {
    const id = `order-confirmation:${randomUUID()}`;
    const at = new Date('2026-03-01T10:00:00.000Z');
    expect(await jobs.queueEmailJob(job(id), at)).toBe(true);
    expect(await jobs.queueEmailJob(job(id), at)).toBe(false);
    expectRequests(PUT, PUT);
    expect(await jobs.getEmailJob(id)).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      to: 'cliente.ap@example.com',
    });
    expectRequests(GET);

    const claim = await jobs.claimEmailJob(id, at, 60_000);
    expect(claim?.job).toMatchObject({ status: 'sending', attempts: 1 });
    // a second worker while the lease holds gets nothing
    expect(await jobs.claimEmailJob(id, new Date(at.getTime() + 30_000), 60_000)).toBeNull();
    expectRequests(UPDATE, UPDATE);
    // a worker whose lease was taken over cannot close it
    expect(await jobs.markEmailSent(id, 'not-the-token', '<m@x>', at)).toBe(false);
    expect(await jobs.markEmailSent(id, claim!.token, '<m@x>', at)).toBe(true);
    expectRequests(UPDATE, UPDATE);
    expect(await jobs.getEmailJob(id)).toMatchObject({ status: 'sent', message_id: '<m@x>', attempts: 1 });
    // sent is final: no later claim, even with the lease long expired
    expect(await jobs.claimEmailJob(id, new Date(at.getTime() + 86_400_000), 60_000)).toBeNull();
    counter.reset();

    // a worker that died mid-send: its lease expires and another may claim the job
    const other = `order-confirmation:${randomUUID()}`;
    await jobs.queueEmailJob(job(other), at);
    const first = await jobs.claimEmailJob(other, at, 60_000);
    const second = await jobs.claimEmailJob(other, new Date(at.getTime() + 61_000), 60_000);
    expect(second?.job.attempts).toBe(2);
    expect(await jobs.markEmailSent(other, first!.token, '<late@x>', at)).toBe(false);
    expect(await jobs.markEmailClosed(other, second!.token, 'suppressed', 'address on the suppression list')).toBe(
      true,
    );
    expect(await jobs.getEmailJob(other)).toMatchObject({ status: 'suppressed' });
  });

  it('[AP101] the due pending jobs, most overdue first, without the sent, closed or later ones: 1 Query on GSI1', async () => {
    // year 2001: no job of another test is due that early
    const day = (d: number) => new Date(`2001-01-${String(d).padStart(2, '0')}T08:00:00.000Z`);
    const ids = Array.from({ length: 4 }, () => `order-shipped:${randomUUID()}`);
    await jobs.queueEmailJob(job(ids[0]!), day(2));
    await jobs.queueEmailJob(job(ids[1]!), day(1));
    await jobs.queueEmailJob(job(ids[2]!), day(3));
    await jobs.queueEmailJob(job(ids[3]!), day(9));
    // the third fails and waits until day 8; the second is sent
    const failed = await jobs.claimEmailJob(ids[2]!, day(3), 60_000);
    expect(await jobs.markEmailRetry(ids[2]!, failed!.token, 'SMTP down', day(8))).toBe(true);
    const sent = await jobs.claimEmailJob(ids[1]!, day(3), 60_000);
    await jobs.markEmailSent(ids[1]!, sent!.token, '<s@x>', day(3));
    counter.reset();

    expect((await jobs.listDueEmailJobs(day(5), 10)).map((j) => j.id)).toEqual([ids[0]]);
    expectRequests(GSI1_QUERY);
    expect((await jobs.listDueEmailJobs(day(8), 10)).map((j) => j.id)).toEqual([ids[0], ids[2]]);
    expect((await jobs.listDueEmailJobs(day(8), 1)).map((j) => j.id)).toEqual([ids[0]]);
    expectRequests(GSI1_QUERY, GSI1_QUERY);
    expect(await jobs.getEmailJob(ids[2]!)).toMatchObject({ status: 'pending', last_error: 'SMTP down' });
  });
});

describe('suppression list', () => {
  it('[AP102] an address is checked, added once and lifted, whatever its case: 1 request each', async () => {
    const address = `Rimbalzo.${randomUUID().slice(0, 8)}@Example.com`;
    expect(await suppression.isSuppressed(address)).toBe(false);
    expectRequests(GET);
    expect(await suppression.suppress(address, 'bounce', 'Permanent/General')).toBe(true);
    expect(await suppression.suppress(address.toLowerCase(), 'complaint', null)).toBe(false);
    expectRequests(PUT, PUT);
    expect(await suppression.isSuppressed(address.toUpperCase())).toBe(true);
    expectRequests(GET);
    expect(await suppression.liftSuppression(address)).toMatchObject({
      email: address.toLowerCase(),
      reason: 'bounce',
      detail: 'Permanent/General',
    });
    expectRequests(DELETE);
    expect(await suppression.isSuppressed(address)).toBe(false);
    expect(await suppression.liftSuppression(address)).toBeNull();
  });
});
