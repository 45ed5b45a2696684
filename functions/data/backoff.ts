/**
 * The one backoff of the data layer's own retries (unprocessed batch keys, conflicting
 * transactions), on top of the SDK's retries of each request: "full jitter" over a ceiling that
 * doubles with each attempt, as the AWS SDKs wait between their own attempts.
 */

/** Base and cap of the ceiling, milliseconds. */
export const BACKOFF_BASE_MS = 50;
export const BACKOFF_CAP_MS = 2_000;

/**
 * The wait before retry number `attempt` (0 for the first retry): a uniformly random time in
 * [0, min(cap, base * 2^attempt)) ms.
 * @param random a number in [0, 1) (tests pass their own)
 */
export function backoffMs(attempt: number, random: number = Math.random()): number {
  return random * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
}

/** Waits backoffMs(attempt) before a retry. */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
}
