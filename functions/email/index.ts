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
import type { DeliveryOutcome } from '../streams/email-delivery';
import type { EmailContext } from './templates/layout';
import type { RenderedEmail } from './catalog';

export { emailJob, EMAIL_JOBS, type ClubInvoiceData } from './jobs';
export type { NewEmailJob } from '../data/email-job-repository';
export type { OrderEmailData } from './templates/orders';
export type { WithdrawalEmailData } from './templates/withdrawal';
export type { AccountCodePurpose } from './templates/account';
export type { RenderedEmail, EmailContext };

/**
 * Renders a template by name with its data (catalog.ts).
 * @throws Error for an unknown template name
 */
export async function renderEmail(name: string, data: unknown, context: EmailContext): Promise<RenderedEmail> {
  return (await import('./catalog')).renderEmail(name, data, context);
}
