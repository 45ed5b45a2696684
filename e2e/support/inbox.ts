/**
 * The emails the local runtime sent, read where a developer reads them: MailDev's inbox (its REST
 * API) on MAIL_PORT, the runtime's own setting (infra/local/start.ts). SMS codes stay in the
 * outbox (outbox-codes.ts).
 */
import { MailDevInbox, type InboxEmail } from '../../infra/local/stand-ins/maildev';

/** The runtime's MailDev inbox. */
export function mailInbox(): MailDevInbox {
  return new MailDevInbox(`http://localhost:${process.env.MAIL_PORT ?? 1080}`);
}

/** The ids of the emails to `to` now: take them before the action that sends one. */
export async function inboxMark(to: string): Promise<string[]> {
  return (await mailInbox().to(to)).map((e) => e.id);
}

/** The first email to `to` whose subject contains `subject` and that is not in `seen` (waits up to 10 s). */
export function emailTo(to: string, subject: string, seen: readonly string[]): Promise<InboxEmail> {
  return mailInbox().waitFor(to, { subject, seen, timeoutMs: 10_000 });
}

/** The 6-digit code of an account email (the shop's template marks it `data-code`). */
export function codeOf(email: InboxEmail): string {
  const code = /data-code="true"[^>]*>(\d{6})</.exec(email.html)?.[1];
  if (!code) throw new Error(`no code in the email "${email.subject}"`);
  return code;
}
