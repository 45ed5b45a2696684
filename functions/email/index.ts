/**
 * The email module's public entry: what an email says. A business write builds a job (`emailJob`,
 * or a context's builder in `EMAIL_JOBS`; the order's are in functions/orders/order-emails.ts) and
 * writes it in its own transaction (`emailJobPut`, functions/data/email-job-repository.ts); the
 * relay sends it (functions/streams/email-delivery.ts), rendering its template here
 * (`renderEmail`, React Email), as Cognito's custom message does. Rendering is loaded on first
 * use, so a function that only writes jobs carries no React in its cold start (docs/email.md).
 */
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
