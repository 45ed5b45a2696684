/**
 * The local stand-in of SES for customer email: MailDev (npm `maildev`), a real SMTP server with
 * a web inbox and a REST API, run in-process. The functions send to it over SMTP with the same
 * Nodemailer code that uses SES in the cloud (functions/email/transport.ts, SMTP_URL); people
 * read the emails in its web inbox, tests through its REST API (`MailDevInbox`). Its mail
 * persists in `<data folder>/maildev` across restarts.
 */
import fs from 'node:fs';
import { MailDev } from 'maildev';

export interface RunningMailDev {
  /** SMTP URL for Nodemailer, e.g. 'smtp://127.0.0.1:1025'. */
  smtpUrl: string;
  /** The web inbox (and REST API under /api), e.g. 'http://localhost:1080'. */
  inboxUrl: string;
  stop(): Promise<void>;
}

/** Starts MailDev on loopback: SMTP on `smtpPort`, the inbox on `webPort`, mail kept in `mailDirectory`. */
export async function startMailDevLocal(opts: {
  smtpPort: number;
  webPort: number;
  mailDirectory: string;
}): Promise<RunningMailDev> {
  fs.mkdirSync(opts.mailDirectory, { recursive: true });
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    web: opts.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: opts.mailDirectory,
    silent: true,
  });
  // MailDev's API server prints one "running at" line of its own; the runtime prints the inbox URL itself.
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('MailDev API running'))) log(...args);
  };
  try {
    await maildev.start();
  } finally {
    console.log = log;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    inboxUrl: `http://localhost:${opts.webPort}`,
    stop: () => maildev.stop(),
  };
}

/** One email as MailDev's REST API lists it (the fields the tests read). */
export interface InboxEmail {
  id: string;
  time: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  html: string;
  text: string;
}

/** A reader of MailDev's REST API (`GET /api/email`, `GET /api/email/:id/source`). */
export class MailDevInbox {
  constructor(readonly inboxUrl: string) {}

  /** Every email in the inbox, oldest first. */
  async list(): Promise<InboxEmail[]> {
    const res = await fetch(`${this.inboxUrl}/api/email`);
    if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
    return ((await res.json()) as InboxEmail[]).sort((a, b) => a.time.localeCompare(b.time));
  }

  /** The emails to `to` (case-insensitive), optionally whose subject contains `subject`. */
  async to(to: string, subject?: string): Promise<InboxEmail[]> {
    const wanted = to.toLowerCase();
    return (await this.list()).filter(
      (e) => e.to.some((a) => a.address.toLowerCase() === wanted) && (!subject || e.subject.includes(subject)),
    );
  }

  /**
   * Waits for the first email to `to` (and with `subject` in its subject) not among `seen` ids.
   * @throws Error naming the address when none arrives within `timeoutMs` (default 10 s)
   */
  async waitFor(
    to: string,
    opts: { subject?: string; seen?: readonly string[]; timeoutMs?: number } = {},
  ): Promise<InboxEmail> {
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    for (;;) {
      const found = (await this.to(to, opts.subject)).find((e) => !opts.seen?.includes(e.id));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`nessuna email a ${to}${opts.subject ? ` con oggetto "${opts.subject}"` : ''} in MailDev`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The raw message (RFC 5322 source), for its headers. */
  async source(id: string): Promise<string> {
    const res = await fetch(`${this.inboxUrl}/api/email/${encodeURIComponent(id)}/source`);
    if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
    return res.text();
  }

  /** One header of a message (unfolded), or null. */
  async header(id: string, name: string): Promise<string | null> {
    const head = (await this.source(id)).split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line ? line.slice(name.length + 1).trim() : null;
  }
}
