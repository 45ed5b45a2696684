/**
 * Public reviews of a product: approved comments, pinned first then newest,
 * authors anonymous, admin replies shown.
 */
import { MSG } from '../../shared/messages';
import { API_MSG } from '../../shared/messages/api-messages';
import { canAccessTier } from '../../shared/tiers';
import type { PublicCommentDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toPublicCommentDto, type CommentRecord } from '../data/catalog-items';
import { forbidden, notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import { membershipOfProfile } from '../lib/membership';
import type { PageRequest } from '../data/page';
import type { PageResponse } from '../../shared/api/route';

/** Pinned first, then newest first. Pure; exported for unit tests. */
export function orderPublicComments(comments: CommentRecord[]): CommentRecord[] {
  return comments
    .filter((c) => c.is_approved)
    .sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || b.created_at.localeCompare(a.created_at));
}

/**
 * GET /api/products/{id}/comments?limit=&cursor=: one page of the approved comments, pinned first
 * then newest. DynamoDB: 2 requests in parallel: the product (1 GetItem, or 1 BatchGetItem with
 * the caller's profile) and the page (AP31, 1 Query on GSI2).
 * @throws AppError 404 when the product does not exist; 403 when its tier is above the caller's;
 *   400 on a bad cursor
 */
export async function listPublicComments(
  caller: Caller | null,
  productId: string,
  page: PageRequest = {},
): Promise<PageResponse<PublicCommentDto>> {
  const [{ product, profile }, comments] = await Promise.all([
    catalog.getProductAndProfile(productId, caller?.sub ?? null),
    catalog.listApprovedCommentsPage(productId, page),
  ]);
  if (!product) throw notFound(API_MSG.notFoundProduct);
  if (!canAccessTier(product.premium_tier, membershipOfProfile(profile))) throw forbidden(MSG.deniedPremium);
  // The index holds approved comments only; the filter keeps a stale index entry from showing one.
  return {
    items: comments.items.filter((c) => c.is_approved).map(toPublicCommentDto),
    next_cursor: comments.next_cursor,
  };
}
