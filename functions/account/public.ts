/**
 * The account context's public entry: an account's erasure, for the job that erases profiles left
 * without a Cognito user (functions/jobs/erase-orphan-profiles.ts). Loaded on first use.
 */
import type { ProfileRecord } from '../data/profile-repository';
import type { ErasureCounts } from './erasure';

export type { ErasureCounts };

/**
 * Erases an account's data (GDPR art. 17), keeping what the law makes the shop keep (erasure.ts).
 * @returns the counts of what was erased and kept
 */
export async function eraseAccountData(sub: string, profile: ProfileRecord, now?: Date): Promise<ErasureCounts> {
  return (await import('./erasure')).eraseAccountData(sub, profile, now);
}
