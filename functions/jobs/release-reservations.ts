/**
 * Scheduled job (EventBridge Scheduler, every 5 minutes in the cloud; a 60 s timer in the local
 * runtime): releases stock reservations whose Checkout Session expired, after expiring the
 * session at Stripe so it can no longer be paid; a session found completed is fulfilled instead.
 *
 * Input: the scheduler's event (ignored). Output: { released, fulfilled } counts.
 * Throws only on table errors (the scheduler retries).
 */
import { sweepExpiredReservations } from '../checkout/public';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

export const handler = withObservability(
  'release-reservations',
  async (): Promise<{ released: number; fulfilled: number }> => {
    const result = await sweepExpiredReservations();
    logger.info('reservation sweep', result);
    return result;
  },
);
