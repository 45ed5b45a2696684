/**
 * The embedded local runtime: DynamoDB Local, s3rver, cognito-local, the API Gateway v2 adapter
 * over the real handlers and the SPA origin, stood up from the same definitions the CDK stacks
 * use. Used by `npm start` (infra/local/start.ts) and by the integration and end-to-end tests
 * (on free ports, in a throwaway data folder).
 */
// First: logging defaults before any function module creates its logger.
import './log-defaults';
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import {
  AUTOMATIONS_ENV,
  BUCKETS,
  FUNCTION_ENV,
  NOTIFICATIONS_TOPIC,
  STOCK_SYNC_RATE_ENV,
  rateToMs,
  tableName,
} from '../definitions';
import { SCHEDULED_JOBS } from '../../functions/triggers';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import type { RuntimeConfig } from '../../shared/runtime-config';
import type { FunctionName } from '../../shared/api/routes';
import type { ApiHandler } from '../../functions/lib/context-handler';
import { startDynamoDbLocal } from './twins/dynamodb';
import { startS3Local, localS3Client } from './twins/s3';
import { hasSeededMfa, seedMfa, startCognitoLocal } from './twins/cognito';
import { ensureTable, ensureUserPool, localCognitoClient, type LocalUserPool } from './bootstrap';
import { createApiAdapter } from './gateway/api-adapter';
import { createTokenVerifier } from './gateway/token-verifier';
import { createWebServer, listenHost } from './origin/web-server';
import { assertPortFree } from './ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';
import { DEMO_ACCOUNTS, DEMO_MFA, ensureDemoAccounts, type CreatedAccount } from './seed/demo-accounts';
import { startFakeStripe, type FakeStripe } from './twins/stripe/server';
import { guardClient, runAsFunction } from './gateway/iam-guard';
import { seedDigitalAssets } from './seed/seed-digital';
import { PROJECT_ROOT } from './paths';
import { describeMessage, formatOutboxEntry, outboxFile } from './twins/outbox';
import { FAKE_SUPPLIER_API_KEY, startFakeSupplier, type FakeSupplier } from './twins/supplier/server';
import { startSnsLocal, type SnsLocal } from './twins/sns';
import { LOCAL_STOCK_SYNC_FUNCTION, observeAsyncInvokes, settleAsyncInvokes } from './twins/lambda';
import { freePort } from './ports';

export const LOCAL_STAGE = 'local';

export interface LocalPorts {
  web: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  stripe: number;
  /** The fake supplier (issue 9); a free port when not given. */
  supplier?: number;
  /** The SNS twin; a free port when not given. */
  sns?: number;
}

/** Test keys the local runtime ships: the real SDK uses them against the fake Stripe API. */
export const LOCAL_STRIPE_KEYS = {
  publishable: 'pk_test_aurum_local',
  secret: 'sk_test_aurum_local',
  webhook: 'whsec_aurum_local_signing_secret',
} as const;

/** How often the local runtime runs the reservation expiry sweep (EventBridge Scheduler in the cloud). */
export const SWEEP_INTERVAL_MS = 60_000;

/** The stock-sync rate: STOCK_SYNC_RATE when set, else the SCHEDULED_JOBS default (the cloud's). */
export function stockSyncRate(env: NodeJS.ProcessEnv = process.env): string {
  return env[STOCK_SYNC_RATE_ENV] || SCHEDULED_JOBS.find((j) => j.name === 'stock-sync')!.schedule;
}

export interface LocalStackOptions {
  /** Folder for persistent data (git-ignored). */
  dataDir: string;
  ports: LocalPorts;
  /** Fixed Cognito confirmation/MFA code (tests). */
  fixedCode?: string;
  /** Run one stock sync right after start (npm start: the seeded links get their first levels). Default false. */
  initialStockSync?: boolean;
  /** Progress output. */
  log?: (message: string) => void;
  /** Interface the shop listens on (default: env HOST, else 127.0.0.1: loopback only). */
  host?: string;
}

