/**
 * The embedded local runtime: DynamoDB Local, s3rver, cognito-local, the SNS and Secrets Manager
 * stand-ins, the fake supplier, the fake Stripe, the API Gateway adapter over the real handlers and the SPA origin,
 * stood up from the same definitions the CDK stacks use. Used by `npm start` (start.ts) and by the
 * integration and end-to-end tests (on free ports, in a throwaway data folder).
 *
 * The order: ports checked; the stand-ins (stand-ins.ts); the table, the user pool and the
 * secrets (bootstrap.ts); the functions' environment (functions-env.ts); seeding (seed/seed-stack.ts);
 * each function's SDK clients put under its grants (gateway/iam-guard.ts); the stream relay
 * (stand-ins/dynamodb-streams.ts); the shop; the fake Stripe; the schedules (stand-ins/scheduler.ts).
 */
// First: logging defaults before any function module creates its logger.
import './process-defaults';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';
import { BUCKETS, tableName } from '../definitions';
import { STREAM_CONSUMERS } from '../../functions/triggers';
import { ensureSecrets, ensureTable, ensureUserPool, originVerifyValue, type LocalUserPool } from './bootstrap';
import { functionsEnvironment, LOCAL_STAGE, LOCAL_STAGE_SETTINGS } from './functions-env';
import { guardClient, runAsFunction } from './gateway/iam-guard';
import { assertPortFree, freePort, PortInUseError } from './ports';
import { readState, seedLocalStack } from './seed/seed-stack';
import type { CreatedAccount } from './seed/demo-accounts';
import {
  startCognito,
  startDynamoDb,
  startS3,
  startMail,
  startSecretsManager,
  startShop,
  startSns,
  startStripe,
  startSupplier,
  Stops,
} from './start-stand-ins';
import { startSchedules } from './stand-ins/scheduler';
import { startStreamRelay, type StreamRelay } from './stand-ins/dynamodb-streams';
import { clearFaults, faultsFile, FAULTS_FILE_ENV } from './faults/fault-switch';
import type { SecretsManagerLocal } from './stand-ins/secrets-manager';
import type { SnsLocal } from './stand-ins/sns';
import type { FakeStripe } from './stand-ins/stripe/server';
import type { FakeSupplier } from './stand-ins/supplier/server';
import { LEGAL_PAGES } from '../../shared/constants';
import { legalTemplateDocument } from '../../shared/spa-documents';

export { functionsEnvironment, LOCAL_STAGE } from './functions-env';
export { LOCAL_STRIPE_KEYS } from './seed/seed-stack';
export { stockSyncRate, SWEEP_INTERVAL_MS } from './stand-ins/scheduler';

export interface LocalPorts {
  web: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  stripe: number;
  /** The fake supplier; a free port when not given. */
  supplier?: number;
  /** The SNS stand-in; a free port when not given. */
  sns?: number;
  /** The Secrets Manager stand-in; a free port when not given. */
  secretsManager?: number;
  /** MailDev's web inbox and REST API; a free port when not given. */
  mailWeb?: number;
  /** MailDev's SMTP server; a free port when not given. */
  mailSmtp?: number;
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
  /**
   * Enforce the cloud WAF's per-IP limits (infra/rate-limits.ts) at the shop origin. Default true;
   * the test runtimes turn it off, since their many simulated shoppers all come from 127.0.0.1
   * (the limits have their own tests, infra/local/origin/web-server.test.ts).
   */
  clientRateLimits?: boolean;
}

/**
 * Free ports for a runtime of its own (a bench, a test): the shop, DynamoDB Local, s3rver,
 * cognito-local, the Stripe stand-in, the fake supplier and the SNS stand-in; the others are picked
 * when the runtime starts.
 */
export async function freeLocalPorts(): Promise<LocalPorts> {
  return {
    web: await freePort(),
    dynamodb: await freePort(),
    s3: await freePort(),
    cognito: await freePort(),
    stripe: await freePort(),
    supplier: await freePort(),
    sns: await freePort(),
  };
}

