/**
 * The email worker: the relay's consumer of new email jobs (STREAM_CONSUMERS 'email-worker':
 * inserts of items with entity 'email_job'). For each record it delivers the job
 * (functions/streams/email-delivery.ts: claim, suppression check, render, send, mark). Every record of
 * the batch is tried (one address the transport refuses holds no other email back); the first
 * failed send is reported (ReportBatchItemFailures), so the mapping retries from it (the records
 * after it that were sent are then skipped by their claim). When the mapping gives up, the jobs
 * are still pending and the retry sweep (functions/jobs/email-retry.ts) sends them once the
 * transport is back.
 *
 * Input: Lambda's DynamoDBStreamEvent. Output: `{ batchItemFailures }` (the first failed record).
 * Throws on table errors (the whole batch is retried).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withObservability } from '../lib/observability';
import { deliverEmailJob } from './email-delivery';

export const handler = withObservability(
  'email-worker',
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    let firstFailed: string | null = null;
    for (const record of event.Records) {
      const id = record.dynamodb?.NewImage?.id?.S;
      if (!id) continue;
      if ((await deliverEmailJob(id)) === 'retry') firstFailed ??= record.dynamodb!.SequenceNumber!;
    }
    return { batchItemFailures: firstFailed ? [{ itemIdentifier: firstFailed }] : [] };
  },
);