export interface LocalStack {
  url: string;
  /** Address the shop's server is bound to (e.g. '127.0.0.1'). */
  listenAddress: string;
  ports: LocalPorts;
  env: Record<string, string>;
  pool: LocalUserPool;
  accounts: CreatedAccount[];
  /** True when this start created the table and seeded the catalogue. */
  seededNow: boolean;
  cognitoEndpoint: string;
  s3Endpoint: string;
  dynamodbEndpoint: string;
  stripe: FakeStripe;
  /** The fake supplier (its port, control API, stock levels). */
  fakeSupplier: FakeSupplier;
  /** The SNS twin (messages published since start). */
  sns: SnsLocal;
  /**
   * Fires the scheduled stock sync now, exactly as the local scheduler's timer does: an
   * asynchronous invoke of the job through the Lambda-invoke twin with the scheduler's event.
   */
  scheduleStockSync(): Promise<void>;
  /** Runs the expiry sweep now (tests). */
  sweep(now?: Date): Promise<{ released: number; fulfilled: number }>;
  stop(): Promise<void>;
}

interface LocalState {
  pool: LocalUserPool | null;
  accounts: CreatedAccount[];
  seededAt: string | null;
  /** When the back office's data (shipping, codes, customers, orders) was seeded; null: not yet (also for data folders from before it existed). */
  backOfficeSeededAt?: string | null;
  /** When the suppliers of issue 9 were seeded (data folders from before get them at the next start). */
  suppliersSeededAt?: string | null;
}

function readState(file: string): LocalState {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalState;
  } catch {
    return { pool: null, accounts: [], seededAt: null, backOfficeSeededAt: null };
  }
}

