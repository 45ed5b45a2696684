/**
 * The withdrawal rules with fixed dates (Europe/Rome): 14 days from delivery counted in Italian
 * calendar days (the delivery day not counted, the last day whole), physical lines only, never
 * twice the same units, and the small state machine requested -> received -> refunded.
 */
import { describe, expect, it } from 'vitest';
import {
  planWithdrawal,
  refundLastDay,
  withdrawableUnits,
  withdrawalLastDay,
  withdrawalOpen,
  withdrawalTransition,
  type WithdrawableOrder,
} from './withdrawals';

// delivered on 2 November 2026 at 23:30 in Rome (22:30 UTC, CET): the Italian day is the 2nd
const delivered = (over: Partial<WithdrawableOrder> = {}): WithdrawableOrder => ({
  status: 'Completato',
  total_cents: 2 * 4990 + 1900 + 490,
  shipping_cents: 490,
  delivered_at: '2026-11-02T22:30:00.000Z',
  items: [
    { price_cents: 4990, quantity: 2, is_digital: false },
    { price_cents: 1900, quantity: 1, is_digital: true },
  ],
  ...over,
});

describe('the withdrawal period (Codice del Consumo art. 52)', () => {
  it('runs to the end of the 14th Italian day after the delivery day', () => {
    expect(withdrawalLastDay(delivered())).toBe('2026-11-16');
    // 23:59 in Rome on the 16th (22:59 UTC) is still inside; 00:00 on the 17th is not
    expect(withdrawalOpen(delivered(), new Date('2026-11-16T22:59:00.000Z'))).toBe(true);
    expect(withdrawalOpen(delivered(), new Date('2026-11-16T23:00:00.000Z'))).toBe(false);
  });

  it('does not run before delivery nor on a cancelled order', () => {
    expect(withdrawalLastDay(delivered({ delivered_at: null }))).toBeNull();
    expect(withdrawalOpen(delivered({ delivered_at: null, status: 'Spedito' }), new Date('2026-11-03'))).toBe(false);
    expect(withdrawalOpen(delivered({ status: 'Annullato' }), new Date('2026-11-03'))).toBe(false);
  });

  it('gives the trader 14 days from the request to refund (art. 56 c.1)', () => {
    expect(refundLastDay('2026-11-20T10:00:00.000Z')).toBe('2026-12-04');
    // across the change of month and year
    expect(refundLastDay('2026-12-25T10:00:00.000Z')).toBe('2027-01-08');
  });
});

describe('what may be withdrawn', () => {
  const now = new Date('2026-11-05T10:00:00.000Z');

  it('physical units only: a digital line never (art. 59 c.1 lett. o)', () => {
    expect(withdrawableUnits(delivered(), now)).toEqual([2, 0]);
    expect(planWithdrawal(delivered(), [{ index: 1, quantity: 1 }], now)).toEqual({ error: 'line', index: 1 });
    expect(planWithdrawal(delivered(), [{ index: 7, quantity: 1 }], now)).toEqual({ error: 'line', index: 7 });
  });

  it('never the same units twice, nor refunded ones', () => {
    const once = delivered({ withdrawals: [{ lines: [{ index: 0, quantity: 1 }], status: 'requested' }] });
    expect(withdrawableUnits(once, now)).toEqual([1, 0]);
    expect(planWithdrawal(once, [{ index: 0, quantity: 2 }], now)).toEqual({ error: 'quantity', index: 0, left: 1 });
    expect(planWithdrawal(once, [{ index: 0, quantity: 1 }], now)).toEqual({ lines: [{ index: 0, quantity: 1 }] });
    const refunded = delivered({
      refunds: [{ amount_cents: 4990, lines: [{ index: 0, quantity: 1 }], shipping: false, status: 'succeeded' }],
    });
    expect(withdrawableUnits(refunded, now)).toEqual([1, 0]);
  });

  it('merges the same line asked twice, and refuses an empty request or one outside the period', () => {
    expect(
      planWithdrawal(
        delivered(),
        [
          { index: 0, quantity: 1 },
          { index: 0, quantity: 1 },
        ],
        now,
      ),
    ).toEqual({ lines: [{ index: 0, quantity: 2 }] });
    expect(planWithdrawal(delivered(), [], now)).toEqual({ error: 'empty' });
    expect(planWithdrawal(delivered(), [{ index: 0, quantity: 1 }], new Date('2026-11-20T10:00:00.000Z'))).toEqual({
      error: 'period',
    });
  });
});

describe('the state machine of a withdrawal', () => {
  it('goes requested -> received -> refunded, and only so', () => {
    expect(withdrawalTransition('requested', 'receive')).toBe('received');
    expect(withdrawalTransition('received', 'refund')).toBe('refunded');
    expect(withdrawalTransition('requested', 'refund')).toBeNull();
    expect(withdrawalTransition('received', 'receive')).toBeNull();
    expect(withdrawalTransition('refunded', 'refund')).toBeNull();
  });
});
