/**
 * Rules of shoppers' reviews ("A logged-in user can submit a comment"; "New review:
 * empty or whitespace-only text is silently ignored; login required"), shared by the product page
 * and the 'account' function.
 */

/** Longest review text, characters (after trimming). */
export const REVIEW_MAX_LENGTH = 1000;
/** Reviews one user may post per window. */
export const REVIEW_RATE_LIMIT = 5;
/** The rate-limit window: one UTC hour. */
export const REVIEW_RATE_WINDOW_SECONDS = 3600;

/** True when a text would be silently ignored (empty or whitespace only). */
export function isBlankReview(text: string): boolean {
  return text.trim() === '';
}

/** The fixed window a time falls in, e.g. '2026-11-22T10' for any time in that UTC hour. */
export function reviewRateWindow(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/**
 * The author a review keeps once its author deleted the account (GDPR art. 17): the text stays,
 * the person is gone. Shown as ERASED_AUTHOR_LABEL wherever an author would be named.
 */
export const ERASED_AUTHOR_ID = 'erased';
export const ERASED_AUTHOR_LABEL = 'Utente eliminato';
