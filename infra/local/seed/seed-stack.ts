/**
 * Seeding of the local runtime at each start, recorded in `<data folder>/state.json` so each part
 * runs once: on the first start the catalogue, digital files and demo accounts; the demo staff's
 * MFA; the shipped Stripe test keys; the data migrations (every start, idempotent); the back
 * office's data (shipping methods, discount codes, customers, orders); the support email's
 * subscription to the notifications topic; the suppliers linked to the fake supplier. Data
 * folders from an earlier version get the parts they lack at the next start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AUTOMATIONS_ENV } from '../../definitions';
import { DEFAULT_SUPPORT_EMAIL } from '../../../shared/constants';
import { localCognitoClient, type LocalUserPool } from '../bootstrap';
import { hasSeededMfa, seedMfa } from '../stand-ins/cognito';
import { localS3Client } from '../stand-ins/s3';
import { FAKE_SUPPLIER_API_KEY } from '../stand-ins/supplier/server';
import { DEMO_ACCOUNTS, DEMO_MFA, ensureDemoAccounts, type CreatedAccount } from './demo-accounts';
import { seedDigitalAssets } from './seed-digital';

/** Test keys the local runtime ships: the real SDK uses them against the fake Stripe API. */
export const LOCAL_STRIPE_KEYS = {
  publishable: 'pk_test_aurum_local',
  secret: 'sk_test_aurum_local',
  webhook: 'whsec_aurum_local_signing_secret',
} as const;

/** What state.json records between starts. */
export interface LocalState {
  pool: LocalUserPool | null;
  accounts: CreatedAccount[];
  seededAt: string | null;
  /** When the back office's data (shipping, codes, customers, orders) was seeded; null: not yet (also for data folders from before it existed). */
  backOfficeSeededAt?: string | null;
  /** When the suppliers were seeded (data folders from before get them at the next start). */
  suppliersSeededAt?: string | null;
}

const stateFile = (dataDir: string) => path.join(dataDir, 'state.json');

/** The recorded state, or an empty one (first start, or a damaged file). */
export function readState(dataDir: string): LocalState {
  try {
    return JSON.parse(fs.readFileSync(stateFile(dataDir), 'utf8')) as LocalState;
  } catch {
    return { pool: null, accounts: [], seededAt: null, backOfficeSeededAt: null };
  }
}

/** cognito-local as the seed needs it: its endpoint, and a way to change its data file while it is stopped. */
export interface SeedCognito {
  readonly endpoint: string;
  /** Stops cognito-local, runs `patch`, starts it again (same endpoint). */
  patchWhileStopped(patch: () => void): Promise<void>;
}

export interface SeedStackArgs {
  dataDir: string;
  state: LocalState;
  pool: LocalUserPool;
  /** True when this start created the table (a wiped or new data folder). */
  createdTable: boolean;
  /** True when this start created the user pool. */
  createdPool: boolean;
  cognito: SeedCognito;
  s3Endpoint: string;
  buckets: { images: string; files: string };
  /** The fake supplier's port (the seeded suppliers' URLs point at it). */
  supplierPort: number;
  log: (message: string) => void;
}

/**
 * Seeds what this data folder lacks (the functions' environment must be in process.env) and
 * records it in state.json.
 * @returns the demo accounts (with their Cognito subs) and whether the catalogue was seeded now
 */
