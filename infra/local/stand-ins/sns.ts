/**
 * A local stand-in of Amazon SNS for the local runtime: an HTTP endpoint speaking the SNS query API
 * exactly as the real `@aws-sdk/client-sns` sends it (POST, form-encoded `Action=…&Version=2010-03-31`,
 * XML answers in the SNS namespace), so the functions publish through the real SDK with only
 * `AWS_ENDPOINT_URL_SNS` pointing here. Signatures are not checked (like s3rver).
 *
 * Actions: CreateTopic (idempotent by name), ListTopics, Subscribe (email/sms/http… recorded as
 * confirmed; answers 'pending confirmation' for email like SNS unless ReturnSubscriptionArn; a
 * `FilterPolicy` attribute on message attributes is kept and applied), Unsubscribe,
 * ListSubscriptionsByTopic, Publish (TopicArn, or TargetArn; Subject, Message, MessageAttributes).
 * With `stateFile`, topics and subscriptions survive a restart (as they do in the cloud).
 * Unknown topic: 404 NotFound; missing parameters: 400 InvalidParameter; other actions: 400
 * InvalidAction, each in the SNS ErrorResponse shape the SDK turns into typed exceptions.
 *
 * Every published notification is printed through `log` and appended to the outbox file
 * (`.local-data/outbox.log`, where cognito's codes go too), with the subscribers that the cloud
 * would deliver it to.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { takeFault } from '../faults/fault-switch';
import { faultAnswer } from '../faults/service-errors';

const XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';

export interface SnsLocalOptions {
  port: number;
  /** File the notifications are appended to (created with its folder). */
  outboxFile: string;
  region?: string;
  /** Default '000000000000'. */
  accountId?: string;
  /** Topic names created at start. */
  topics?: string[];
  /** JSON file keeping topics and subscriptions across restarts (created when missing). */
  stateFile?: string;
  /** The runtime's faults file (infra/local/faults/fault-switch.ts, service 'sns'). */
  faultsFile?: string;
  log?: (message: string) => void;
}

/** A published notification as recorded. */
export interface SnsLocalMessage {
  messageId: string;
  topicArn: string;
  subject: string | null;
  message: string;
  attributes: Record<string, { DataType: string; StringValue?: string }>;
  /** 'email:admin@…', one per subscription of the topic whose filter policy (if any) matches. */
  deliveredTo: string[];
  publishedAt: string;
}

export interface SnsLocal {
  /** 'http://127.0.0.1:{port}' for AWS_ENDPOINT_URL_SNS. */
  endpoint: string;
  /** ARN of a topic name in this stand-in's region/account. */
  topicArn(name: string): string;
  /** Everything published since start (tests). */
  messages: SnsLocalMessage[];
  stop(): Promise<void>;
}

interface Subscription {
  arn: string;
  protocol: string;
  endpoint: string;
  /** Parsed FilterPolicy (message attributes): attribute name -> accepted values. */
  filterPolicy?: Record<string, unknown[]>;
}

/**
 * True when the message attributes satisfy a filter policy: every policy key present with one of
 * its values (exact strings/numbers; `{ "exists": true|false }` too). Other operators are not used
 * by this project and never match.
 */
export function matchesFilterPolicy(
  policy: Record<string, unknown[]> | undefined,
  attributes: SnsLocalMessage['attributes'],
): boolean {
  if (!policy) return true;
  return Object.entries(policy).every(([name, accepted]) => {
    const value = attributes[name]?.StringValue;
    return accepted.some((rule) => {
      if (typeof rule === 'string' || typeof rule === 'number') return value !== undefined && String(rule) === value;
      if (rule && typeof rule === 'object' && 'exists' in rule)
        return (rule as { exists: boolean }).exists === (value !== undefined);
      return false;
    });
  });
}

/** `Attributes.entry.N.key/value` -> a map. */
function entryMap(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 1; params.has(`${prefix}.entry.${i}.key`); i++)
    out[params.get(`${prefix}.entry.${i}.key`)!] = params.get(`${prefix}.entry.${i}.value`) ?? '';
  return out;
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

class SnsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
      if (raw.length > 1_000_000) req.destroy();
    });
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}

