/**
 * Shipping addresses of the signed-in user (user_addresses; the spec's stub made whole).
 * The owner is always the verified caller: another user's address id answers 404.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '../../shared/messages/api-messages';
import type { AddressInput } from '../../shared/schemas';
import * as addresses from '../data/address-repository';
import { badRequest, notFound } from '../lib/errors';

/** At most this many addresses per user. */
export const MAX_ADDRESSES = 20;

/** Lists the caller's addresses. 1 Query. */
export function listOwnAddresses(sub: string) {
  return addresses.listAddresses(sub);
}

/**
 * Adds an address. When it is marked default (or is the first), the others lose the mark.
 * @throws AppError 400 when the user already has MAX_ADDRESSES
 */
export async function addAddress(sub: string, input: AddressInput): Promise<addresses.AddressRecord> {
  const existing = await addresses.listAddresses(sub);
  if (existing.length >= MAX_ADDRESSES) {
    throw badRequest(`Puoi salvare al massimo ${MAX_ADDRESSES} indirizzi.`, 'addresses');
  }
  const now = new Date().toISOString();
  const record: addresses.AddressRecord = {
    ...input,
    is_default: input.is_default || existing.length === 0,
    id: randomUUID(),
    user_id: sub,
    created_at: now,
    updated_at: now,
  };
  await addresses.createAddress(record);
  if (record.is_default) await clearOtherDefaults(sub, record.id, existing);
  return record;
}

/**
 * Replaces one of the caller's addresses.
 * @throws AppError 404 'Indirizzo non trovato.' when the caller has no address with that id
 */
export async function editAddress(sub: string, id: string, input: AddressInput): Promise<addresses.AddressRecord> {
  const existing = await addresses.listAddresses(sub);
  const current = existing.find((a) => a.id === id);
  if (!current) throw notFound(API_MSG.notFoundAddress);
  const record: addresses.AddressRecord = {
    ...input,
    id,
    user_id: sub,
    created_at: current.created_at,
    updated_at: new Date().toISOString(),
  };
  if (!(await addresses.replaceAddress(record))) throw notFound(API_MSG.notFoundAddress);
  if (record.is_default) await clearOtherDefaults(sub, id, existing);
  return record;
}

/** Deletes one of the caller's addresses. @throws AppError 404 when it is not theirs or missing */
export async function removeAddress(sub: string, id: string): Promise<void> {
  if (!(await addresses.deleteAddress(sub, id))) throw notFound(API_MSG.notFoundAddress);
}

async function clearOtherDefaults(sub: string, keepId: string, existing: addresses.AddressRecord[]): Promise<void> {
  await Promise.all(
    existing
      .filter((a) => a.id !== keepId && a.is_default)
      .map((a) => addresses.replaceAddress({ ...a, is_default: false, user_id: sub })),
  );
}