export async function seedLocalStack(args: SeedStackArgs): Promise<{ accounts: CreatedAccount[]; seededNow: boolean }> {
  const { state, pool, cognito, log } = args;
  let seededNow = false;
  // Accounts recorded by an earlier start get the current demo definitions (e.g. a TOTP secret).
  let accounts = state.accounts.map((a) => ({ ...a, ...DEMO_ACCOUNTS.find((d) => d.email === a.email) }));
  if (args.createdTable || !state.seededAt) {
    log('Prima esecuzione: creo il catalogo di esempio...');
    accounts = await seedCatalogue(args);
    seededNow = true;
  } else if (args.createdPool) {
    accounts = await ensureDemoAccounts(localCognitoClient(cognito.endpoint), pool.userPoolId);
  }
  if (!hasSeededMfa(path.join(args.dataDir, 'cognito'), pool.userPoolId, DEMO_MFA)) {
    // Staff must pass MFA (admin: SMS, collaborator: authenticator app with the demo secret);
    // cognito-local needs its data file patched while stopped.
    await cognito.patchWhileStopped(() => seedMfa(path.join(args.dataDir, 'cognito'), pool.userPoolId, DEMO_MFA));
  }
  await seedPaymentKeys(log);
  // Items written by an earlier version get the index attributes this version reads (idempotent).
  const { runMigrations } = await import('../../../functions/data/migrations');
  await runMigrations(log);
  let backOfficeSeededAt = state.backOfficeSeededAt ?? null;
  if (seededNow || !backOfficeSeededAt) {
    const { seedBackOffice } = await import('./seed-back-office');
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
  await subscribeSupportEmail();
  const { ensureSupplierSeed } = await import('./seed-suppliers');
  const seedSuppliers = seededNow || !state.suppliersSeededAt;
  await ensureSupplierSeed({ port: args.supplierPort, apiKey: FAKE_SUPPLIER_API_KEY }, seedSuppliers);
  if (seedSuppliers)
    log(
      `Fornitori: 2 fornitori collegati al fornitore finto su http://localhost:${args.supplierPort} (uno con API delle scorte, uno solo pagine).`,
    );
  fs.writeFileSync(
    stateFile(args.dataDir),
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
  return { accounts, seededNow };
}

/** First start: demo accounts, the catalogue with its images, the digital files. @returns the demo accounts */
async function seedCatalogue(args: SeedStackArgs): Promise<CreatedAccount[]> {
  const { seedCatalog } = await import('./seed-catalog');
  const cognito = localCognitoClient(args.cognito.endpoint);
  let accounts = await ensureDemoAccounts(cognito, args.pool.userPoolId);
  const s3Client = localS3Client(args.s3Endpoint);
  const summary = await seedCatalog({
    s3: s3Client,
    imagesBucket: args.buckets.images,
    commenterIds: accounts.filter((a) => a.role === 'user').map((a) => a.sub),
    log: args.log,
  });
  const assets = await seedDigitalAssets({ s3: s3Client, filesBucket: args.buckets.files });
  s3Client.destroy();
  args.log(`File digitali: ${assets} PDF nel bucket privato.`);
  // Profiles reference plans, which exist only now: write them again.
  accounts = await ensureDemoAccounts(localCognitoClient(args.cognito.endpoint), args.pool.userPoolId);
  args.log(
    `Catalogo: ${summary.products} prodotti, ${summary.categories} categorie, ${summary.bundles} bundle, ${summary.plans} piani, ${summary.images} immagini.`,
  );
  return accounts;
}

/**
 * The shipped Stripe test keys, when no publishable key is configured yet (secrets first, as the
 * admin's save does), and every payment method switched on, so the local checkout page shows them
 * all (a cloud stage starts with cards only until the owner chooses in Pagamenti).
 */
async function seedPaymentKeys(log: (message: string) => void): Promise<void> {
  const { getPaymentSettings, putPaymentMethods, putPaymentSettings } =
    await import('../../../functions/data/settings-repository');
  if ((await getPaymentSettings()).stripe_publishable_key) return;
  const { savePaymentSecrets } = await import('../../../functions/lib/secrets');
  await savePaymentSecrets({
    stripe_secret_key: LOCAL_STRIPE_KEYS.secret,
    stripe_webhook_secret: LOCAL_STRIPE_KEYS.webhook,
  });
  await putPaymentSettings(LOCAL_STRIPE_KEYS.publishable);
  await putPaymentMethods({ card: true, paypal: true, satispay: true, klarna: true });
  log(
    'Pagamenti: chiavi Stripe di test configurate (API Stripe finta locale); carte, PayPal, Satispay e Klarna attivi.',
  );
}

/** Notifications: the stage topic with the support email, as CDK subscribes it in the cloud. */
async function subscribeSupportEmail(): Promise<void> {
  const { SNSClient, SubscribeCommand } = await import('@aws-sdk/client-sns');
  const snsClient = new SNSClient({});
  await snsClient.send(
    new SubscribeCommand({
      TopicArn: process.env[AUTOMATIONS_ENV.topicArn],
      Protocol: 'email',
      Endpoint: DEFAULT_SUPPORT_EMAIL,
    }),
  );
  snsClient.destroy();
}
