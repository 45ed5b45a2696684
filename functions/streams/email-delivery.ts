/**
 * Sending one email job, the same way from the stream worker (functions/streams/email-worker.ts)
 * and the retry sweep (functions/jobs/email-retry.ts):
 *
 *  1. claim it (conditional write: only a pending job, or one whose worker's lease expired), so
 *     concurrent or retried workers never send it twice while the lease holds;
 *  2. a suppressed address closes it ('suppressed'), nothing is sent;
 *  3. render it (templates, the stage's origin and settings) and hand it to the transport;
 *  4. sent: mark it 'sent' with the Message-ID;
 *     failed: mark it pending again, due after a backoff (RETRY_SCHEDULE), and report the failure
 *     (the stream mapping then retries it; the sweep picks up what the mapping gave up on);
 *     too old (GIVE_UP_AFTER_MS since it was written): mark it 'failed' and raise an operator alert.
 * The only window for a double send is a worker that dies between the transport's acceptance and
 * the 'sent' write (the lease then expires and the job is sent again): at-least-once, as SES offers.
 */
import { raiseAlert } from '../lib/alerts';
import { logger } from '../lib/logger';
import {
  claimEmailJob,
  markEmailClosed,
  markEmailRetry,
  markEmailSent,
  type EmailJobRecord,
} from '../data/email-job-repository';
import { isSuppressed } from '../data/suppression-repository';
import { shopOrigin } from '../lib/shop-url';
import { renderEmail } from '../email';
import { stageSettings } from '../lib/stage-settings';
import { sendEmail } from './email-transport';

/** How long a claim holds: longer than a worker invocation (30 s), so a live worker never loses it. */
export const LEASE_MS = 120_000;

/**
 * When a failed job is due again, by attempts made so far: 1, 2, 4, 8, 16, 32 minutes, then every
 * hour (the retry sweep runs every 5 minutes and sends what is due).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** A job still failing this long after it was written is given up, with an operator alert (SES outages are shorter). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** What one delivery did. */
export type DeliveryOutcome = 'sent' | 'skipped' | 'suppressed' | 'retry' | 'failed';

/**
 * Delivers one job (see the module comment).
 * @returns 'sent'; 'skipped' when it is not ours to send (already sent, closed, or claimed by
 *   another worker); 'suppressed'; 'retry' when the send failed and it waits for its next attempt;
 *   'failed' when it was given up now
 */
export async function deliverEmailJob(id: string, now: Date = new Date()): Promise<DeliveryOutcome> {
  const claim = await claimEmailJob(id, now, LEASE_MS);
  if (!claim) return 'skipped';
  const { job, token } = claim;
  if (await isSuppressed(job.to)) {
    await markEmailClosed(id, token, 'suppressed', 'address on the suppression list');
    logger.info('email suppressed', { jobId: id, template: job.template });
    return 'suppressed';
  }
  try {
    const messageId = await send(job);
    await markEmailSent(id, token, messageId, new Date());
    logger.info('email sent', { jobId: id, template: job.template, attempts: job.attempts });
    return 'sent';
  } catch (error) {
    const reason = (error as Error).message || String(error);
    if (now.getTime() - Date.parse(job.created_at) >= GIVE_UP_AFTER_MS) {
      await markEmailClosed(id, token, 'failed', reason);
      await raiseAlert({
        code: 'email_undeliverable',
        summary: 'An email could not be sent for a day: given up.',
        details: { jobId: id, template: job.template, attempts: job.attempts, lastError: reason.slice(0, 300) },
      });
      return 'failed';
    }
    await markEmailRetry(id, token, reason, new Date(now.getTime() + retryDelayMs(job.attempts)));
    logger.warn('email send failed, will retry', { jobId: id, template: job.template, attempts: job.attempts, reason });
    return 'retry';
  }
}

/** Renders and sends a claimed job. @returns the Message-ID */
async function send(job: EmailJobRecord): Promise<string> {
  const settings = stageSettings();
  const context = { origin: await shopOrigin(), settings };
  const message = await renderEmail(job.template, job.data, context);
  return sendEmail({
    from: { name: settings.email.sender_name, address: settings.email.sender_address },
    to: job.to,
    replyTo: job.reply_to || settings.email.reply_to,
    ...message,
  });
}
