/**
 * The consumer's right of withdrawal from an Aurum Club membership. Pure; the server decides with
 * these rules, the 'Abbonamenti' dialog previews with the same ones.
 *
 * What the club is, legally: a SERVICE contract (access to tier prices and tier-restricted products
 * for a paid period), not goods and not digital content. Digital content is "supplied" once (art. 59
 * c.1 lett. o ends the right at that moment); a membership is performed continuously over its period,
 * which is what a service is. So the club follows the rules for services:
 *  - the 14 days run from the day the contract is concluded, i.e. the subscription's start (Codice del
 *    Consumo, D.Lgs. 206/2005, art. 52 c.2 lett. a);
 *  - the membership starts at once only at the consumer's EXPRESS request, asked at checkout (art. 50
 *    c.3), stored with its time and repeated in the welcome email (a durable medium);
 *  - a consumer who then withdraws pays the part already supplied, proportional to the total price
 *    (art. 57 c.3); the rest is refunded within 14 days by the same means of payment (artt. 56 c.1);
 *  - the exception of art. 59 c.1 lett. a (a service FULLY performed) never applies inside the 14
 *    days: every plan lasts at least one month.
 * Only the contract's first period is a withdrawal period: a renewal continues the same contract
 * (the member agreed to it at checkout and may stop it with 'Annulla rinnovo'), it is not a new one.
 *
 * Periods are counted in Italian calendar days (Europe/Rome), as for goods (shared/withdrawals.ts):
 * the day of the start is not counted, and the period ends at the end of its 14th day (Reg. (EEC,
 * Euratom) 1182/71 art. 3, which recital 41 of Directive 2011/83/EU applies to these periods).
 */
import { italianDate } from './calendar';
import { WITHDRAWAL_DAYS } from './withdrawals';

/**
 * Days to withdraw from the club, from the day the contract is concluded (Codice del Consumo art. 52
 * c.1 and c.2 lett. a: "quattordici giorni ... nel caso dei contratti di servizi, dal giorno della
 * conclusione del contratto").
 */
export const CLUB_WITHDRAWAL_DAYS = WITHDRAWAL_DAYS;

/** Whole calendar days from Italian day `from` to Italian day `to` ('YYYY-MM-DD'); negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What the rules read of a membership (ISO dates). */
export interface WithdrawableMembership {
  /** When the contract was concluded (the subscription's start). */
  started_at: string;
  /** The end of the first paid period (the period the first payment bought). */
  first_period_end: string;
  /** What the first payment was, euro cents. */
  paid_cents: number;
}

/** The amounts of a withdrawal, euro cents. */
export interface ClubWithdrawalAmounts {
  /** Italian calendar days of service enjoyed, counted from the day after the start to the request's day. */
  days_used: number;
  /** Italian calendar days of the first paid period. */
  period_days: number;
  paid_cents: number;
  /** The part of the price the shop keeps for the service supplied (art. 57 c.3). */
  kept_cents: number;
  /** What goes back to the customer: paid minus kept. */
  refund_cents: number;
}

/** The last Italian day to withdraw ('YYYY-MM-DD'): 14 days after the day of the start. */
export function clubWithdrawalLastDay(startedAt: string): string {
  const d = new Date(`${italianDate(new Date(startedAt))}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + CLUB_WITHDRAWAL_DAYS);
  return d.toISOString().slice(0, 10);
}

/** True while the withdrawal period runs at `now`: from the start to the end of the 14th day after it (Italy). */
export function clubWithdrawalOpen(startedAt: string, now: Date): boolean {
  const today = italianDate(now);
  return today >= italianDate(new Date(startedAt)) && today <= clubWithdrawalLastDay(startedAt);
}

/**
 * The amounts of a withdrawal asked at `now` (art. 57 c.3 Codice del Consumo: "un importo
 * proporzionale a quanto è stato fornito fino al momento in cui il consumatore ha informato il
 * professionista dell'esercizio del diritto di recesso ... calcolato sulla base del prezzo totale").
 * The rule: kept = days used / days of the first paid period x amount paid, where days are whole
 * Italian calendar days (the day of the start is not counted, so a withdrawal on the day of purchase
 * keeps nothing) and the kept amount is rounded DOWN to the cent, in the customer's favour; refund =
 * paid - kept.
 * @returns the amounts, or null outside the period (from the 15th day on)
 */
export function clubWithdrawalAmounts(m: WithdrawableMembership, now: Date): ClubWithdrawalAmounts | null {
  if (!clubWithdrawalOpen(m.started_at, now)) return null;
  const start = italianDate(new Date(m.started_at));
  const period_days = Math.max(1, daysBetween(start, italianDate(new Date(m.first_period_end))));
  const days_used = Math.min(period_days, Math.max(0, daysBetween(start, italianDate(now))));
  const kept_cents = Math.floor((m.paid_cents * days_used) / period_days);
  return { days_used, period_days, paid_cents: m.paid_cents, kept_cents, refund_cents: m.paid_cents - kept_cents };
}
