/**
 * The local stand-in of SES for customer email: MailDev (npm `maildev`), a real SMTP server with
 * a web inbox and a REST API, run in-process. The functions send to it over SMTP with the same
 * Nodemailer code that uses SES in the cloud (functions/streams/email-transport.ts, SMTP_URL); people
 * read the emails in its web inbox, tests through its REST API (`MailDevInbox`). Its mail
 * persists in `<data folder>/maildev` across restarts.
 *
 * The functions reach MailDev through a small TCP gate on the public SMTP port, so a test can
 * take the mail server down the way an outage looks to a client: while the file
 * `<data folder>/smtp-outage` exists (`setSmtpOutage`), every new connection is greeted with
 * "421 4.3.2 Service not available" and closed (RFC 5321 section 3.8: a server that must shut
 * down "MUST reply with a 421 response code"), which Nodemailer reports as a failed send.
 * The file is read per connection, so any process (a test worker) can start and end the outage.
 * The gate also answers the runtime's fault switch (infra/local/faults/fault-switch.ts, service
 * 'smtp'): 421, 451 or 554 for N connections or a while, or no greeting at all ('timeout').
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MailDev } from 'maildev';
import { freePort } from '../ports';
import { faultsFile, takeFault } from '../faults/fault-switch';

/**
 * The greetings of a failing SMTP server (RFC 5321 section 4.2.3): 421 "Service not available,
 * closing transmission channel", 451 "Requested action aborted: local error in processing", 554
 * "Transaction failed" (a permanent refusal).
 */
const SMTP_FAULT_REPLIES: Record<string, string> = {
  '421': '421 4.3.2 Service not available (local fault)',
  '451': '451 4.3.0 Requested action aborted: local error in processing (local fault)',
  '554': '554 5.3.0 Transaction failed (local fault)',
};

/** The file whose presence takes the local SMTP server down (see the module comment). */
export const SMTP_OUTAGE_FILE = 'smtp-outage';

export interface RunningMailDev {
  /** SMTP URL for Nodemailer (the gate), e.g. 'smtp://127.0.0.1:1025'. */
  smtpUrl: string;
  /** The web inbox (and REST API under /api), e.g. 'http://localhost:1080'. */
  inboxUrl: string;
  stop(): Promise<void>;
}

/** Starts or ends the local SMTP outage of the runtime whose data folder is `dataDir`. */
export function setSmtpOutage(dataDir: string, down: boolean): void {
  const file = path.join(dataDir, SMTP_OUTAGE_FILE);
  if (down) fs.writeFileSync(file, 'down\n');
  else fs.rmSync(file, { force: true });
}

/** The gate: forwards each SMTP connection to MailDev, or answers 421 while the outage file exists. */
async function startSmtpGate(port: number, target: number, outageFile: string): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  const server = net.createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    if (fs.existsSync(outageFile)) {
      client.end('421 4.3.2 Service not available (local SMTP outage)\r\n');
      return;
    }
    // a fault switched on for 'smtp' (infra/local/faults/fault-switch.ts): its reply code, or no greeting at all
    const fault = takeFault(faultsFile(path.dirname(outageFile)), 'smtp', 'connect');
    if (fault?.error === 'timeout') {
      const timer = setTimeout(() => client.destroy(), fault.holdMs ?? 60_000);
      timer.unref();
      client.once('close', () => clearTimeout(timer));
      return;
    }
    if (fault) {
      client.end(`${SMTP_FAULT_REPLIES[fault.error] ?? SMTP_FAULT_REPLIES['421']}\r\n`);
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

/**
 * Starts MailDev on loopback: the gate on `smtpPort` (MailDev's own SMTP on a free port behind
 * it), the inbox on `webPort`, mail kept in `mailDirectory`; the outage file in `dataDir`.
 */
export async function startMailDevLocal(opts: {
  smtpPort: number;
  webPort: number;
  mailDirectory: string;
  dataDir: string;
}): Promise<RunningMailDev> {
  fs.mkdirSync(opts.mailDirectory, { recursive: true });
  // An outage is a test's, never a leftover of an earlier run.
  setSmtpOutage(opts.dataDir, false);
  const innerSmtp = await freePort();
  const maildev = new MailDev({
    smtp: innerSmtp,
    web: opts.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: opts.mailDirectory,
    silent: true,
  });
  // MailDev's API server prints one "running at" line of its own (console.info); the runtime
  // prints the inbox URL itself.
  const info = console.info;
  console.info = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('MailDev API running'))) info(...args);
  };
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  let stopGate: () => Promise<void>;
  try {
    stopGate = await startSmtpGate(opts.smtpPort, innerSmtp, path.join(opts.dataDir, SMTP_OUTAGE_FILE));
  } catch (error) {
    await maildev.stop();
    throw error;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    inboxUrl: `http://localhost:${opts.webPort}`,
    stop: async () => {
      await stopGate();
      await maildev.stop();
    },
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
