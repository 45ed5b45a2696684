/**
 * Discount codes in the back office (the Codici Sconto screen, the discount code rule): list
 * newest first (paged), create, edit (also activate/deactivate), delete.
 * Capability 'discounts' (admin). The code text is unique case-insensitively; `times_used` is the
 * checkout's to raise and is never written here. Whether a code works at checkout is
 * shared/discount-codes.ts's rule.
 */
import { randomUUID } from 'node:crypto';
import type { DiscountCodeDto } from '../../shared/api/admin-offers';
import type { PageResponse } from '../../shared/api/route';
import type { DiscountCodeInput } from '../../shared/schemas/admin-discount-codes';
import type { PageQuery } from '../../shared/schemas';
import { italianDate } from '../../shared/calendar';
import { OFFERS_MSG } from '../../shared/messages/admin-offers';
import * as repo from '../data/discount-code-repository';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

/** A stored code as the API answers it (defaults for attributes older items may lack). */
const toDto = (c: repo.DiscountCodeRecord): DiscountCodeDto => ({
  ...c,
  expires_at: c.expires_at ?? null,
  is_active: Boolean(c.is_active),
  times_used: c.times_used ?? 0,
});

/** @throws AppError 400 naming expires_at when the day is before today (Italian time) */
function assertNotPast(expiresAt: string | null, now: Date): void {
  if (expiresAt && expiresAt < italianDate(now)) throw badRequest(OFFERS_MSG.pastExpiry, 'expires_at');
}

/** Maps a write's outcome; 'ok' passes. */
function codeOutcome(outcome: repo.CodeWriteOutcome, code: string): void {
  if (outcome === 'missing') throw notFound(OFFERS_MSG.notFoundDiscountCode);
  if (outcome === 'duplicate') throw new AppError(409, OFFERS_MSG.duplicateCode(code), 'code');
}

/** GET /api/admin/discount-codes: one page, newest first. DynamoDB: 1 Query (AP64). */
export async function listDiscountCodes(page: PageQuery): Promise<PageResponse<DiscountCodeDto>> {
  const out = await repo.listDiscountCodesPage(page);
  return { items: out.items.map(toDto), next_cursor: out.next_cursor };
}

/**
 * POST /api/admin/discount-codes. DynamoDB: 1 TransactWriteItems (code + claim of its text).
 * @throws AppError 400 for an expiry in the past; 409 (field code) when the text exists in any case
 */
export async function createDiscountCode(input: DiscountCodeInput, now = new Date()): Promise<Change<DiscountCodeDto>> {
  assertNotPast(input.expires_at, now);
  const at = now.toISOString();
  const code: repo.DiscountCodeRecord = { id: randomUUID(), ...input, times_used: 0, created_at: at, updated_at: at };
  codeOutcome(await repo.createDiscountCode(code), input.code);
  return { before: null, after: toDto(code) };
}

/**
 * PUT /api/admin/discount-codes/{id}: replaces the admin's fields (times_used kept). An unchanged
 * past expiry may stay (editing an expired code); a new one must not be in the past.
 * @throws AppError 404; 400 for a new expiry in the past; 409 (field code) for a taken text
 */
export async function updateDiscountCode(
  id: string,
  input: DiscountCodeInput,
  now = new Date(),
): Promise<Change<DiscountCodeDto>> {
  const before = await repo.getDiscountCode(id);
  if (!before) throw notFound(OFFERS_MSG.notFoundDiscountCode);
  if (input.expires_at !== (before.expires_at ?? null)) assertNotPast(input.expires_at, now);
  const fields: repo.DiscountCodeFields = { ...input, updated_at: now.toISOString() };
  codeOutcome(await repo.updateDiscountCode(before, fields), input.code);
  return { before: toDto(before), after: toDto({ ...before, ...fields }) };
}

/**
 * DELETE /api/admin/discount-codes/{id}: the code and the claim of its text (the text is free again).
 * @returns the code before
 * @throws AppError 404
 */
export async function deleteDiscountCode(id: string): Promise<DiscountCodeDto> {
  const before = await repo.getDiscountCode(id);
  if (!before) throw notFound(OFFERS_MSG.notFoundDiscountCode);
  codeOutcome(await repo.deleteDiscountCode(before), before.code);
  return toDto(before);
}
