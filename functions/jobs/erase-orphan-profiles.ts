/**
 * Scheduled job (EventBridge Scheduler once a day in the cloud; a timer at the same rate in the
 * local runtime): no orphan profile after a Cognito user is deleted directly. Cognito lets a
 * signed-in user delete itself (DeleteUser with its access token) without the shop hearing of it;
 * the right to erasure (GDPR art. 17(1)) and storage limitation (art. 5(1)(e)) then ask the shop to
 * erase what it holds about that person as 'Elimina account' does, minus the password check (the
 * user chose to delete the account) and minus the Cognito deletion (already done): open checkouts
 * released and the club subscription cancelled at Stripe, profile, addresses, cart, wishlist and
 * newsletter entry erased, reviews kept as 'Utente eliminato', orders kept unlinked for the 10
 * years of art. 2220 c.c.
 *
 * Each run pages through every profile (AP12, newest first; erased profiles carry no index key so
 * they are never read again) and asks Cognito for each user (AdminGetUser). A profile younger than
 * ORPHAN_GRACE_MS is skipped, so a sign-up under way is never mistaken for an orphan.
 *
 * Input: the scheduler's event (ignored). Output: `{ checked, erased, failed }` counts.
 * Throws only on table errors (the scheduler retries); a failure for one user (Cognito, Stripe) is
 * logged and retried at the next run.
 */
import { listProfilesPage } from '../data/profile-repository';
import { recordAudit } from '../lib/audit';
import type { Caller } from '../lib/caller';
import { userExists } from '../lib/cognito';
import { logger } from '../lib/logger';
import { withObservability } from '../lib/observability';

/** A profile younger than this (ms) is never erased: its Cognito sign-up may still be under way. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** The audit's actor for the job's erasures (no person: the shop itself). */
const JOB_ACTOR: Caller = {
  sub: 'job:erase-orphan-profiles',
  email: '',
  groups: [],
  role: 'user',
  mfa: false,
  authTime: null,
};

/**
 * Erases every profile whose Cognito user no longer exists.
 * @param now the run's time (the grace period counts from it)
 * @returns how many profiles were checked, erased, and failed (retried next run)
 */
export async function eraseOrphanProfiles(
  now = new Date(),
): Promise<{ checked: number; erased: number; failed: number }> {
  const counts = { checked: 0, erased: 0, failed: 0 };
  const newest = new Date(now.getTime() - ORPHAN_GRACE_MS).toISOString();
  let cursor: string | null = null;
  do {
    const page = await listProfilesPage({ limit: 100, cursor });
    for (const profile of page.items) {
      if (profile.created_at > newest) continue;
      counts.checked += 1;
      try {
        if (await userExists(profile.id)) continue;
        // the erasure (Stripe, the erasure repository) is loaded on the first orphan, not at init
        const { eraseAccountData } = await import('../account/public');
        const erased = await eraseAccountData(profile.id, profile, now);
        // the audit trail names the erased account by its id only: no email, no erased data
        await recordAudit(
          JOB_ACTOR,
          'SCHEDULE erase-orphan-profiles',
          { action: 'account.erase', target_type: 'user', target_id: profile.id, before: null, after: erased },
          now,
        );
        counts.erased += 1;
      } catch (error) {
        counts.failed += 1;
        logger.error('could not erase an orphan profile', { userId: profile.id, error: error as Error });
      }
    }
    cursor = page.next_cursor;
  } while (cursor);
  return counts;
}

export const handler = withObservability(
  'erase-orphan-profiles',
  async (): Promise<{ checked: number; erased: number; failed: number }> => {
    const result = await eraseOrphanProfiles();
    logger.info('orphan profiles erased', result);
    return result;
  },
);