/** The environment the functions get: table, buckets, and the SDK's standard endpoint variables. */
export function functionsEnvironment(args: {
  dynamodb: string;
  s3: string;
  cognito: string;
  userPoolId: string;
  userPoolClientId: string;
  dataDir: string;
  shopUrl: string;
  stripe: string;
  sns: string;
  lambda: string;
}): Record<string, string> {
  return {
    LOCAL_SECRETS_FILE: path.join(args.dataDir, 'secrets.json'),
    LOCAL_SUPPLIER_SECRETS_FILE: path.join(args.dataDir, 'supplier-secrets.json'),
    // Local stage only: the fake supplier listens on 127.0.0.1 (safe-fetch refuses loopback otherwise).
    [AUTOMATIONS_ENV.allowLoopback]: '1',
    [AUTOMATIONS_ENV.topicArn]: `arn:aws:sns:${LOCAL_REGION}:000000000000:${NOTIFICATIONS_TOPIC.baseName}-${LOCAL_STAGE}`,
    [AUTOMATIONS_ENV.stockSyncFunction]: LOCAL_STOCK_SYNC_FUNCTION,
    AWS_ENDPOINT_URL_SNS: args.sns,
    AWS_ENDPOINT_URL_LAMBDA: args.lambda,
    STRIPE_API_BASE: args.stripe,
    SHOP_URL: args.shopUrl,
    [FUNCTION_ENV.tableName]: tableName(LOCAL_STAGE),
    [FUNCTION_ENV.imagesBucket]: `${BUCKETS.images.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.filesBucket]: `${BUCKETS.files.baseName}-${LOCAL_STAGE}`,
    [FUNCTION_ENV.supportEmail]: DEFAULT_SUPPORT_EMAIL,
    [FUNCTION_ENV.userPoolId]: args.userPoolId,
    [FUNCTION_ENV.userPoolClientId]: args.userPoolClientId,
    [FUNCTION_ENV.jwtIssuer]: `${args.cognito}/${args.userPoolId}`,
    [FUNCTION_ENV.stage]: LOCAL_STAGE,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: args.dynamodb,
    AWS_ENDPOINT_URL_S3: args.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: args.cognito,
    S3_FORCE_PATH_STYLE: '1',
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}

/**
 * Starts everything. Order: check ports, DynamoDB Local + s3rver + cognito-local in parallel,
 * table, user pool and groups, functions environment, seed on first start, demo accounts, web.
 * @throws PortInUseError naming the service when a port is taken
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const { ports } = opts;
  await assertPortFree(ports.web, 'shop');
  await assertPortFree(ports.dynamodb, 'DynamoDB Local');
  await assertPortFree(ports.s3, 's3rver');
  await assertPortFree(ports.cognito, 'cognito-local');
  await assertPortFree(ports.stripe, 'Stripe finto');
  const supplierPort = ports.supplier ?? (await freePort());
  const snsPort = ports.sns ?? (await freePort());
  if (ports.supplier) await assertPortFree(ports.supplier, 'fornitore finto');
  if (ports.sns) await assertPortFree(ports.sns, 'SNS locale');
  const allPorts: LocalPorts = { ...ports, supplier: supplierPort, sns: snsPort };

  fs.mkdirSync(opts.dataDir, { recursive: true });
  const stateFile = path.join(opts.dataDir, 'state.json');
  const state = readState(stateFile);
  const imagesBucket = `${BUCKETS.images.baseName}-${LOCAL_STAGE}`;
  const filesBucket = `${BUCKETS.files.baseName}-${LOCAL_STAGE}`;

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
  };
  try {
    log('Avvio DynamoDB Local, s3rver e cognito-local...');
    const cognitoDir = path.join(opts.dataDir, 'cognito');
    const outbox = outboxFile(opts.dataDir);
    const startCognito = async () => {
      const c = await startCognitoLocal(ports.cognito, cognitoDir, opts.fixedCode, `http://127.0.0.1:${ports.web}`);
      // Locally, codes are read from the console or the outbox, the moment cognito-local sends them.
      c.onMessage((message) => {
        log(`[posta/SMS] ${describeMessage(message)}`);
        fs.appendFileSync(outbox, formatOutboxEntry(message, new Date()));
      });
      return c;
    };
    let cognitoStop: () => Promise<void> = async () => undefined;
    stops.push(() => cognitoStop());
    const [dynamo, s3, firstCognito] = await Promise.all([
      startDynamoDbLocal(ports.dynamodb, path.join(opts.dataDir, 'dynamodb')).then((d) => {
        stops.push(d.stop);
        return d;
      }),
      startS3Local(ports.s3, path.join(opts.dataDir, 's3'), [imagesBucket, filesBucket]).then((s) => {
        stops.push(s.stop);
        return s;
      }),
      startCognito().then((c) => {
        cognitoStop = c.stop;
        return c;
      }),
    ]);
    let cognito = firstCognito;
    const sns = await startSnsLocal({
      port: snsPort,
      outboxFile: outbox,
      region: LOCAL_REGION,
      topics: [`${NOTIFICATIONS_TOPIC.baseName}-${LOCAL_STAGE}`],
      stateFile: path.join(opts.dataDir, 'sns-state.json'),
      log,
    });
    stops.push(sns.stop);
    const fakeSupplier = await startFakeSupplier({
      port: supplierPort,
      publicUrl: `http://localhost:${supplierPort}`,
      ipv6Loopback: true,
      log,
    });
    stops.push(fakeSupplier.stop);

    const table = await ensureTable(dynamo.endpoint, tableName(LOCAL_STAGE));
    const createdTable = table.created;
    if (table.addedIndexes.length) log(`Tabella: aggiunti gli indici ${table.addedIndexes.join(', ')}.`);
    const { pool, created: createdPool } = await ensureUserPool(cognito.endpoint, LOCAL_STAGE, state.pool);
    const url = `http://localhost:${ports.web}`;
    const env = functionsEnvironment({
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      cognito: cognito.endpoint,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      dataDir: opts.dataDir,
      shopUrl: url,
      stripe: `http://127.0.0.1:${ports.stripe}`,
      sns: sns.endpoint,
      lambda: `http://127.0.0.1:${ports.web}`,
    });
    Object.assign(process.env, env);

    let seededNow = false;
    // Accounts recorded by an earlier start get the current demo definitions (e.g. a TOTP secret).
    let accounts = state.accounts.map((a) => ({ ...a, ...DEMO_ACCOUNTS.find((d) => d.email === a.email) }));
    if (createdTable || !state.seededAt) {
      log('Prima esecuzione: creo il catalogo di esempio...');
      const { seedCatalog } = await import('./seed/seed-catalog');
      accounts = await ensureDemoAccounts(localCognitoClient(cognito.endpoint), pool.userPoolId);
      const s3Client = localS3Client(s3.endpoint);
      const summary = await seedCatalog({
        s3: s3Client,
        imagesBucket,
        commenterIds: accounts.filter((a) => a.role === 'user').map((a) => a.sub),
        log,
      });
      const assets = await seedDigitalAssets({ s3: s3Client, filesBucket });
      s3Client.destroy();
      log(`File digitali: ${assets} PDF nel bucket privato.`);
      // Profiles reference plans, which exist only now: write them again.
      accounts = await ensureDemoAccounts(localCognitoClient(cognito.endpoint), pool.userPoolId);
      log(
        `Catalogo: ${summary.products} prodotti, ${summary.categories} categorie, ${summary.bundles} bundle, ${summary.plans} piani, ${summary.images} immagini.`,
      );
      seededNow = true;
    } else if (createdPool) {
      accounts = await ensureDemoAccounts(localCognitoClient(cognito.endpoint), pool.userPoolId);
    }
    if (!hasSeededMfa(cognitoDir, pool.userPoolId, DEMO_MFA)) {
      // Staff must pass MFA (admin: SMS, collaborator: authenticator app with the demo secret);
      // cognito-local needs its data file patched while stopped.
      await cognito.stop();
      seedMfa(cognitoDir, pool.userPoolId, DEMO_MFA);
      cognito = await startCognito();
      cognitoStop = cognito.stop;
    }
    const { getPaymentSettings, putPaymentSettings } = await import('../../functions/data/settings-repository');
    if (!(await getPaymentSettings()).stripe_publishable_key) {
      const { savePaymentSecrets } = await import('../../functions/lib/secrets');
      await savePaymentSecrets({
        stripe_secret_key: LOCAL_STRIPE_KEYS.secret,
        stripe_webhook_secret: LOCAL_STRIPE_KEYS.webhook,
      });
      await putPaymentSettings(LOCAL_STRIPE_KEYS.publishable);
      log('Pagamenti: chiavi Stripe di test configurate (API Stripe finta locale).');
    }
    // Items written by an earlier version get the index attributes this version reads (idempotent).
    const { runMigrations } = await import('../../functions/data/migrations');
    await runMigrations(log);
    let backOfficeSeededAt = state.backOfficeSeededAt ?? null;
    if (seededNow || !backOfficeSeededAt) {
      const { seedBackOffice } = await import('./seed/seed-back-office');
      const seeded = await seedBackOffice({
        cognito: localCognitoClient(cognito.endpoint),
        userPoolId: pool.userPoolId,
        accounts,
      });
      log(
        `Back office: ${seeded.shippingMethods} metodi di spedizione, ${seeded.discountCodes} codici sconto, ${seeded.customers} clienti, ${seeded.orders} ordini.`,
      );
      backOfficeSeededAt = new Date().toISOString();
    }

    // Notifications: the stage topic with the admin's email, as CDK subscribes it in the cloud.
    const { SNSClient, SubscribeCommand } = await import('@aws-sdk/client-sns');
    const snsClient = new SNSClient({});
    await snsClient.send(
      new SubscribeCommand({
        TopicArn: env[AUTOMATIONS_ENV.topicArn],
        Protocol: 'email',
        Endpoint: DEFAULT_SUPPORT_EMAIL,
      }),
    );
    snsClient.destroy();
    const { ensureSupplierSeed } = await import('./seed/seed-suppliers');
    const seedSuppliers = seededNow || !state.suppliersSeededAt;
    await ensureSupplierSeed({ port: supplierPort, apiKey: FAKE_SUPPLIER_API_KEY }, seedSuppliers);
    if (seedSuppliers)
      log(
        `Fornitori: 2 fornitori collegati al fornitore finto su http://localhost:${supplierPort} (uno con API delle scorte, uno solo pagine).`,
      );
    fs.writeFileSync(
      stateFile,
      JSON.stringify(
        {
          pool,
          accounts,
          seededAt: seededNow ? new Date().toISOString() : state.seededAt,
          backOfficeSeededAt,
          suppliersSeededAt: seedSuppliers ? new Date().toISOString() : (state.suppliersSeededAt ?? null),
        } satisfies LocalState,
        null,
        2,
      ),
    );

    // Each function's SDK calls are checked against its grants (infra/stacks/function-permissions.ts).
    const localBuckets = { images: imagesBucket, files: filesBucket };
    const [{ ddb }, { getS3 }, { getCognitoClient }] = await Promise.all([
      import('../../functions/lib/dynamo'),
      import('../../functions/lib/s3'),
      import('../../functions/lib/cognito'),
    ]);
    guardClient(ddb, 'dynamodb', localBuckets);
    guardClient(await getS3(), 's3', localBuckets);
    guardClient(await getCognitoClient(), 'cognito-idp', localBuckets);

    const handlers = new Map<FunctionName, Promise<ApiHandler>>();
    const loadHandler = (fn: FunctionName) => {
      let h = handlers.get(fn);
      if (!h) {
        h = import(`../../functions/${fn}/index.ts`).then((m: { handler: ApiHandler }) => m.handler);
        handlers.set(fn, h);
      }
      return h;
    };
    const api = createApiAdapter(
      loadHandler,
      createTokenVerifier(cognito.endpoint, pool.userPoolId, pool.userPoolClientId),
    );
    const server: http.Server = createWebServer({
      webRoot: path.join(PROJECT_ROOT, 'dist/web'),
      mediaBaseUrl: `${s3.endpoint}/${imagesBucket}`,
      api,
      config: {
        apiBaseUrl: '',
        stage: LOCAL_STAGE,
        region: LOCAL_REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        cognitoEndpoint: cognito.endpoint,
        authFlow: 'USER_PASSWORD_AUTH',
        supportEmail: DEFAULT_SUPPORT_EMAIL,
        local: true,
      } satisfies RuntimeConfig,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports.web, opts.host ?? listenHost(), () => resolve());
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );

    const secretsFile = env.LOCAL_SECRETS_FILE!;
    const readSecrets = () => {
      try {
        return JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as {
          stripe_secret_key?: string;
          stripe_webhook_secret?: string;
        };
      } catch {
        return {};
      }
    };
    const stripe = await startFakeStripe({
      port: ports.stripe,
      publicUrl: `http://localhost:${ports.stripe}`,
      webhookUrl: `http://127.0.0.1:${ports.web}/api/webhooks/stripe`,
      webhookSecret: () => readSecrets().stripe_webhook_secret ?? null,
      // The fake Stripe account's API key, like a real account's: a key the admin saves that Stripe
      // never issued is refused (401), locally as in the cloud.
      secretKeys: () => [LOCAL_STRIPE_KEYS.secret],
      log,
    });
    stops.push(stripe.stop);
    const { sweepExpiredReservations } = await import('../../functions/checkout/abandon');
    const sweep = (now?: Date) => runAsFunction('release-reservations', () => sweepExpiredReservations(now));
    const timer = setInterval(() => {
      sweep().catch((e) => console.error('[sweep]', e));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    stops.push(async () => clearInterval(timer));

    // EventBridge Scheduler's stand-in for the stock sync: the same rate expression, the same
    // asynchronous invoke of the job with the scheduler's event, through the Lambda-invoke twin.
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({});
    const scheduleStockSync = async () => {
      await lambda.send(
        new InvokeCommand({
          FunctionName: LOCAL_STOCK_SYNC_FUNCTION,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify({ trigger: 'schedule' })),
        }),
      );
    };
    observeAsyncInvokes((name, { result, error }) => {
      if (name !== 'stock-sync') return;
      if (error) log(`[scorte] sincronizzazione fallita: ${error.message}`);
      else if (result && typeof result === 'object' && 'run_id' in result) {
        const r = result as unknown as { checked: number; changed: number; failed: number };
        log(
          `[scorte] sincronizzazione completata: ${r.checked} prodotti controllati, ${r.changed} cambiati, ${r.failed} con errori.`,
        );
      }
    });
    const rate = stockSyncRate();
    const syncTimer = setInterval(() => {
      scheduleStockSync().catch((e) => console.error('[stock-sync]', e));
    }, rateToMs(rate));
    syncTimer.unref();
    stops.push(async () => {
      clearInterval(syncTimer);
      observeAsyncInvokes(null);
      await settleAsyncInvokes();
      lambda.destroy();
    });
    log(`Sincronizzazione scorte pianificata: ${rate}${opts.initialStockSync ? ', la prima adesso' : ''}.`);
    if (opts.initialStockSync) await scheduleStockSync();

    const bound = server.address();
    return {
      url,
      listenAddress: typeof bound === 'object' && bound ? bound.address : '',
      ports: allPorts,
      env,
      pool,
      accounts,
      seededNow,
      cognitoEndpoint: cognito.endpoint,
      s3Endpoint: s3.endpoint,
      dynamodbEndpoint: dynamo.endpoint,
      stripe,
      fakeSupplier,
      sns,
      scheduleStockSync,
      sweep,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
