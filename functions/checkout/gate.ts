/**
 * The per-user checkout gate of every checkout that reaches Stripe (shop and club): one checkout
 * of a user at a time and at most MAX_CHECKOUTS_PER_HOUR a clock hour, counted together, so one
 * account looping checkout creation can neither make Stripe calls without end nor hold the
 * shop's capacity (data/checkout-gate-repository.ts).
 */
import { MAX_CHECKOUTS_PER_HOUR } from '../../shared/cart';
import { CHECKOUT_MSG } from '../../shared/messages/checkout';
import { acquireCheckoutGate, type GateResult } from '../data/checkout-gate-repository';
import { AppError, conflict } from '../lib/errors';

/** Lifetime of a user's checkout lock, seconds: longer than a checkout function may run (its timeout is 10 s). */
export const CHECKOUT_LOCK_SECONDS = 30;

/** Takes the user's gate with `token` (AP30, 1-2 UpdateItem). */
export function takeCheckoutGate(sub: string, token: string, now: Date): Promise<GateResult> {
  return acquireCheckoutGate(sub, token, now, {
    lockMs: CHECKOUT_LOCK_SECONDS * 1000,
    maxPerHour: MAX_CHECKOUTS_PER_HOUR,
  });
}

/**
 * The error of a refused gate: 429 'Troppi Tentativi' (with the minutes to wait) when the hour's
 * checkouts are used up, else 409 'Checkout in corso' (another checkout of the user runs).
 */
export function gateRefusal(gate: Exclude<GateResult, { acquired: true }>): AppError {
  if (gate.reason === 'rate_limited')
    return new AppError(
      429,
      CHECKOUT_MSG.tooManyCheckouts(Math.ceil(gate.retryAfterSeconds / 60)),
      undefined,
      CHECKOUT_MSG.tooManyCheckoutsTitle,
    );
  return conflict(CHECKOUT_MSG.checkoutBusy, CHECKOUT_MSG.checkoutBusyTitle);
}
