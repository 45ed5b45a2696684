/**
 * The one sending path, two transports (Nodemailer):
 *  - cloud: Amazon SES through its API v2 (`SESv2Client`'s SendEmail with the raw message), in the
 *    stage's configuration set (EMAIL_CONFIGURATION_SET), whose bounce and complaint events feed
 *    the suppression list;
 *  - local: SMTP to MailDev (SMTP_URL, set by the local runtime), the same message over the wire.
 * The transport is created on first use and kept by the container.
 */
import type { Transporter } from 'nodemailer';
import { awsClientConfig } from '../lib/aws-client-config';

/** Environment variables of the transport. */
export const TRANSPORT_ENV = {
  /** SMTP URL of the local inbox (MailDev), e.g. 'smtp://127.0.0.1:1025'. Absent in the cloud. */
  smtpUrl: 'SMTP_URL',
  /** The stage's SES configuration set (cloud). */
  configurationSet: 'EMAIL_CONFIGURATION_SET',
} as const;

/** One message as the transport takes it. */
export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

/**
 * The SMTP connection's limits, ms (Nodemailer's own defaults are 2 minutes to connect and 10 of
 * silence): a message that cannot go within them fails, and the email job's retry sends it again.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 5_000 } as const;

let transport: Promise<Transporter> | null = null;

async function createTransport(): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  const smtp = process.env[TRANSPORT_ENV.smtpUrl];
  if (smtp) return nodemailer.createTransport({ url: smtp, ...SMTP_TIMEOUTS });
  const [{ SESv2Client, SendEmailCommand }, { traceClient }] = await Promise.all([
    import('@aws-sdk/client-sesv2'),
    import('../lib/observability'),
  ]);
  return nodemailer.createTransport({
    SES: { sesClient: traceClient(new SESv2Client(awsClientConfig())), SendEmailCommand },
  });
}

/**
 * Sends one message.
 * @returns the Message-ID the transport assigned
 * @throws the transport's error (SMTP refused or unreachable, SES throttling or outage, ...)
 */
export async function sendEmail(message: OutgoingEmail): Promise<string> {
  transport ??= createTransport().catch((e: unknown) => {
    transport = null;
    throw e;
  });
  const configurationSet = process.env[TRANSPORT_ENV.configurationSet];
  const info = (await (
    await transport
  ).sendMail({
    ...message,
    ...(configurationSet ? { ses: { ConfigurationSetName: configurationSet } } : {}),
  })) as { messageId: string };
  return info.messageId;
}

/** Forgets the transport (tests that move the SMTP server). */
export function resetTransport(): void {
  transport = null;
}
