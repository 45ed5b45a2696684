/**
 * The email worker: the relay's consumer of new email jobs (STREAM_CONSUMERS 'email-worker':
 * inserts of items with entity 'email_job'). For each record it delivers the job
 * (functions/email/delivery.ts: claim, suppression check, render, send, mark). A send that
 * failed is reported as this record's failure (ReportBatchItemFailures), so the mapping retries
 * from it; when the mapping gives up, the job is still pending and the retry sweep
 * (functions/jobs/email-retry.ts) sends it once the transport is back.
 *
 * Input: Lambda's DynamoDBStreamEvent. Output: `{ batchItemFailures }` (the first failed record).
 * Throws on table errors (the whole batch is retried).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withObservability } from '../lib/observability';
import { deliverEmailJob } from '../email/delivery';

export const handler = withObservability(
  'email-worker',
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const id = record.dynamodb?.NewImage?.id?.S;
      if (!id) continue;
      if ((await deliverEmailJob(id)) === 'retry')
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
    }
    return { batchItemFailures: [] };
  },
);