export interface LocalStack {
  url: string;
  /** Address the shop's server is bound to (e.g. '127.0.0.1'). */
  listenAddress: string;
  ports: Required<LocalPorts>;
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
  /** The SNS stand-in (messages published since start). */
  sns: SnsLocal;
  /** The Secrets Manager stand-in. */
  secretsManager: SecretsManagerLocal;
  /** The stream consumers' mappings (STREAM_CONSUMERS) on DynamoDB Local's stream. */
  relay: StreamRelay;
  /** MailDev's web inbox (its REST API is under /api), where every customer email arrives. */
  mailInboxUrl: string;
  /** Runs the email retry sweep now, as its timer does (tests). */
  sweepEmails(now?: Date): Promise<Record<string, number>>;
  /**
   * Fires the scheduled stock sync now, exactly as the local scheduler's timer does: an
   * asynchronous invoke of the job through the Lambda-invoke stand-in with the scheduler's event.
   */
  scheduleStockSync(): Promise<void>;
  /** Runs the expiry sweep now (tests). */
  sweep(now?: Date): Promise<{ released: number; fulfilled: number }>;
  stop(): Promise<void>;
}

/**
 * Checks that every given port is free and picks free ones for the optional stand-ins.
 * @throws PortInUseError naming the service when a port is taken
 */
async function claimPorts(ports: LocalPorts): Promise<Required<LocalPorts>> {
  await assertPortFree(ports.web, 'shop');
  await assertPortFree(ports.dynamodb, 'DynamoDB Local');
  await assertPortFree(ports.s3, 's3rver');
  await assertPortFree(ports.cognito, 'cognito-local');
  await assertPortFree(ports.stripe, 'Stripe finto');
  const supplier = ports.supplier ?? (await freePort());
  const sns = ports.sns ?? (await freePort());
  const secretsManager = ports.secretsManager ?? (await freePort());
  const mailWeb = ports.mailWeb ?? (await freePort());
  const mailSmtp = ports.mailSmtp ?? (await freePort());
  if (ports.supplier) await assertPortFree(ports.supplier, 'fornitore finto');
  if (ports.sns) await assertPortFree(ports.sns, 'SNS locale');
  if (ports.secretsManager) await assertPortFree(ports.secretsManager, 'Secrets Manager locale');
  if (ports.mailWeb) await assertPortFree(ports.mailWeb, 'MailDev (posta in arrivo)');
  if (ports.mailSmtp) await assertPortFree(ports.mailSmtp, 'MailDev (SMTP)');
  return { ...ports, supplier, sns, secretsManager, mailWeb, mailSmtp };
}

/**
 * Puts the build's prerendered product page and SPA shell (dist/web) into the local web bucket, as
 * the cloud's deployment does, and publishes every public product's and every category's document,
 * the home page and the legal pages.
 * @returns what was published; null when the SPA is not built (no template: nothing to publish)
 */
async function publishLocalProductPages(webBucket: string): Promise<{ written: number } | null> {
  const template = path.join(PROJECT_ROOT, 'dist', 'web', 'prerendered', 'product.html');
  const shell = path.join(PROJECT_ROOT, 'dist', 'web', 'index.html');
  const home = path.join(PROJECT_ROOT, 'dist', 'web', 'prerendered', 'home.html');
  if (![template, shell, home].every((f) => fs.existsSync(f))) return null;
  const [
    { putObject },
    { PRODUCT_TEMPLATE_KEY, publishAllProductPages },
    { CATEGORY_TEMPLATE_KEY, publishAllCategoryPages },
    { HOME_TEMPLATE_KEY, publishHomePage },
    { legalTemplateKey, publishLegalPages },
  ] = await Promise.all([
    import('../../functions/lib/s3'),
    import('../../functions/publish/product-pages'),
    import('../../functions/publish/category-pages'),
    import('../../functions/publish/home-page'),
    import('../../functions/publish/legal-pages'),
  ]);
  const html = 'text/html; charset=utf-8';
  await putObject(webBucket, PRODUCT_TEMPLATE_KEY, fs.readFileSync(template), html, 'no-cache');
  await putObject(webBucket, CATEGORY_TEMPLATE_KEY, fs.readFileSync(shell), html, 'no-cache');
  await putObject(webBucket, HOME_TEMPLATE_KEY, fs.readFileSync(home), html, 'no-cache');
  for (const slug of LEGAL_PAGES) {
    const legal = path.join(PROJECT_ROOT, 'dist', 'web', legalTemplateDocument(slug));
    if (fs.existsSync(legal))
      await putObject(webBucket, legalTemplateKey(slug), fs.readFileSync(legal), html, 'no-cache');
  }
  const products = await runAsFunction('publish', () => publishAllProductPages());
  const categories = await runAsFunction('publish', () => publishAllCategoryPages());
  const homePage = await runAsFunction('publish', () => publishHomePage());
  const legalPages = await runAsFunction('publish', () => publishLegalPages());
  return { written: products.written + categories.written + (homePage ? 1 : 0) + (legalPages?.written ?? 0) };
}

