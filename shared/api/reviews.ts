/**
 * Shoppers' reviews (function 'account', level 'user'): a signed-in shopper posts a comment on a
 * product; it is public only after moderation (shared/api/admin-catalog.ts). The catalog function
 * stays read-only; public reading is CATALOG_API.productComments.
 */
import type * as z from 'zod/mini';
import type { reviewSchema } from '../schemas/reviews';
import { route } from './route';

/** The review just posted, as its author may see it. */
export interface OwnReviewDto {
  id: string;
  product_id: string;
  content: string;
  /** Always false on creation: visible after approval. */
  is_approved: boolean;
  /** The author bought this product (decided by the server from the author's orders). */
  verified_purchase: boolean;
  created_at: string;
}

/**
 * POST /api/products/{id}/comments: 201 `{ submitted: true, review }`, or 200 `{ submitted: false }`
 * when the text is blank (silently ignored: nothing stored, no rate-limit slot used).
 */
export type PostReviewDto = { submitted: true; review: OwnReviewDto } | { submitted: false };

export type ReviewBody = z.input<typeof reviewSchema>;

export const REVIEWS_API = {
  postReview: route<PostReviewDto, ReviewBody>({
    method: 'POST',
    path: '/api/products/{id}/comments',
    fn: 'account',
    access: 'user',
    summary: 'Post a review (pending approval; 5 an hour)',
  }),
} as const;
