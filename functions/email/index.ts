/**
 * The email module's public entry: what the shop's contexts use to send an email and what the
 * email functions (the stream worker, the retry sweep, Cognito's custom message) run.
 *  - a business write builds a job (`emailJob`, or a context's builder in `EMAIL_JOBS`) and writes
 *    it in its own transaction (`emailJobPut`, functions/data/email-job-repository.ts);
 *  - the worker delivers it (`deliverEmailJob`): renders the template (`renderEmail`, React Email)
 *    and sends it (Nodemailer: SES in the cloud, MailDev locally), with retries (docs/email.md).
 * Rendering and sending are loaded on first use, so a function that only writes jobs carries
 * neither React nor Nodemailer in its cold start.
 */
import type { DeliveryOutcome } from './delivery';
import type { EmailContext } from './templates/layout';
import type { RenderedEmail } from './catalog';

export { emailJob, EMAIL_JOBS, type ClubInvoiceData } from './jobs';
export type { NewEmailJob } from '../data/email-job-repository';
export type { OrderEmailData } from './templates/orders';
export type { WithdrawalEmailData } from './templates/withdrawal';
export type { AccountCodePurpose } from './templates/account';
export type { DeliveryOutcome, RenderedEmail, EmailContext };

/**
 * Delivers one email job (delivery.ts): claims it, renders and sends it, records the outcome.
 * @param id the job's id; @param now the time of the attempt
 * @returns what happened ('sent', 'skipped', 'suppressed', 'retry', 'failed')
 */
export async function deliverEmailJob(id: string, now?: Date): Promise<DeliveryOutcome> {
  return (await import('./delivery')).deliverEmailJob(id, now);
}

/**
 * Renders a template by name with its data (catalog.ts).
 * @throws Error for an unknown template name
 */
export async function renderEmail(name: string, data: unknown, context: EmailContext): Promise<RenderedEmail> {
  return (await import('./catalog')).renderEmail(name, data, context);
}