/** `MessageAttributes.entry.N.Name/Value.DataType/Value.StringValue` -> a map. */
function messageAttributes(params: URLSearchParams): SnsLocalMessage['attributes'] {
  const out: SnsLocalMessage['attributes'] = {};
  for (let i = 1; params.has(`MessageAttributes.entry.${i}.Name`); i++) {
    const name = params.get(`MessageAttributes.entry.${i}.Name`)!;
    const dataType = params.get(`MessageAttributes.entry.${i}.Value.DataType`) ?? 'String';
    const value = params.get(`MessageAttributes.entry.${i}.Value.StringValue`);
    out[name] = { DataType: dataType, ...(value !== null ? { StringValue: value } : {}) };
  }
  return out;
}

/** Starts the SNS stand-in on `port` (127.0.0.1). */
export async function startSnsLocal(opts: SnsLocalOptions): Promise<SnsLocal> {
  const region = opts.region ?? 'eu-south-1';
  const account = opts.accountId ?? '000000000000';
  const log = opts.log ?? (() => undefined);
  const topicArn = (name: string) => `arn:aws:sns:${region}:${account}:${name}`;
  const topics = new Map<string, Subscription[]>();
  if (opts.stateFile && fs.existsSync(opts.stateFile)) {
    try {
      const saved = JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) as Record<string, Subscription[]>;
      for (const [arn, subs] of Object.entries(saved)) topics.set(arn, subs);
    } catch {
      // A damaged state file starts empty.
    }
  }
  for (const name of opts.topics ?? []) if (!topics.has(topicArn(name))) topics.set(topicArn(name), []);
  const save = () => {
    if (opts.stateFile) fs.writeFileSync(opts.stateFile, JSON.stringify(Object.fromEntries(topics), null, 2));
  };
  const messages: SnsLocalMessage[] = [];
  fs.mkdirSync(path.dirname(opts.outboxFile), { recursive: true });

  const respond = (action: string, result: string) => `<?xml version="1.0"?>
<${action}Response xmlns="${XMLNS}">
  <${action}Result>${result}</${action}Result>
  <ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata>
</${action}Response>`;

  const required = (params: URLSearchParams, name: string) => {
    const v = params.get(name);
    if (v === null || v === '') throw new SnsError(400, 'InvalidParameter', `Invalid parameter: ${name}`);
    return v;
  };
  const topicOf = (arn: string) => {
    const subs = topics.get(arn);
    if (!subs) throw new SnsError(404, 'NotFound', 'Topic does not exist');
    return subs;
  };

  const actions: Record<string, (p: URLSearchParams) => string> = {
    CreateTopic: (p) => {
      const name = required(p, 'Name');
      if (!/^[\w-]{1,256}$/.test(name)) throw new SnsError(400, 'InvalidParameter', 'Invalid parameter: Topic Name');
      const arn = topicArn(name);
      if (!topics.has(arn)) {
        topics.set(arn, []);
        save();
      }
      return `<TopicArn>${xmlEscape(arn)}</TopicArn>`;
    },
    ListTopics: () =>
      `<Topics>${[...topics.keys()].map((arn) => `<member><TopicArn>${xmlEscape(arn)}</TopicArn></member>`).join('')}</Topics>`,
    Subscribe: (p) => {
      const arn = required(p, 'TopicArn');
      const protocol = required(p, 'Protocol');
      const endpoint = required(p, 'Endpoint');
      const subs = topicOf(arn);
      const rawPolicy = entryMap(p, 'Attributes').FilterPolicy;
      let filterPolicy: Record<string, unknown[]> | undefined;
      if (rawPolicy) {
        try {
          filterPolicy = JSON.parse(rawPolicy) as Record<string, unknown[]>;
        } catch {
          throw new SnsError(400, 'InvalidParameter', 'Invalid parameter: FilterPolicy: failed to parse JSON');
        }
      }
      let sub = subs.find(
        (s) =>
          s.protocol === protocol &&
          s.endpoint === endpoint &&
          JSON.stringify(s.filterPolicy) === JSON.stringify(filterPolicy),
      );
      if (!sub) {
        sub = { arn: `${arn}:${randomUUID()}`, protocol, endpoint, ...(filterPolicy ? { filterPolicy } : {}) };
        subs.push(sub);
        save();
        log(
          `[SNS] iscrizione ${protocol}:${endpoint} a ${arn.split(':').pop()}${filterPolicy ? ` (filtro ${JSON.stringify(filterPolicy)})` : ''} (confermata automaticamente in locale)`,
        );
      }
      const pending = protocol === 'email' && p.get('ReturnSubscriptionArn') !== 'true';
      return `<SubscriptionArn>${pending ? 'pending confirmation' : xmlEscape(sub.arn)}</SubscriptionArn>`;
    },
    Unsubscribe: (p) => {
      const arn = required(p, 'SubscriptionArn');
      for (const [topic, subs] of topics) {
        const i = subs.findIndex((s) => s.arn === arn);
        if (i >= 0) {
          const [gone] = subs.splice(i, 1);
          save();
          log(`[SNS] disiscrizione ${gone!.protocol}:${gone!.endpoint} da ${topic.split(':').pop()}`);
          return '';
        }
      }
      throw new SnsError(404, 'NotFound', 'Subscription does not exist');
    },
    ListSubscriptionsByTopic: (p) => {
      const arn = required(p, 'TopicArn');
      return `<Subscriptions>${topicOf(arn)
        .map(
          (s) =>
            `<member><TopicArn>${xmlEscape(arn)}</TopicArn><Protocol>${xmlEscape(s.protocol)}</Protocol><SubscriptionArn>${xmlEscape(s.arn)}</SubscriptionArn><Owner>${account}</Owner><Endpoint>${xmlEscape(s.endpoint)}</Endpoint></member>`,
        )
        .join('')}</Subscriptions>`;
    },
    Publish: (p) => {
      const arn = p.get('TopicArn') || p.get('TargetArn');
      if (!arn)
        throw new SnsError(
          400,
          'InvalidParameter',
          'Invalid parameter: TopicArn or TargetArn Reason: no value for required parameter',
        );
      const message = required(p, 'Message');
      if (Buffer.byteLength(message) > 256 * 1024)
        throw new SnsError(400, 'InvalidParameter', 'Invalid parameter: Message too long');
      const subs = topicOf(arn);
      const attributes = messageAttributes(p);
      const record: SnsLocalMessage = {
        messageId: randomUUID(),
        topicArn: arn,
        subject: p.get('Subject'),
        message,
        attributes,
        deliveredTo: subs
          .filter((s) => matchesFilterPolicy(s.filterPolicy, attributes))
          .map((s) => `${s.protocol}:${s.endpoint}`),
        publishedAt: new Date().toISOString(),
      };
      messages.push(record);
      const to = record.deliveredTo.length ? record.deliveredTo.join(', ') : 'nessun iscritto';
      const oneLine = message.replace(/\s*\n\s*/g, ' | ');
      const line = `[SNS ${arn.split(':').pop()}] a ${to}: ${record.subject ? `${record.subject} — ` : ''}${oneLine}`;
      log(line);
      fs.appendFileSync(opts.outboxFile, `${record.publishedAt} ${line}\n`);
      return `<MessageId>${record.messageId}</MessageId>`;
    },
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, xml: string) => {
      res.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() });
      res.end(xml);
    };
    (async () => {
      if (req.method !== 'POST') throw new SnsError(400, 'InvalidAction', 'Only POST is supported');
      const params = new URLSearchParams(await readBody(req));
      const action = params.get('Action') ?? '';
      const handler = actions[action];
      if (!handler)
        throw new SnsError(400, 'InvalidAction', `The action ${action || '(none)'} is not valid for this endpoint.`);
      // a fault switched on: SNS's own error (faults/service-errors.ts)
      const fault = takeFault(opts.faultsFile, 'sns', action, params.get('TopicArn') ?? '');
      if (fault) {
        const answer = faultAnswer(fault);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
      send(200, respond(action, handler(params)));
    })().catch((e: unknown) => {
      const err = e instanceof SnsError ? e : new SnsError(500, 'InternalError', (e as Error).message);
      send(
        err.status,
        `<?xml version="1.0"?>
<ErrorResponse xmlns="${XMLNS}">
  <Error><Type>${err.status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message></Error>
  <RequestId>${randomUUID()}</RequestId>
</ErrorResponse>`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    topicArn,
    messages,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
