/**
 * Shipping methods (the Spedizioni screen, the shipping method rule):
 * create, edit, delete (capability 'shipping', admin); the public list ordered by cost is served by
 * the catalog function (GET /api/shipping-methods). What a method costs a cart is
 * shared/shipping.ts's rule.
 */
import { randomUUID } from 'node:crypto';
import type { ShippingMethodDto } from '../../shared/api/catalog';
import type { ShippingMethodInput } from '../../shared/schemas/admin-shipping';
import { OFFERS_MSG } from '../../shared/messages/admin-offers';
import * as repo from '../data/shipping-repository';
import { toShippingMethodDto } from '../data/shipping-repository';
import { notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

/** POST /api/admin/shipping-methods. DynamoDB: 1 PutItem. */
export async function createShippingMethod(
  input: ShippingMethodInput,
  now = new Date(),
): Promise<Change<ShippingMethodDto>> {
  const at = now.toISOString();
  const method: repo.ShippingMethodRecord = { id: randomUUID(), ...input, created_at: at, updated_at: at };
  await repo.putShippingMethod(method, 'create');
  return { before: null, after: toShippingMethodDto(method) };
}

/**
 * PUT /api/admin/shipping-methods/{id}. DynamoDB: 1 GetItem + 1 PutItem.
 * @throws AppError 404 'Metodo di spedizione non trovato.'
 */
export async function updateShippingMethod(
  id: string,
  input: ShippingMethodInput,
  now = new Date(),
): Promise<Change<ShippingMethodDto>> {
  const before = await repo.getShippingMethod(id);
  if (!before) throw notFound(OFFERS_MSG.notFoundShippingMethod);
  const method: repo.ShippingMethodRecord = { ...before, ...input, updated_at: now.toISOString() };
  if (!(await repo.putShippingMethod(method, 'update'))) throw notFound(OFFERS_MSG.notFoundShippingMethod);
  return { before: toShippingMethodDto(before), after: toShippingMethodDto(method) };
}

/**
 * DELETE /api/admin/shipping-methods/{id}. Orders keep the method's name and cost they were sold
 * with (a copy on the order). DynamoDB: 1 DeleteItem.
 * @returns the method before
 * @throws AppError 404
 */
export async function deleteShippingMethod(id: string): Promise<ShippingMethodDto> {
  const before = await repo.deleteShippingMethod(id);
  if (!before) throw notFound(OFFERS_MSG.notFoundShippingMethod);
  return toShippingMethodDto(before);
}
