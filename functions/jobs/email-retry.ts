/**
 * Scheduled job (EventBridge Scheduler every 5 minutes in the cloud; the same rate on a timer
 * locally): the retry sweep of email jobs. It sends the pending jobs whose next attempt is due
 * (functions/streams/email-delivery.ts): those whose send failed after the stream mapping's retries (an
 * SES or SMTP outage longer than them), and those a dead worker left claimed. Each failure waits
 * longer (1, 2, 4 ... minutes, then hourly); a job still failing a day after it was written is
 * given up with an operator alert.
 *
 * Input: the scheduler's event (ignored). Output: counts of what the sweep did.
 * Throws only on table errors (the scheduler retries).
 */
import { listDueEmailJobs } from '../data/email-job-repository';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';
import { deliverEmailJob, type DeliveryOutcome } from '../streams/public';

/** Jobs one run handles at most (the rest wait for the next run, 5 minutes later). */
export const SWEEP_BATCH = 50;

/**
 * Sends what is due at `now`, one job after the other.
 * @returns how many jobs ended in each outcome
 */
export async function sweepEmailJobs(now: Date = new Date()): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = { sent: 0, skipped: 0, suppressed: 0, retry: 0, failed: 0 };
  for (const job of await listDueEmailJobs(now, SWEEP_BATCH)) counts[await deliverEmailJob(job.id, now)]++;
  return counts;
}

export const handler = withObservability('email-retry', async () => {
  const result = await sweepEmailJobs();
  logger.info('email retry sweep', result);
  return result;
});
