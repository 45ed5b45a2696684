/**
 * The club's withdrawal rules with fixed dates (Europe/Rome): 14 days from the start counted in
 * Italian calendar days, and the amount kept for the service supplied, pro rata of the first payment,
 * rounded down to the cent. Expected amounts are worked out by hand here, not with the module.
 */
import { describe, expect, it } from 'vitest';
import { clubWithdrawalAmounts, clubWithdrawalLastDay, clubWithdrawalOpen } from './club-withdrawal';

// A monthly plan bought on 10 November 2026 at 10:00 in Rome (09:00 UTC, CET): 30 days to 10 December.
const monthly = {
  started_at: '2026-11-10T09:00:00.000Z',
  first_period_end: '2026-12-10T09:00:00.000Z',
  paid_cents: 2990,
};
// An annual plan bought the same moment: 365 days to 10 November 2027.
const annual = {
  started_at: '2026-11-10T09:00:00.000Z',
  first_period_end: '2027-11-10T09:00:00.000Z',
  paid_cents: 29900,
};

describe('the club withdrawal period (Codice del Consumo art. 52 c.2 lett. a)', () => {
  it('runs 14 Italian days from the day of the start, the last one whole', () => {
    expect(clubWithdrawalLastDay(monthly.started_at)).toBe('2026-11-24');
    expect(clubWithdrawalOpen(monthly.started_at, new Date('2026-11-10T09:00:00Z'))).toBe(true);
    // 24 November at 23:30 in Rome is still the 14th day
    expect(clubWithdrawalOpen(monthly.started_at, new Date('2026-11-24T22:30:00Z'))).toBe(true);
    // 25 November at 00:30 in Rome (23:30 UTC on the 24th) is the 15th
    expect(clubWithdrawalOpen(monthly.started_at, new Date('2026-11-24T23:30:00Z'))).toBe(false);
  });

  it('counts the start on the Italian day: 23:30 UTC on the 9th is the 10th in Rome', () => {
    expect(clubWithdrawalLastDay('2026-11-09T23:30:00.000Z')).toBe('2026-11-24');
  });
});

describe('the amount kept for the service supplied (art. 57 c.3)', () => {
  it('day 0: nothing kept, everything refunded', () => {
    expect(clubWithdrawalAmounts(monthly, new Date('2026-11-10T20:00:00Z'))).toEqual({
      days_used: 0,
      period_days: 30,
      paid_cents: 2990,
      kept_cents: 0,
      refund_cents: 2990,
    });
  });

  it('day 7 of a monthly plan: 7/30 of 29,90 € = 697.67 cents, kept 697 (rounded down)', () => {
    expect(clubWithdrawalAmounts(monthly, new Date('2026-11-17T12:00:00Z'))).toMatchObject({
      days_used: 7,
      kept_cents: 697,
      refund_cents: 2293,
    });
  });

  it('day 14 of a monthly plan: 14/30 of 29,90 € = 1395.33 cents, kept 1395', () => {
    expect(clubWithdrawalAmounts(monthly, new Date('2026-11-24T22:59:00Z'))).toMatchObject({
      days_used: 14,
      kept_cents: 1395,
      refund_cents: 1595,
    });
  });

  it('day 15: refused', () => {
    expect(clubWithdrawalAmounts(monthly, new Date('2026-11-25T08:00:00Z'))).toBeNull();
    expect(clubWithdrawalAmounts(annual, new Date('2026-11-25T08:00:00Z'))).toBeNull();
  });

  it('an annual plan keeps per day of the year: day 7 = 7/365 of 299 € = 573.42, kept 573', () => {
    expect(clubWithdrawalAmounts(annual, new Date('2026-11-17T12:00:00Z'))).toEqual({
      days_used: 7,
      period_days: 365,
      paid_cents: 29900,
      kept_cents: 573,
      refund_cents: 29327,
    });
  });

  it('an annual plan on day 14: 14/365 of 299 € = 1146.85, kept 1146 (down, in the customer favour)', () => {
    expect(clubWithdrawalAmounts(annual, new Date('2026-11-24T12:00:00Z'))).toMatchObject({
      kept_cents: 1146,
      refund_cents: 28754,
    });
  });

  it('a clock before the start is not a withdrawal period', () => {
    expect(clubWithdrawalAmounts(monthly, new Date('2026-11-09T12:00:00Z'))).toBeNull();
  });
});