/** Each function's SDK calls are checked against its grants (infra/stacks/function-permissions.ts). */
async function guardFunctionClients(buckets: Record<keyof typeof BUCKETS, string>): Promise<void> {
  const [{ ddb }, { getS3 }, { getCognitoClient }, { getSecretsManagerClient }] = await Promise.all([
    import('../../functions/lib/dynamo'),
    import('../../functions/lib/s3'),
    import('../../functions/lib/cognito'),
    import('../../functions/lib/secret-store'),
  ]);
  guardClient(ddb, 'dynamodb', buckets);
  guardClient(await getS3(), 's3', buckets);
  guardClient(await getCognitoClient(), 'cognito-idp', buckets);
  guardClient(await getSecretsManagerClient(), 'secretsmanager', buckets);
}

/**
 * Starts everything (see the module comment for the order).
 * @throws PortInUseError naming the service when a port is taken
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  // The last step announced: a start that fails says after which step (its output may be silent).
  let lastStep = 'none';
  const log = (message: string) => {
    lastStep = message;
    opts.log?.(message);
  };
  const ports = await claimPorts(opts.ports);
  const { dataDir } = opts;
  fs.mkdirSync(dataDir, { recursive: true });
  const state = readState(dataDir);
  const buckets = {
    images: `${BUCKETS.images.baseName}-${LOCAL_STAGE}`,
    files: `${BUCKETS.files.baseName}-${LOCAL_STAGE}`,
    search: `${BUCKETS.search.baseName}-${LOCAL_STAGE}`,
    web: `${BUCKETS.web.baseName}-${LOCAL_STAGE}`,
  };

  const stops = new Stops();
  // Faults on demand (faults/fault-switch.ts) are a test's or a person's, never a leftover of an earlier run.
  clearFaults(faultsFile(dataDir));
  try {
    log('Avvio DynamoDB Local, s3rver e cognito-local...');
    const [cognito, dynamo, s3] = await Promise.all([
      startCognito(stops, {
        port: ports.cognito,
        dataDir,
        shopPort: ports.web,
        fixedCode: opts.fixedCode,
        log,
        clientRateLimits: opts.clientRateLimits ?? true,
      }),
      startDynamoDb(stops, ports.dynamodb, dataDir),
      startS3(stops, ports.s3, dataDir, Object.values(buckets)),
    ]);
    log('DynamoDB Local, s3rver e cognito-local pronti.');
    const sns = await startSns(stops, { port: ports.sns, dataDir, log });
    const secretsManager = await startSecretsManager(stops, ports.secretsManager, dataDir);
    const fakeSupplier = await startSupplier(stops, { port: ports.supplier, log, dataDir });
    const mail = await startMail(stops, { smtpPort: ports.mailSmtp, webPort: ports.mailWeb, dataDir });

    const table = await ensureTable(dynamo.endpoint, tableName(LOCAL_STAGE));
    if (table.addedIndexes.length) log(`Tabella: aggiunti gli indici ${table.addedIndexes.join(', ')}.`);
    const { pool, created: createdPool } = await ensureUserPool(cognito.endpoint, LOCAL_STAGE, state.pool);
    const secrets = await ensureSecrets(secretsManager.endpoint, LOCAL_STAGE, dataDir);
    const url = `http://localhost:${ports.web}`;
    const env = functionsEnvironment({
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      cognito: cognito.endpoint,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      shopUrl: url,
      stripe: `http://127.0.0.1:${ports.stripe}`,
      sns: sns.endpoint,
      lambda: `http://127.0.0.1:${ports.web}`,
      secretsManager: secretsManager.endpoint,
      smtp: mail.smtpUrl,
      secrets,
    });
    // Local only: where the functions' DynamoDB client finds the faults switched on (faults/dynamodb-faults.ts).
    env[FAULTS_FILE_ENV] = faultsFile(dataDir);
    Object.assign(process.env, env);

    const { accounts, seededNow } = await seedLocalStack({
      dataDir,
      state,
      pool,
      createdTable: table.created,
      createdPool,
      cognito,
      s3Endpoint: s3.endpoint,
      buckets,
      supplierPort: ports.supplier,
      log,
    });
    await guardFunctionClients(buckets);
    // Cognito's account emails (the custom message trigger's template) reach MailDev.
    const { cognitoEmailSender } = await import('./stand-ins/cognito-email');
    cognito.sendEmailsWith(
      await cognitoEmailSender({ smtpUrl: mail.smtpUrl, userPoolId: pool.userPoolId, settings: LOCAL_STAGE_SETTINGS }),
    );
    // The search indexes from the catalogue as it stands (the full rebuild of the publish step), so
    // a fresh or reset stack searches at once; from here on the relay publishes each product write.
    const { rebuildSearchIndexes } = await import('../../functions/publish/search-indexes');
    const indexed = await runAsFunction('publish', () => rebuildSearchIndexes());
    log(`Indici di ricerca pubblicati: ${indexed.public.size} prodotti pubblici, ${indexed.all.size} in tutto.`);
    // The product pages likewise, from the build's prerendered product page (when the SPA is built),
    // and the sitemap with robots.txt.
    const pages = await publishLocalProductPages(buckets.web);
    if (pages) log(`Pagine pubblicate (home, prodotti, categorie e pagine legali): ${pages.written}.`);
    const { rebuildSitemap } = await import('../../functions/publish/sitemap');
    log(`Sitemap pubblicata: ${await runAsFunction('publish', () => rebuildSitemap())} URL.`);
    // The relay starts after the seed: seeding is not a business write that wants follow-up work.
    const relay = await startStreamRelay({
      endpoint: dynamo.endpoint,
      streamArn: table.streamArn,
      consumers: STREAM_CONSUMERS,
    });
    stops.add(relay.stop);
    const server = await startShop(stops, {
      port: ports.web,
      host: opts.host,
      cognitoEndpoint: cognito.endpoint,
      pool,
      mediaBaseUrl: `${s3.endpoint}/${buckets.images}`,
      clientRateLimits: opts.clientRateLimits ?? true,
      originVerify: await originVerifyValue(secretsManager.endpoint, secrets.originVerify),
      publishedBaseUrl: `${s3.endpoint}/${buckets.web}`,
    });

    const stripe = await startStripe(stops, {
      port: ports.stripe,
      shopPort: ports.web,
      secrets: secretsManager,
      paymentSecret: secrets.payment,
      stateFile: path.join(opts.dataDir, 'stripe-state.json'),
      faultsFile: faultsFile(dataDir),
      log,
    });
    const schedules = await startSchedules(log);
    stops.add(schedules.stop);
    log(
      `Sincronizzazione scorte pianificata: ${schedules.stockSyncRate}${opts.initialStockSync ? ', la prima adesso' : ''}.`,
    );
    if (opts.initialStockSync) await schedules.scheduleStockSync();

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
      fakeSupplier,
      sns,
      secretsManager,
      relay,
      mailInboxUrl: mail.inboxUrl,
      sweepEmails: schedules.sweepEmails,
      scheduleStockSync: schedules.scheduleStockSync,
      sweep: schedules.sweep,
      stop: () => stops.stopAll(),
    };
  } catch (error) {
    await stops.stopAll();
    if (error instanceof Error && !(error instanceof PortInUseError))
      error.message = `${error.message} (local runtime start, after step: ${lastStep})`;
    throw error;
  }
}
