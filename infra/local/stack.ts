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
import { BUCKETS, FUNCTION_ENV, tableName } from '../definitions';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import type { RuntimeConfig } from '../../shared/runtime-config';
import type { FunctionName } from '../../shared/api/routes';
import type { ApiHandler } from '../../functions/lib/context-handler';
import { startDynamoDbLocal } from './dynamodb-local';
import { startS3Local, localS3Client } from './s3-local';
import { hasSeededMfa, seedMfa, startCognitoLocal } from './cognito-local';
import { ensureTable, ensureUserPool, localCognitoClient, type LocalUserPool } from './bootstrap';
import { createApiAdapter } from './api-adapter';
import { createTokenVerifier } from './token-verifier';
import { createWebServer, listenHost } from './web-server';
import { assertPortFree } from './ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws';
import { DEMO_ACCOUNTS, DEMO_MFA, ensureDemoAccounts, type CreatedAccount } from './demo-accounts';
import { startFakeStripe, type FakeStripe } from './stripe-fake';
import { guardClient, runAsFunction } from './iam-guard';
import { seedDigitalAssets } from './seed/seed-digital';
import { PROJECT_ROOT } from './paths';
import { describeMessage, formatOutboxEntry, outboxFile } from './outbox';

export const LOCAL_STAGE = 'local';

export interface LocalPorts {
  web: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  stripe: number;
}

/** Test keys the local runtime ships: the real SDK uses them against the fake Stripe API. */
export const LOCAL_STRIPE_KEYS = {
  publishable: 'pk_test_aurum_local',
  secret: 'sk_test_aurum_local',
  webhook: 'whsec_aurum_local_signing_secret',
} as const;

/** How often the local runtime runs the reservation expiry sweep (EventBridge Scheduler in the cloud). */
export const SWEEP_INTERVAL_MS = 60_000;

export interface LocalStackOptions {
  /** Folder for persistent data (git-ignored). */
  dataDir: string;
  ports: LocalPorts;
  /** Fixed Cognito confirmation/MFA code (tests). */
  fixedCode?: string;
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
}

function readState(file: string): LocalState {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalState;
  } catch {
    return { pool: null, accounts: [], seededAt: null, backOfficeSeededAt: null };
  }
}

/** The environment the functions get: table, buckets, and the SDK's standard endpoint variables. */
export function functionsEnvironment(args: { dynamodb: string; s3: string; cognito: string; userPoolId: string; userPoolClientId: string; dataDir: string; shopUrl: string; stripe: string }): Record<string, string> {
  return {
    LOCAL_SECRETS_FILE: path.join(args.dataDir, 'secrets.json'),
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
      startDynamoDbLocal(ports.dynamodb, path.join(opts.dataDir, 'dynamodb')).then((d) => { stops.push(d.stop); return d; }),
      startS3Local(ports.s3, path.join(opts.dataDir, 's3'), [imagesBucket, filesBucket]).then((s) => { stops.push(s.stop); return s; }),
      startCognito().then((c) => { cognitoStop = c.stop; return c; }),
    ]);
    let cognito = firstCognito;

    const createdTable = await ensureTable(dynamo.endpoint, tableName(LOCAL_STAGE));
    const { pool, created: createdPool } = await ensureUserPool(cognito.endpoint, LOCAL_STAGE, state.pool);
    const url = `http://localhost:${ports.web}`;
    const env = functionsEnvironment({
      dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: cognito.endpoint, userPoolId: pool.userPoolId, userPoolClientId: pool.userPoolClientId,
      dataDir: opts.dataDir, shopUrl: url, stripe: `http://127.0.0.1:${ports.stripe}`,
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
      const summary = await seedCatalog({ s3: s3Client, imagesBucket, commenterIds: accounts.filter((a) => a.role === 'user').map((a) => a.sub), log });
      const assets = await seedDigitalAssets({ s3: s3Client, filesBucket });
      s3Client.destroy();
      log(`File digitali: ${assets} PDF nel bucket privato.`);
      // Profiles reference plans, which exist only now: write them again.
      accounts = await ensureDemoAccounts(localCognitoClient(cognito.endpoint), pool.userPoolId);
      log(`Catalogo: ${summary.products} prodotti, ${summary.categories} categorie, ${summary.bundles} bundle, ${summary.plans} piani, ${summary.images} immagini.`);
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
      await savePaymentSecrets({ stripe_secret_key: LOCAL_STRIPE_KEYS.secret, stripe_webhook_secret: LOCAL_STRIPE_KEYS.webhook });
      await putPaymentSettings(LOCAL_STRIPE_KEYS.publishable);
      log('Pagamenti: chiavi Stripe di test configurate (API Stripe finta locale).');
    }
    const { runMigrations } = await import('../../functions/data/migrations');
    await runMigrations(log);
    let backOfficeSeededAt = state.backOfficeSeededAt ?? null;
    if (seededNow || !backOfficeSeededAt) {
      const { seedBackOffice } = await import('./seed/seed-back-office');
      const seeded = await seedBackOffice({ cognito: localCognitoClient(cognito.endpoint), userPoolId: pool.userPoolId, accounts });
      log(`Back office: ${seeded.shippingMethods} metodi di spedizione, ${seeded.discountCodes} codici sconto, ${seeded.customers} clienti, ${seeded.orders} ordini.`);
      backOfficeSeededAt = new Date().toISOString();
    }
    fs.writeFileSync(stateFile, JSON.stringify({ pool, accounts, seededAt: seededNow ? new Date().toISOString() : state.seededAt, backOfficeSeededAt } satisfies LocalState, null, 2));

    // Each function's SDK calls are checked against its grants (infra/stacks/function-permissions.ts).
    const localBuckets = { images: imagesBucket, files: filesBucket };
    const [{ dynamoClient }, { getS3 }, { getCognitoClient }] = await Promise.all([
      import('../../functions/lib/dynamo'), import('../../functions/lib/s3'), import('../../functions/lib/cognito'),
    ]);
    guardClient(dynamoClient, 'dynamodb', localBuckets);
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
    const api = createApiAdapter(loadHandler, createTokenVerifier(cognito.endpoint, pool.userPoolId, pool.userPoolClientId));
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
    stops.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

    const secretsFile = env.LOCAL_SECRETS_FILE!;
    const readSecrets = () => { try { return JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { stripe_secret_key?: string; stripe_webhook_secret?: string }; } catch { return {}; } };
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
    const timer = setInterval(() => { sweep().catch((e) => console.error('[sweep]', e)); }, SWEEP_INTERVAL_MS);
    timer.unref();
    stops.push(async () => clearInterval(timer));

    const bound = server.address();
    return {
      url,
      listenAddress: typeof bound === 'object' && bound ? bound.address : '',
      ports,
      env,
      pool,
      accounts,
      seededNow,
      cognitoEndpoint: cognito.endpoint,
      s3Endpoint: s3.endpoint,
      dynamodbEndpoint: dynamo.endpoint,
      stripe,
      sweep,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
