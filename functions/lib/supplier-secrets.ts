/**
 * Suppliers' stock API keys ("when editing, an empty API key keeps the old one"): one Secrets
 * Manager secret per stage, named by SUPPLIER_SECRET_ID (its ARN), holding
 * `{ "<supplier id>": "<api key>" }`. Never in the table, never in an answer, never in an audit
 * entry (the supplier item only says whether a key is set).
 *
 * Every read is fresh (the secret store's forceFetch): a stock-sync run reads the keys once, and
 * the run an admin starts right after saving a key must use it; a write reads the document it
 * changes. Writes read the document, change one entry and write it back (Secrets Manager has no
 * conditional put): two admins saving two suppliers' keys in the same instant could lose one
 * change. One admin manages suppliers, so this is accepted.
 */
import { readSecret, writeSecret } from './secret-store';

/** Supplier id -> API key. */
export type SupplierKeys = Record<string, string>;

function parse(text: string | null): SupplierKeys {
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

/**
 * Every supplier's API key (one secret read, never from the cache).
 * @returns supplier id -> key; empty when the function has no SUPPLIER_SECRET_ID or the secret holds none
 * @throws the secret store's error when Secrets Manager refuses the read
 */
export async function readSupplierKeys(): Promise<SupplierKeys> {
  const id = process.env.SUPPLIER_SECRET_ID;
  if (!id) return {};
  return parse(await readSecret(id, { maxAge: 0, forceFetch: true }));
}

/**
 * Sets (a non-empty `key`) or removes (null) one supplier's API key.
 * @throws Error when the function has no SUPPLIER_SECRET_ID; the secret store's error (nothing changed)
 */
export async function setSupplierKey(supplierId: string, key: string | null): Promise<void> {
  const id = process.env.SUPPLIER_SECRET_ID;
  if (!id) throw new Error('missing environment variable SUPPLIER_SECRET_ID');
  const keys = await readSupplierKeys();
  if (key) keys[supplierId] = key;
  else if (supplierId in keys) delete keys[supplierId];
  else return;
  await writeSecret(id, JSON.stringify(keys));
}
