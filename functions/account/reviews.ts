/**
 * Shoppers' reviews ("A logged-in user can submit a comment"; "New review: empty or
 * whitespace-only text is silently ignored"; the spec's review texts). A review is stored pending
 * (is_approved false) and becomes public after moderation.
 *  - blank text: nothing stored, no rate-limit slot used, answer { submitted: false };
 *  - at most REVIEW_RATE_LIMIT reviews per user per UTC hour (429, Italian message);
 *  - 'Acquisto verificato': decided here from the author's own orders (a line of this product, or
 *    of a bundle whose snapshot holds it, in an order not cancelled; bundle lines of orders older
 *    than the snapshot are checked against the bundle as it is today).
 */
import { randomUUID } from 'node:crypto';
import type { PostReviewDto } from '../../shared/api/reviews';
import { MSG } from '../../shared/messages';
import { API_MSG } from '../../shared/messages/api-messages';
import { REVIEW_MSG } from '../../shared/messages/reviews';
import {
  REVIEW_MAX_LENGTH,
  REVIEW_RATE_LIMIT,
  REVIEW_RATE_WINDOW_SECONDS,
  isBlankReview,
  reviewRateWindow,
} from '../../shared/reviews';
import { canAccessTier } from '../../shared/tiers';
import * as catalog from '../data/catalog-repository';
import { postReview, RateLimitExceeded } from '../data/comment-repository';
import { listOrdersOfUser, type OrderRecord } from '../orders';
import type { CommentRecord } from '../data/catalog-items';
import type { ProfileRecord } from '../data/profile-repository';
import { badRequest, forbidden, notFound, tooManyRequests } from '../lib/errors';
import { membershipOfProfile } from '../lib/membership';

/**
 * True when some order of the user (not 'Annullato') has a line of the product: directly, through
 * a bundle line whose snapshot (`bundle_items`) holds it, or through a bundle line without a
 * snapshot whose bundle is one of `legacyBundleIds` (the bundles holding the product today). Pure.
 */
export function boughtProduct(
  orders: readonly OrderRecord[],
  productId: string,
  legacyBundleIds: ReadonlySet<string>,
): boolean {
  return orders.some(
    (o) =>
      o.status !== 'Annullato' &&
      (o.items ?? []).some((line) => {
        if (line.product_id === productId) return true;
        if (!line.bundle_id) return false;
        return line.bundle_items
          ? line.bundle_items.some((b) => b.product_id === productId)
          : legacyBundleIds.has(line.bundle_id);
      }),
  );
}

/** Ids of the bundles of order lines that carry no snapshot of their products (orders before it existed). */
function bundlesWithoutSnapshot(orders: readonly OrderRecord[]): string[] {
  return [
    ...new Set(
      orders.flatMap((o) =>
        (o.items ?? []).filter((l) => l.bundle_id && !l.bundle_items).map((l) => l.bundle_id as string),
      ),
    ),
  ];
}

/**
 * POST /api/products/{id}/comments. DynamoDB: 1 GetItem (product) + 1 Query (own orders, AP14)
 * (+ 1 BatchGetItem of bundles only for bundle lines without a snapshot) + 1 TransactWriteItems
 * (comment + hourly counter, AP45), plus the caller's profile read by the access check.
 * @param profile the caller's profile (membership decides access to tier products)
 * @throws AppError 404 unknown product; 403 product above the caller's tier; 400 text too long; 429 rate limit
 */
export async function submitReview(
  sub: string,
  profile: ProfileRecord | null,
  productId: string,
  content: string,
  now = new Date(),
): Promise<PostReviewDto> {
  const product = await catalog.getProduct(productId);
  if (!product) throw notFound(API_MSG.notFoundProduct);
  if (!canAccessTier(product.premium_tier, membershipOfProfile(profile))) throw forbidden(MSG.deniedPremium);
  if (isBlankReview(content)) return { submitted: false };
  if (content.trim().length > REVIEW_MAX_LENGTH) throw badRequest(REVIEW_MSG.tooLong, 'content');
  const orders = await listOrdersOfUser(sub);
  const legacy = bundlesWithoutSnapshot(orders);
  const bundles = legacy.length ? await catalog.getBundlesByIds(legacy) : [];
  const holding = new Set(bundles.filter((b) => (b.product_ids ?? []).includes(productId)).map((b) => b.id));
  const review: CommentRecord = {
    id: randomUUID(),
    product_id: productId,
    user_id: sub,
    content: content.trim(),
    is_approved: false,
    is_pinned: false,
    admin_reply: null,
    verified_purchase: boughtProduct(orders, productId, holding),
    created_at: now.toISOString(),
  };
  const windowEnd = Math.ceil(now.getTime() / 1000 / REVIEW_RATE_WINDOW_SECONDS) * REVIEW_RATE_WINDOW_SECONDS;
  try {
    await postReview(review, reviewRateWindow(now), REVIEW_RATE_LIMIT, windowEnd + REVIEW_RATE_WINDOW_SECONDS);
  } catch (e) {
    if (e instanceof RateLimitExceeded) throw tooManyRequests(REVIEW_MSG.rateLimited, REVIEW_MSG.rateLimitedTitle);
    throw e;
  }
  return {
    submitted: true,
    review: {
      id: review.id,
      product_id: productId,
      content: review.content,
      is_approved: false,
      verified_purchase: Boolean(review.verified_purchase),
      created_at: review.created_at,
    },
  };
}
