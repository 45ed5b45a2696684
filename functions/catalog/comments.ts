/**
 * Public reviews of a product (spec 2 Reviews): approved comments, pinned first then newest,
 * authors anonymous, admin replies shown.
 */
import { API_MSG, MSG } from '../../shared/messages';
import { canAccessTier } from '../../shared/tiers';
import type { PublicCommentDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toPublicCommentDto, type CommentRecord } from '../data/catalog-items';
import { forbidden, notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import { resolveMembership } from '../account/membership-service';

/** Pinned first, then newest first. Pure; exported for unit tests. */
export function orderPublicComments(comments: CommentRecord[]): CommentRecord[] {
  return comments
    .filter((c) => c.is_approved)
    .sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || b.created_at.localeCompare(a.created_at));
}

/**
 * GET /api/products/{id}/comments. DynamoDB: 1 Query on the product partition (+1 GetItem profile).
 * @throws AppError 404 when the product does not exist; 403 when its tier is above the caller's
 */
export async function listPublicComments(caller: Caller | null, productId: string): Promise<PublicCommentDto[]> {
  const [found, membership] = await Promise.all([catalog.getProductWithComments(productId), resolveMembership(caller)]);
  if (!found) throw notFound(API_MSG.notFoundProduct);
  if (!canAccessTier(found.product.premium_tier, membership)) throw forbidden(MSG.deniedPremium);
  return orderPublicComments(found.comments).map(toPublicCommentDto);
}
