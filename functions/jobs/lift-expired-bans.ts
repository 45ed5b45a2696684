/**
 * Scheduled job (EventBridge Scheduler every 15 minutes in the cloud; a timer at the same rate in
 * the local runtime): gives back the accounts whose temporary ban has ended. The API lets such a
 * user in the moment `banned_until` passes (functions/lib/access.ts), but the ban also disabled
 * the Cognito account, which would otherwise never sign in again. For each ended ban (AP95):
 * Cognito enable first, then the profile's ban is cleared only if it is still the ban that was
 * read, so an admin's new ban made meanwhile stays (and its account stays disabled: the ban
 * disables it again after this enable, or this run's clear fails and the next run skips it).
 *
 * Input: the scheduler's event (ignored). Output: `{ lifted, failed }` counts.
 * Throws only on table errors (the scheduler retries); a Cognito failure for one user is logged
 * and retried at the next run.
 */
import { clearEndedBan, listExpiredBans } from '../data/profile-repository';
import { enableUser } from '../lib/cognito';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

/**
 * Lifts every ban that ended at or before `now` (at most 100 per run; the next run takes the rest).
 * @returns how many accounts were enabled again, and how many failed (retried next run)
 */
export async function liftExpiredBans(now = new Date()): Promise<{ lifted: number; failed: number }> {
  const ended = await listExpiredBans(now);
  const counts = { lifted: 0, failed: 0 };
  for (const ban of ended) {
    try {
      await enableUser(ban.id);
      if (await clearEndedBan(ban.id, ban.banned_until!)) counts.lifted += 1;
    } catch (error) {
      counts.failed += 1;
      logger.error('could not lift an ended ban', { userId: ban.id, error: error as Error });
    }
  }
  return counts;
}

export const handler = withObservability('lift-expired-bans', async (): Promise<{ lifted: number; failed: number }> => {
  const result = await liftExpiredBans();
  logger.info('expired bans lifted', result);
  return result;
});
