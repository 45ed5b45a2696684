/**
 * Body of POST /api/products/{id}/comments. `content` must be a string (absurdly long bodies are
 * refused here); a blank text is silently ignored and a text longer than REVIEW_MAX_LENGTH after
 * trimming is refused with its own message, both by the server's use-case (functions/account/reviews.ts).
 */
import * as z from 'zod/mini';
import { REVIEW_MAX_LENGTH } from '../reviews';

export const reviewSchema = z.lazy(() =>
  z.strictObject({
    content: z.string().check(z.maxLength(REVIEW_MAX_LENGTH * 4)),
  }),
);
export const REVIEW_FIELD_LABELS: Record<string, string> = { content: 'Commento' };
