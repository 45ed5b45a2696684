/**
 * The streams context's public entry: one email job's delivery, for the retry sweep
 * (functions/jobs/email-retry.ts) beside the stream worker that runs it first.
 */
export { deliverEmailJob, type DeliveryOutcome } from './email-delivery';
