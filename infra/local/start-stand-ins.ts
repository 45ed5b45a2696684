/**
 * One function per stand-in the local runtime starts, each with the settings of the local stage
 * (ports, data folders, bucket and topic names) and its stop registered in the runtime's Stops.
 * The stand-ins themselves live in stand-ins/ (AWS and third parties), gateway/ and origin/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { NOTIFICATIONS_TOPIC } from '../definitions';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER } from '../../shared/seller';
import type { FunctionName } from '../../shared/api/routes';
import type { RuntimeConfig } from '../../shared/runtime-config';
import type { ApiHandler } from '../../functions/lib/context-handler';
import { LOCAL_STAGE } from './functions-env';
import { faultsFile } from './faults/fault-switch';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';
import { PROJECT_ROOT } from './paths';
import { createApiAdapter } from './gateway/api-adapter';
import { createTokenVerifier } from './gateway/token-verifier';
import { StageThrottles } from './gateway/throttle';
import { createWebServer, listenHost } from './origin/web-server';
import { ClientRateLimiter } from './origin/rate-limiter';
import { cognitoLimitsOf } from '../rate-limits';
import type { LocalUserPool } from './bootstrap';
import { LOCAL_STRIPE_KEYS } from './seed/seed-stack';
import { startCognitoLocal, type RunningCognito } from './stand-ins/cognito';
import { startDynamoDbLocal, type RunningDynamo } from './stand-ins/dynamodb';
import { describeMessage, formatOutboxEntry, outboxFile } from './stand-ins/outbox';
import { startS3Local, type RunningS3 } from './stand-ins/s3';
import { startSecretsManagerLocal, type SecretsManagerLocal } from './stand-ins/secrets-manager';
import { startSnsLocal, type SnsLocal } from './stand-ins/sns';
import { startFakeStripe, type FakeStripe } from './stand-ins/stripe/server';
import { startFakeSupplier, type FakeSupplier } from './stand-ins/supplier/server';
import { startMailDevLocal, type RunningMailDev } from './stand-ins/maildev';
import type { CognitoEmailSender } from './stand-ins/cognito-email';

/** The stops of what has started, run in reverse order (a failed start stops what it started). */
export class Stops {
  private readonly stops: (() => Promise<void>)[] = [];
  add(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }
  async stopAll(): Promise<void> {
    for (const stop of this.stops.reverse()) await stop().catch(() => undefined);
    this.stops.length = 0;
  }
}

/** DynamoDB Local (a JVM child process), data in `<data folder>/dynamodb`. */
export async function startDynamoDb(stops: Stops, port: number, dataDir: string): Promise<RunningDynamo> {
  const dynamo = await startDynamoDbLocal(port, path.join(dataDir, 'dynamodb'));
  stops.add(dynamo.stop);
  return dynamo;
}

/** s3rver with the stage's buckets, data in `<data folder>/s3`. */
export async function startS3(stops: Stops, port: number, dataDir: string, buckets: string[]): Promise<RunningS3> {
  const s3 = await startS3Local(port, path.join(dataDir, 's3'), buckets, faultsFile(dataDir));
  stops.add(s3.stop);
  return s3;
}

/** cognito-local as the runtime uses it: its endpoint, and a restart around a change of its data file. */
export interface LocalCognito {
  readonly endpoint: string;
  /** From now on, every code sent by email also goes out through `sender` (Cognito's email sending, to MailDev). */
  sendEmailsWith(sender: CognitoEmailSender): void;
  /** Stops cognito-local, runs `patch` on its stopped data folder, starts it again on the same port. */
  patchWhileStopped(patch: () => void): Promise<void>;
}

/**
 * cognito-local behind its proxy, data in `<data folder>/cognito`; every code it sends is printed
 * through `log` and appended to the outbox the moment it is sent. Its triggers are invoked through
 * the shop's Lambda-invoke stand-in.
 */
