/**
 * Supplier use-cases (the Fornitori screen and the supplier rules):
 * list with the default shipping method's name, create, edit, delete. The API key goes to the
 * secret store and is never returned (an empty key on edit keeps the old one); the notification
 * email is subscribed to the supplier's own stock alerts on the stage's SNS topic (filter policy),
 * and unsubscribed when it changes or the supplier is deleted.
 */
import { randomUUID } from 'node:crypto';
import type { ShippingMethodOptionDto, SupplierDto, SupplierListDto } from '../../shared/api/admin-automations';
import type { SupplierInput } from '../../shared/schemas/admin-automations';
import { SUPPLIER_MSG } from '../../shared/messages/admin-automations';
import {
  createSupplier,
  deleteSupplier,
  getShippingMethodName,
  getSupplier,
  listShippingMethodNames,
  listSuppliers,
  replaceSupplier,
  type SupplierRecord,
} from '../data/supplier-repository';
import { setSupplierKey } from '../lib/supplier-secrets';
import { subscribeSupplierEmail, unsubscribe } from '../lib/notifications';
import { AppError, badRequest, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { loopbackAllowedByEnv } from './loopback';
import type { Change } from '../lib/audit';

/** A stored supplier as the API shows it, with its default shipping method's name. */
export function toSupplierDto(s: SupplierRecord, shippingNames: ReadonlyMap<string, string>): SupplierDto {
  return {
    id: s.id,
    name: s.name,
    api_url: s.api_url ?? null,
    has_api_key: Boolean(s.has_api_key),
    notification_email: s.notification_email ?? null,
    domain_name: s.domain_name ?? null,
    default_shipping_method_id: s.default_shipping_method_id ?? null,
    default_shipping_method_name: s.default_shipping_method_id
      ? (shippingNames.get(s.default_shipping_method_id) ?? null)
      : null,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** GET /api/admin/suppliers: suppliers by name joined with shipping method names, and the methods for the form. 2 Queries. */
export async function listSuppliersView(): Promise<SupplierListDto> {
  const [suppliers, methods] = await Promise.all([listSuppliers(), listShippingMethodNames()]);
  const names = new Map(methods.map((m) => [m.id, m.name]));
  return {
    items: suppliers.map((s) => toSupplierDto(s, names)),
    shipping_methods: methods satisfies ShippingMethodOptionDto[],
  };
}

/** The DTO of one supplier (reads its shipping method's name). */
async function dtoOf(s: SupplierRecord): Promise<SupplierDto> {
  const name = s.default_shipping_method_id ? await getShippingMethodName(s.default_shipping_method_id) : null;
  return toSupplierDto(
    s,
    new Map(name !== null && s.default_shipping_method_id ? [[s.default_shipping_method_id, name]] : []),
  );
}

/**
 * Input rules that need the table: the shipping method exists; no other supplier has the domain.
 * @throws AppError 400 naming the field
 */
/**
 * True when a stock API at `apiUrl` may receive an API key: over https only, so the key never
 * crosses the network in clear. The one exception is the local runtime's fake supplier (http on
 * a loopback address, allowed only where IMPORT_ALLOW_LOOPBACK is set, never in the cloud).
 */
export function mayCarryApiKey(apiUrl: string, allowLoopback = loopbackAllowedByEnv()): boolean {
  const url = new URL(apiUrl);
  if (url.protocol === 'https:') return true;
  return allowLoopback && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
}

async function checkReferences(input: SupplierInput, selfId: string | null, storedKey = false): Promise<void> {
  if (input.api_url && (input.api_key || storedKey) && !mayCarryApiKey(input.api_url))
    throw badRequest(SUPPLIER_MSG.apiKeyNeedsHttps, 'api_url');
  if (input.default_shipping_method_id && (await getShippingMethodName(input.default_shipping_method_id)) === null) {
    throw badRequest(SUPPLIER_MSG.shippingMethodNotFound, 'default_shipping_method_id');
  }
  if (input.domain_name) {
    const owner = (await listSuppliers()).find((s) => s.id !== selfId && s.domain_name === input.domain_name);
    if (owner) throw badRequest(SUPPLIER_MSG.domainTaken(owner.name), 'domain_name');
  }
}

/** Subscribes `email` for `supplierId`'s alerts. @throws AppError 502 when SNS refuses */
async function subscribe(email: string, supplierId: string): Promise<string | null> {
  try {
    return await subscribeSupplierEmail(email, supplierId);
  } catch (e) {
    logger.error('supplier email subscription failed', { error: e as Error, supplierId });
    throw new AppError(502, SUPPLIER_MSG.subscribeFailed, 'notification_email');
  }
}

/** Best-effort clean-up after a write (logged, never failing the request). */
async function quietly(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (e) {
    logger.error(`supplier clean-up failed: ${what}`, { error: e as Error });
  }
}

/**
 * POST /api/admin/suppliers. Order: key to the secret store, email subscription, then the item;
 * a failure undoes the earlier steps, so nothing is left behind.
 * @throws AppError 400 (shipping method, domain), 502 (subscription)
 */
export async function createSupplierUseCase(input: SupplierInput, now = new Date()): Promise<Change<SupplierDto>> {
  await checkReferences(input, null);
  const id = randomUUID();
  if (input.api_key) await setSupplierKey(id, input.api_key);
  let arn: string | null = null;
  try {
    arn = input.notification_email ? await subscribe(input.notification_email, id) : null;
    const record: SupplierRecord = {
      id,
      name: input.name,
      api_url: input.api_url,
      has_api_key: Boolean(input.api_key),
      notification_email: input.notification_email,
      domain_name: input.domain_name,
      default_shipping_method_id: input.default_shipping_method_id,
      notification_subscription_arn: arn,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    if (!(await createSupplier(record))) throw new Error('supplier id collision');
    return { before: null, after: await dtoOf(record) };
  } catch (e) {
    if (input.api_key) await quietly('remove key', () => setSupplierKey(id, null));
    if (arn) await quietly('unsubscribe', () => unsubscribe(arn!));
    throw e;
  }
}

/**
 * PUT /api/admin/suppliers/{id}: replaces the fields; an empty api_key keeps the stored key.
 * @throws AppError 404 unknown supplier, 400 (shipping method, domain), 502 (subscription)
 */
export async function updateSupplierUseCase(
  id: string,
  input: SupplierInput,
  now = new Date(),
): Promise<Change<SupplierDto>> {
  const existing = await getSupplier(id);
  if (!existing) throw notFound(SUPPLIER_MSG.notFound);
  await checkReferences(input, id, Boolean(existing.has_api_key));
  const emailChanged = (input.notification_email ?? null) !== (existing.notification_email ?? null);
  const newArn = emailChanged && input.notification_email ? await subscribe(input.notification_email, id) : null;
  const record: SupplierRecord = {
    ...existing,
    name: input.name,
    api_url: input.api_url,
    notification_email: input.notification_email,
    domain_name: input.domain_name,
    default_shipping_method_id: input.default_shipping_method_id,
    has_api_key: input.api_key ? true : Boolean(existing.has_api_key),
    notification_subscription_arn: emailChanged ? newArn : (existing.notification_subscription_arn ?? null),
    updated_at: now.toISOString(),
  };
  try {
    if (input.api_key) await setSupplierKey(id, input.api_key);
    if (!(await replaceSupplier(record))) throw notFound(SUPPLIER_MSG.notFound);
  } catch (e) {
    if (newArn) await quietly('unsubscribe new', () => unsubscribe(newArn));
    throw e;
  }
  if (emailChanged && existing.notification_subscription_arn)
    await quietly('unsubscribe old', () => unsubscribe(existing.notification_subscription_arn!));
  const before = await dtoOf(existing);
  return { before, after: await dtoOf(record) };
}

/**
 * DELETE /api/admin/suppliers/{id}: the item, its API key and its subscription. Its products stay
 * in the shop; the stock sync leaves them out from now on (their supplier is gone).
 * @throws AppError 404 unknown supplier
 */
export async function deleteSupplierUseCase(id: string): Promise<SupplierDto> {
  const deleted = await deleteSupplier(id);
  if (!deleted) throw notFound(SUPPLIER_MSG.notFound);
  if (deleted.has_api_key) await quietly('remove key', () => setSupplierKey(id, null));
  if (deleted.notification_subscription_arn)
    await quietly('unsubscribe', () => unsubscribe(deleted.notification_subscription_arn!));
  return dtoOf(deleted);
}
