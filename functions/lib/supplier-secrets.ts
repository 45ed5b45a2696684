/**
 * Suppliers' stock API keys (issue 9, spec 5 "when editing, an empty API key keeps the old one").
 * Stored like the Stripe secret (functions/lib/secrets.ts): in the cloud one Secrets Manager
 * secret per stage (SUPPLIER_SECRET_ID), locally a JSON file in the local data folder
 * (LOCAL_SUPPLIER_SECRETS_FILE); both hold `{ "<supplier id>": "<api key>" }`. Never in the table,
 * never in an answer, never in an audit entry (the supplier item only says whether a key is set).
 *
 * Writes read the document, change one entry and write it back (Secrets Manager has no
 * conditional put): two admins saving two suppliers' keys in the same instant could lose one
 * change. One admin manages suppliers, so this is accepted; the run reads the keys once.
 */
import fs from 'node:fs';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

type SecretsSdk = typeof import('@aws-sdk/client-secrets-manager');
let loaded: Promise<{ sdk: SecretsSdk; client: SecretsManagerClient }> | null = null;

/** The Secrets Manager SDK and client, imported and created on first use (not at cold start). */
function secretsManager(): Promise<{ sdk: SecretsSdk; client: SecretsManagerClient }> {
  loaded ??= import('@aws-sdk/client-secrets-manager').then((sdk) => ({
    sdk,
    client: new sdk.SecretsManagerClient({}),
  }));
  return loaded;
}

/** Supplier id -> API key. */
export type SupplierKeys = Record<string, string>;

function parse(text: string | null | undefined): SupplierKeys {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
  } catch {
    return {};
  }
}

/** Every supplier's API key (one secret read). */
export async function readSupplierKeys(): Promise<SupplierKeys> {
  const file = process.env.LOCAL_SUPPLIER_SECRETS_FILE;
  if (file) return parse(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  const id = process.env.SUPPLIER_SECRET_ID;
  if (!id) return {};
  const { sdk, client } = await secretsManager();
  try {
    return parse((await client.send(new sdk.GetSecretValueCommand({ SecretId: id }))).SecretString);
  } catch (e) {
    if (e instanceof sdk.ResourceNotFoundException) return {};
    throw e;
  }
}

async function writeSupplierKeys(next: SupplierKeys): Promise<void> {
  const text = JSON.stringify(next);
  const file = process.env.LOCAL_SUPPLIER_SECRETS_FILE;
  if (file) {
    fs.writeFileSync(file, text, { mode: 0o600 });
    return;
  }
  const id = process.env.SUPPLIER_SECRET_ID;
  if (!id) throw new Error('missing environment variable SUPPLIER_SECRET_ID');
  const { sdk, client } = await secretsManager();
  await client.send(new sdk.PutSecretValueCommand({ SecretId: id, SecretString: text }));
}

/**
 * Sets (a non-empty `key`) or removes (null) one supplier's API key.
 * @throws the secret store's error (nothing changed)
 */
export async function setSupplierKey(supplierId: string, key: string | null): Promise<void> {
  const keys = await readSupplierKeys();
  if (key) keys[supplierId] = key;
  else if (supplierId in keys) delete keys[supplierId];
  else return;
  await writeSupplierKeys(keys);
}