export async function startCognito(
  stops: Stops,
  opts: {
    port: number;
    dataDir: string;
    shopPort: number;
    fixedCode?: string;
    log: (message: string) => void;
    /** Enforce the user pool web ACL's per-IP limits (infra/rate-limits.ts COGNITO_RATE_LIMITS). */
    clientRateLimits?: boolean;
  },
): Promise<LocalCognito> {
  const dir = path.join(opts.dataDir, 'cognito');
  const outbox = outboxFile(opts.dataDir);
  let emailSender: CognitoEmailSender | null = null;
  const start = async () => {
    const c = await startCognitoLocal(
      opts.port,
      dir,
      opts.fixedCode,
      `http://127.0.0.1:${opts.shopPort}`,
      opts.clientRateLimits ? new ClientRateLimiter((_method, operation) => cognitoLimitsOf(operation)) : undefined,
      faultsFile(opts.dataDir),
    );
    // Locally, codes are read from the console or the outbox, the moment cognito-local sends them;
    // an emailed code also goes to MailDev in the shop's template, as Cognito sends it through SES.
    c.onMessage((message) => {
      opts.log(`[posta/SMS] ${describeMessage(message)}`);
      fs.appendFileSync(outbox, formatOutboxEntry(message, new Date()));
      if (emailSender && message.destination.includes('@'))
        emailSender(message).catch((e: unknown) => console.error('[cognito] email non inviata', e));
    });
    return c;
  };
  let current: RunningCognito | null = null;
  stops.add(async () => current?.stop());
  current = await start();
  return {
    endpoint: current.endpoint,
    sendEmailsWith(sender) {
      emailSender = sender;
    },
    async patchWhileStopped(patch) {
      await current?.stop();
      current = null;
      patch();
      current = await start();
    },
  };
}

/** The SNS stand-in with the stage's notifications topic; topics and subscriptions persist in `<data folder>/sns-state.json`. */
export async function startSns(
  stops: Stops,
  opts: { port: number; dataDir: string; log: (message: string) => void },
): Promise<SnsLocal> {
  const sns = await startSnsLocal({
    port: opts.port,
    outboxFile: outboxFile(opts.dataDir),
    region: LOCAL_REGION,
    topics: [`${NOTIFICATIONS_TOPIC.baseName}-${LOCAL_STAGE}`],
    stateFile: path.join(opts.dataDir, 'sns-state.json'),
    faultsFile: faultsFile(opts.dataDir),
    log: opts.log,
  });
  stops.add(sns.stop);
  return sns;
}

/** The Secrets Manager stand-in; secrets persist in `<data folder>/secrets-manager.json` (mode 0600). */
export async function startSecretsManager(stops: Stops, port: number, dataDir: string): Promise<SecretsManagerLocal> {
  const secrets = await startSecretsManagerLocal({
    port,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    stateFile: path.join(dataDir, 'secrets-manager.json'),
    faultsFile: faultsFile(dataDir),
  });
  stops.add(secrets.stop);
  return secrets;
}

/** MailDev (SES's stand-in for customer email): SMTP and its web inbox, mail kept in `<data folder>/maildev`. */
export async function startMail(
  stops: Stops,
  opts: { smtpPort: number; webPort: number; dataDir: string },
): Promise<RunningMailDev> {
  const mail = await startMailDevLocal({ ...opts, mailDirectory: path.join(opts.dataDir, 'maildev') });
  stops.add(mail.stop);
  return mail;
}

/** The fake supplier (product pages and stock API), reachable as localhost and 127.0.0.1. */
export async function startSupplier(
  stops: Stops,
  opts: { port: number; log: (message: string) => void; dataDir?: string },
): Promise<FakeSupplier> {
  const supplier = await startFakeSupplier({
    port: opts.port,
    publicUrl: `http://localhost:${opts.port}`,
    ipv6Loopback: true,
    ...(opts.dataDir ? { faultsFile: faultsFile(opts.dataDir) } : {}),
    log: opts.log,
  });
  stops.add(supplier.stop);
  return supplier;
}

