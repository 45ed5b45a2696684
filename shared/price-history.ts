/**
 * The prior price of an announced price reduction (art. 17-bis Codice del Consumo, D.Lgs. 206/2005,
 * introduced by D.Lgs. 26/2023 from art. 6a of Directive 98/6/EC as amended by the Omnibus
 * Directive (EU) 2019/2161). Pure: a function of the recorded price history only, dates as ISO
 * strings, amounts in integer euro cents.
 *
 * The rule, paragraph by paragraph:
 *  - c.1-2: every announcement of a price reduction shows the prior price, which is the LOWEST price
 *    applied to consumers in the 30 days before the reduction was applied;
 *  - c.3: for a product on sale for less than 30 days, the period the prior price refers to is
 *    stated (here: `window_start` is the first recorded price, and `full_window` is false);
 *  - c.5: when the reduction is progressively increased during one uninterrupted campaign, the
 *    prior price stays the one before the FIRST reduction of the campaign. A campaign here is a
 *    run of consecutive price changes each lower than the one before; any raise ends it.
 *
 * What the rule answers is independent of the clock: once a reduction is applied its prior price is
 * fixed, so the writers store the answer on the item (price_reduction) whenever the price changes.
 */

/** One recorded price: `price_cents` applied from `at` (ISO) until the next change. */
export interface PriceChange {
  price_cents: number;
  /** ISO 8601 instant from which this price applied. */
  at: string;
}

/** Length of the look-back window, in days (art. 17-bis c.2). */
export const REFERENCE_WINDOW_DAYS = 30;
const WINDOW_MS = REFERENCE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The prior price of the current reduction. Amounts in cents, dates ISO 8601. */
export interface PriceReduction {
  /** Lowest price applied in the window before the reduction: the price shown struck through. */
  reference_cents: number;
  /** When the (first) reduction of the current campaign was applied. */
  reduced_at: string;
  /** Start of the window looked at: 30 days before `reduced_at`, or the first recorded price when later. */
  window_start: string;
  /** False when the product was on sale for less than 30 days before the reduction (c.3: the period is shown). */
  full_window: boolean;
}

/** The history sorted by time, with changes to the same price merged into the first one. */
function normalise(history: readonly PriceChange[]): PriceChange[] {
  const sorted = [...history].sort((a, b) => a.at.localeCompare(b.at));
  const out: PriceChange[] = [];
  for (const h of sorted) if (out.at(-1)?.price_cents !== h.price_cents) out.push(h);
  return out;
}

/** Index of the first reduction of the campaign the last price belongs to, or -1 when the last change was not a reduction. */
function campaignStart(h: readonly PriceChange[]): number {
  let i = h.length - 1;
  while (i > 0 && h[i]!.price_cents < h[i - 1]!.price_cents) i--;
  return i === h.length - 1 ? -1 : i + 1;
}

/**
 * The prior price of the current price, when the current price is a reduction.
 * @param history every recorded price of the item (any order); the latest is the current price
 * @returns the reduction (reference above the current price), or null when the current price is not
 *   lower than the lowest price of the 30 days before it was applied (nothing may be announced)
 */
export function priceReduction(history: readonly PriceChange[]): PriceReduction | null {
  const h = normalise(history);
  const start = campaignStart(h);
  if (start < 1) return null;
  const reducedAt = h[start]!.at;
  const windowFrom = new Date(Date.parse(reducedAt) - WINDOW_MS).toISOString();
  // The price in force when the window opens, then every price applied inside it, before the reduction.
  let inForce = -1;
  for (let i = 0; i < start; i++) if (h[i]!.at <= windowFrom) inForce = i;
  const first = Math.max(inForce, 0);
  const applied = h.slice(first, start).map((c) => c.price_cents);
  const reference = Math.min(...applied);
  const current = h.at(-1)!.price_cents;
  if (reference <= current) return null;
  const fullWindow = inForce >= 0;
  return {
    reference_cents: reference,
    reduced_at: reducedAt,
    window_start: fullWindow ? windowFrom : h[0]!.at,
    full_window: fullWindow,
  };
}

/**
 * Whether changes older than those read could change priceReduction's answer, for a repository
 * that reads the history newest first and stops as soon as it has enough: true while fewer than two
 * prices are known, while the current campaign may have started before the oldest change read, or
 * while no change read was in force when the campaign's 30-day window opened.
 * @param read the most recent changes read so far (any order)
 */
export function needsOlderHistory(read: readonly PriceChange[]): boolean {
  const h = normalise(read);
  if (h.length < 2) return true;
  const start = campaignStart(h);
  if (start === -1) return false;
  if (start === 1) return true;
  const windowFrom = new Date(Date.parse(h[start]!.at) - WINDOW_MS).toISOString();
  return h[0]!.at > windowFrom;
}

/** Whole percent the current price is below the reference (rounded down, so the badge never overstates it). */
export function percentOff(referenceCents: number, currentCents: number): number {
  if (referenceCents <= 0 || currentCents >= referenceCents) return 0;
  return Math.floor(((referenceCents - currentCents) * 100) / referenceCents);
}
