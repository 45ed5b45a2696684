import { describe, expect, it } from 'vitest';
import { clubPeriod, stripeInterval } from './club';

const T = (iso: string) => Date.parse(iso) / 1000;
const base = {
  start_date: T('2026-01-10T10:00:00Z'),
  current_period_start: T('2026-04-10T10:00:00Z'),
  current_period_end: T('2026-07-10T10:00:00Z'),
  ended_at: null,
  cancel_at_period_end: false,
};

describe('clubPeriod: what a Stripe subscription grants', () => {
  it('active: a member until the period end, renewing then', () => {
    expect(clubPeriod({ ...base, status: 'active' })).toEqual({
      status: 'active',
      started_at: '2026-01-10T10:00:00.000Z',
      ends_at: '2026-07-10T10:00:00.000Z',
      renews_at: '2026-07-10T10:00:00.000Z',
      cancel_at_period_end: false,
    });
  });

  it('cancelled at period end: still a member until the period end, no renewal', () => {
    expect(clubPeriod({ ...base, status: 'active', cancel_at_period_end: true })).toMatchObject({
      status: 'active',
      ends_at: '2026-07-10T10:00:00.000Z',
      renews_at: null,
      cancel_at_period_end: true,
    });
  });

  it("past_due or unpaid: it ends where the paid time ended (the unpaid period's start)", () => {
    for (const status of ['past_due', 'unpaid', 'incomplete']) {
      expect(clubPeriod({ ...base, status })).toMatchObject({
        status: 'expired',
        ends_at: '2026-04-10T10:00:00.000Z',
        renews_at: null,
      });
    }
  });

  it('canceled: ended at ended_at, never later than the paid period', () => {
    expect(clubPeriod({ ...base, status: 'canceled', ended_at: T('2026-05-01T00:00:00Z') })).toMatchObject({
      status: 'expired',
      ends_at: '2026-05-01T00:00:00.000Z',
    });
    expect(clubPeriod({ ...base, status: 'canceled', ended_at: T('2026-09-01T00:00:00Z') })).toMatchObject({
      ends_at: '2026-07-10T10:00:00.000Z',
    });
    expect(clubPeriod({ ...base, status: 'canceled', ended_at: null })).toMatchObject({
      ends_at: '2026-07-10T10:00:00.000Z',
    });
  });
});

describe('stripeInterval', () => {
  it('bills 1 to 36 months monthly x n (Stripe bills up to three years), refuses longer or odd durations', () => {
    expect(stripeInterval(3)).toEqual({ interval: 'month', interval_count: 3 });
    expect(stripeInterval(12)).toEqual({ interval: 'month', interval_count: 12 });
    // Stripe bills intervals up to three years
    expect(stripeInterval(13)).toEqual({ interval: 'month', interval_count: 13 });
    expect(stripeInterval(36)).toEqual({ interval: 'month', interval_count: 36 });
    expect(stripeInterval(37)).toBeNull();
    expect(stripeInterval(0)).toBeNull();
    expect(stripeInterval(1.5)).toBeNull();
  });
});