/**
 * The fake Stripe, posting its events to the shop's webhook route, signed with the webhook secret
 * the shop has stored in its payment secret (read at each delivery, so a key change applies at
 * once). Its account's only API key is the shipped test key, like a real account's: a key the
 * admin saves that Stripe never issued is refused (401), locally as in the cloud.
 */
export async function startStripe(
  stops: Stops,
  opts: {
    port: number;
    shopPort: number;
    secrets: SecretsManagerLocal;
    paymentSecret: string;
    /** Where the account's objects survive a restart (the data folder's stripe-state.json). */
    stateFile: string;
    /** The runtime's faults file (infra/local/faults/fault-switch.ts). */
    faultsFile?: string;
    log: (m: string) => void;
  },
): Promise<FakeStripe> {
  const webhookSecret = () => {
    try {
      const stored = JSON.parse(opts.secrets.currentValue(opts.paymentSecret) ?? '{}') as {
        stripe_webhook_secret?: string;
      };
      return stored.stripe_webhook_secret || null;
    } catch {
      return null;
    }
  };
  const stripe = await startFakeStripe({
    port: opts.port,
    publicUrl: `http://localhost:${opts.port}`,
    webhookUrl: `http://127.0.0.1:${opts.shopPort}/api/webhooks/stripe`,
    webhookSecret,
    secretKeys: () => [LOCAL_STRIPE_KEYS.secret],
    stateFile: opts.stateFile,
    ...(opts.faultsFile ? { faultsFile: opts.faultsFile } : {}),
    log: opts.log,
  });
  stops.add(stripe.stop);
  return stripe;
}

/**
 * The shop's origin: the SPA from dist/web, /media from the images bucket, /api through the API
 * Gateway adapter (the real handlers, loaded on first use, behind the JWT authorizer's stand-in).
 * @returns the listening server
 */
export async function startShop(
  stops: Stops,
  opts: {
    port: number;
    host: string | undefined;
    cognitoEndpoint: string;
    pool: LocalUserPool;
    mediaBaseUrl: string;
    /** Enforce the WAF's per-IP limits (infra/rate-limits.ts). */
    clientRateLimits: boolean;
    /** The origin-verify value the origin adds to every API request, as CloudFront does. */
    originVerify: string;
    /** The web bucket on s3rver: the published documents (web-server.ts). */
    publishedBaseUrl: string;
    /** Enforce API Gateway's stage and route throttles (gateway/throttle.ts); default true. */
    apiThrottles?: boolean;
  },
): Promise<http.Server> {
  const handlers = new Map<FunctionName, Promise<ApiHandler>>();
  const loadHandler = (fn: FunctionName) => {
    let h = handlers.get(fn);
    if (!h) {
      h = import(`../../functions/${fn}/index.ts`).then((m: { handler: ApiHandler }) => m.handler);
      handlers.set(fn, h);
    }
    return h;
  };
  const { pool } = opts;
  const api = createApiAdapter(
    loadHandler,
    createTokenVerifier(opts.cognitoEndpoint, pool.userPoolId, pool.userPoolClientId),
    opts.apiThrottles === false ? null : new StageThrottles(),
  );
  const server = createWebServer({
    webRoot: path.join(PROJECT_ROOT, 'dist/web'),
    mediaBaseUrl: opts.mediaBaseUrl,
    publishedBaseUrl: opts.publishedBaseUrl,
    api,
    originVerify: opts.originVerify,
    // presigned uploads go to the local bucket endpoint (s3rver), sign-in to the local Cognito
    cspSources: { cognito: opts.cognitoEndpoint, uploadOrigins: [new URL(opts.mediaBaseUrl).origin] },
    ...(opts.clientRateLimits ? { rateLimiter: new ClientRateLimiter() } : {}),
    config: {
      apiBaseUrl: '',
      stage: LOCAL_STAGE,
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      cognitoEndpoint: opts.cognitoEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      supportEmail: DEFAULT_SUPPORT_EMAIL,
      seller: DEMO_SELLER,
      local: true,
    } satisfies RuntimeConfig,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? listenHost(), () => resolve());
  });
  stops.add(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return server;
}
