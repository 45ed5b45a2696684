/**
 * The payment secrets (Stripe secret key, webhook signing secret). In the cloud they live in AWS
 * Secrets Manager (secret PAYMENT_SECRET_ID, a JSON object); locally in a JSON file in the local
 * data folder (LOCAL_SECRETS_FILE). Never in the table, never returned by an endpoint.
 * Reads are cached for 30 s per container.
 */
import fs from 'node:fs';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traceClient } from './observability';

type SecretsSdk = typeof import('@aws-sdk/client-secrets-manager');
let loaded: Promise<{ sdk: SecretsSdk; client: SecretsManagerClient }> | null = null;

/** The Secrets Manager SDK and client, imported and created on first use (payments only). */
function secretsManager(): Promise<{ sdk: SecretsSdk; client: SecretsManagerClient }> {
  loaded ??= import('@aws-sdk/client-secrets-manager').then((sdk) => ({
    sdk,
    client: traceClient(new sdk.SecretsManagerClient({})),
  }));
  return loaded;
}

export interface PaymentSecrets {
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
}

const EMPTY: PaymentSecrets = { stripe_secret_key: null, stripe_webhook_secret: null };
const CACHE_MS = 30_000;
let cache: { at: number; value: PaymentSecrets } | null = null;

function parse(text: string | undefined | null): PaymentSecrets {
  if (!text) return EMPTY;
  try {
    const v = JSON.parse(text) as Partial<PaymentSecrets>;
    return { stripe_secret_key: v.stripe_secret_key || null, stripe_webhook_secret: v.stripe_webhook_secret || null };
  } catch {
    return EMPTY;
  }
}

async function read(): Promise<PaymentSecrets> {
  const file = process.env.LOCAL_SECRETS_FILE;
  if (file) return parse(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  const id = process.env.PAYMENT_SECRET_ID;
  if (!id) return EMPTY;
  const {
    sdk: { GetSecretValueCommand, ResourceNotFoundException },
    client,
  } = await secretsManager();
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: id }));
    return parse(out.SecretString);
  } catch (e) {
    if (e instanceof ResourceNotFoundException) return EMPTY;
    throw e;
  }
}

/** The current payment secrets (null fields when not configured). */
export async function getPaymentSecrets(): Promise<PaymentSecrets> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
  const value = await read();
  cache = { at: Date.now(), value };
  return value;
}

/**
 * Merges `update` into the stored secrets: an empty or missing field keeps the old value (spec 5
 * "empty secret key means unchanged").
 */
export async function savePaymentSecrets(update: Partial<PaymentSecrets>): Promise<PaymentSecrets> {
  const current = await read();
  const next: PaymentSecrets = {
    stripe_secret_key: update.stripe_secret_key || current.stripe_secret_key,
    stripe_webhook_secret: update.stripe_webhook_secret || current.stripe_webhook_secret,
  };
  const text = JSON.stringify(next);
  const file = process.env.LOCAL_SECRETS_FILE;
  if (file) {
    fs.writeFileSync(file, text, { mode: 0o600 });
  } else {
    const id = process.env.PAYMENT_SECRET_ID;
    if (!id) throw new Error('missing environment variable PAYMENT_SECRET_ID');
    const {
      sdk: { PutSecretValueCommand },
      client,
    } = await secretsManager();
    await client.send(new PutSecretValueCommand({ SecretId: id, SecretString: text }));
  }
  cache = { at: Date.now(), value: next };
  return next;
}
